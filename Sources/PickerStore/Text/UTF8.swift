/// UTF-8 read from bytes: the one strict decoder, the ASCII check and the ASCII lowercasing
/// that every reader of names, lines and JSON strings uses.
///
/// Well-formed means as RFC 3629 defines it: no overlong forms, no surrogates, nothing above
/// U+10FFFF. Strings are made from bytes checked here without the generic machinery of
/// `String(validating:as:)`, which costs more than the check itself for short names.
package enum UTF8Text {
    /// The scalar whose encoding starts at `index` of `bytes`, and the encoding's length; nil
    /// when the bytes there are not well-formed UTF-8. An ASCII byte is decoded inline.
    @inline(__always)
    package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        return multibyteScalar(in: bytes, at: index, lead: lead)
    }

    /// The scalar of two to four bytes that `lead`, a byte past ASCII, starts at `index`, as
    /// ``scalar(in:at:)``: for the hot loops that take ASCII bytes on their own first.
    @inline(__always)
    package static func multibyteScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8) -> (
        value: UInt32, length: Int
    )? {
        let length: Int
        // The second byte's bounds exclude overlong forms, surrogates and values past U+10FFFF.
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= lower, second <= upper else { return nil }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// Whether `bytes`, fewer than four, start a well-formed sequence that they end before:
    /// more bytes could finish the scalar (a reader of a terminal waits for them), while other
    /// bytes that are not well-formed never can. Told by ``multibyteScalar(in:at:lead:)`` itself,
    /// on `bytes` finished with continuation bytes: `0x80`, or for the second byte `0xA0`, which
    /// between them meet the narrower bounds that some leads set on it (`E0` and `F0` want at
    /// least `A0` and `90`, `ED` and `F4` at most `9F` and `8F`).
    package static func isUnfinishedScalar(_ bytes: some Collection<UInt8>) -> Bool {
        guard let lead = bytes.first, lead >= 0x80, bytes.count < 4 else { return false }
        return [UInt8(0x80), 0xA0].contains { second in
            var finished = Array(bytes)
            if finished.count == 1 { finished.append(second) }
            finished += repeatElement(0x80, count: 4 - finished.count)
            let scalar = finished.withUnsafeBufferPointer { multibyteScalar(in: $0, at: 0, lead: lead) }
            return scalar.map { $0.length > bytes.count } ?? false
        }
    }

    /// The index in `bytes` of the first byte that does not start or continue a well-formed
    /// sequence; nil when there is none. ASCII is passed eight bytes at a time where eight are
    /// left, and a scalar of two bytes (accented Latin, Greek, Cyrillic) without a call.
    package static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count {
                let high = ByteLanes.load(base + index) & ByteLanes.highs
                guard high != 0 else {
                    index += 8
                    continue
                }
                index += ByteLanes.first(high)
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            if lead >= 0xC2, lead <= 0xDF {
                guard index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return index }
                index += 2
                continue
            }
            guard let (_, length) = multibyteScalar(in: bytes, at: index, lead: lead) else { return index }
            index += length
        }
        return nil
    }

    /// Whether `bytes` are well-formed UTF-8.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { firstInvalidByte(bytes) == nil }

    /// The string the bytes spell, or nil when they are not well-formed UTF-8.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard isASCII(bytes) || isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether every byte of `bytes` is ASCII, eight bytes at a time.
    @inline(__always)
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        var seen: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            seen |= UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(start[index])
            index += 1
        }
        return seen & ByteLanes.highs == 0
    }

    /// `byte` lowercased when it is an ASCII capital letter, else as it is.
    @inline(__always)
    package static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
