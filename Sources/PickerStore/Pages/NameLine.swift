/// A line of plain text read as a name: the rules the name-per-line reader and the `--filter`
/// line scan share.
package enum NameLine {
    /// What messages call a name of a text whose names are ended by `separator`: a line, or a
    /// record when they are ended by NUL (`--read0`), as fzf calls them.
    package static func word(endedBy separator: UInt8) -> String { separator == 0x0A ? "line" : "record" }

    /// The error for line `number`, `line`, which starts at byte `offset` of the text and is
    /// not UTF-8: it names the first byte that is not, and the line as ``word(endedBy:)``
    /// calls it for `separator`.
    package static func invalid(
        _ number: Int, _ line: UnsafeBufferPointer<UInt8>, at offset: Int, source: String, separator: UInt8 = 0x0A
    ) -> SourceError {
        let byte = offset + (UTF8Text.firstInvalidByte(line) ?? line.count)
        return SourceError(
            source: source,
            problem: "\(word(endedBy: separator)) \(number) is not valid UTF-8 (byte offset \(byte))")
    }

    /// Whether `value` is in a block of letters that are neither whitespace nor joined to what
    /// follows: Latin, Greek, Cyrillic, kana and CJK ideographs, Hangul syllables.
    private static func isLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0x24F, 0x386...0x3FF, 0x400...0x481, 0x48A...0x52F, 0x3041...0x3096, 0x30A1...0x30FA,
            0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return value != 0xD7 && value != 0xF7
        default:
            return false
        }
    }

    /// Whether a line holds only whitespace, as `Character.isWhitespace` says of each of its
    /// characters. The first scalar that is not whitespace and starts a character of its own
    /// settles it; the characters are looked at only when a mark follows whitespace.
    package static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count {
            guard let (value, length) = UTF8Text.scalar(in: line, at: index), let scalar = Unicode.Scalar(value)
            else {
                return false
            }
            if value < 0x80 {
                guard Whitespace.contains(value) else { return false }
                index += 1
                continue
            }
            if Self.isLetter(value) { return false }
            if !Whitespace.contains(value) {
                if ScalarFolds.standsAlone(scalar) { return false }
                return String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
            }
            index += length
        }
        return true
    }
}
