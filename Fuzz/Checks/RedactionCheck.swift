import PickerKit

/// A secret written into any text, each of its bytes in a form of its own (as it is, in the
/// other case, `%XX` in either case, `%25XX`, `+` for a space), is never shown: the input up to
/// its first zero byte is the secret, the byte after it picks the forms, the rest is the text
/// around it, split in two.
package func checkRedaction(_ input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    let bytes = Array(input)
    guard let zero = bytes.firstIndex(of: 0), zero + 1 < bytes.count else { return }
    let secret = String(decoding: bytes[..<zero], as: UTF8.self)
    let lowered = Array(secret.utf8).map(lowercased)
    // The mark itself, or text that spells the secret with the mark, would be reported wrongly.
    guard secret.unicodeScalars.count >= 8, !contains(lowered, Array(MessageRedaction.mark.lowercased().utf8))
    else { return }
    var choice = UInt64(bytes[zero + 1]) &* 0x9E37_79B9_7F4A_7C15
    let written = Array(secret.utf8).flatMap { byte -> [UInt8] in
        choice = choice &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return form(of: byte, choice: Int(choice >> 61))
    }
    let around = bytes[(zero + 2)...].filter { $0 != 0 }
    let half = around.count / 2
    let text = String(decoding: around.prefix(half) + written + around.dropFirst(half), as: UTF8.self)
    let shown = MessageRedaction(secrets: [secret]).redacted(text)
    try expect(!contains(Array(shown.utf8).map(lowercased), lowered), "the secret is shown: \(shown.debugDescription)")
    try expect(!contains(Array(shown.utf8), written), "the secret's form is shown: \(shown.debugDescription)")
    try expect(MessageRedaction(secrets: []).redacted(text) == text, "text without secrets changed")
}

/// The byte `byte` of a secret written in the form `choice` (0 to 7).
private func form(of byte: UInt8, choice: Int) -> [UInt8] {
    let hex = Array("0123456789ABCDEF".utf8)
    let escaped = [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
    switch choice {
    case 0, 1: return [byte]
    case 2: return [swappedCase(byte)]
    case 3: return escaped
    case 4: return escaped.map(lowercased)
    case 5: return [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "5")] + escaped.dropFirst()
    default: return byte == 0x20 ? [UInt8(ascii: "+")] : [byte]
    }
}

private func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}

private func swappedCase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) ? byte ^ 0x20 : byte
}

/// Whether `bytes` hold `part` somewhere.
private func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard !part.isEmpty, part.count <= bytes.count else { return part.isEmpty }
    return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
}
