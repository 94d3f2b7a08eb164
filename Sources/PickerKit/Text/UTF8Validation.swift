/// Strings made from bytes read from JSON, checked as UTF-8 without the generic machinery of
/// `String(validating:as:)`, which costs more than the check itself for short names.
enum UTF8Validation {
    /// The string the bytes spell, or nil when they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard isASCII(bytes) || isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether every byte of `bytes` is ASCII, eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values above
    /// U+10FFFF), as RFC 3629 defines it.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
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
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower, second <= upper else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
