@_spi(Inlining) import PickerStore

/// Strings of JSON for ``JSONFriendScanner/Cursor``: where one ends, found eight bytes at a time,
/// and the bytes its escapes stand for.
extension JSONFriendScanner.Cursor {
    /// The bytes between the quotes of the string at the cursor, whether they hold escapes,
    /// and whether every byte is ASCII (told only for a string without escapes).
    ///
    /// The plain text is passed eight bytes at a time (``ByteLanes/plainStringRun(in:from:stoppingAtNonASCII:)``).
    @inline(__always)
    mutating func stringRange() throws(JSONFriendScanner.Failure) -> (range: Range<Int>, escaped: Bool, isASCII: Bool) {
        guard let open = peek() else { throw .truncated }
        guard open == UInt8(ascii: "\"") else { throw .invalid }
        let start = index + 1
        var (scan, highBits) = ByteLanes.plainStringRun(in: bytes, from: start, stoppingAtNonASCII: false)
        var escaped = false
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                index = scan + 1
                return (start..<scan, escaped, highBits & ByteLanes.highs == 0)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                scan += 2
                continue
            }
            if byte < 0x20 { throw .invalid }
            highBits |= UInt64(byte)
            scan += 1
        }
        throw .truncated
    }

    /// The bytes a string's escapes stand for.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(JSONFriendScanner.Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            guard index < raw.count else { throw .invalid }
            let escape = raw[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var value = try hex(raw, &index)
                if (0xD800..<0xDC00).contains(value) {
                    guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"),
                        raw[index + 1] == UInt8(ascii: "u")
                    else {
                        throw .invalid
                    }
                    index += 2
                    let low = try hex(raw, &index)
                    guard (0xDC00..<0xE000).contains(low) else { throw .invalid }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(value) {
                    throw .invalid
                }
                guard let scalar = Unicode.Scalar(value) else { throw .invalid }
                output.append(contentsOf: String(scalar).utf8)
            default:
                throw .invalid
            }
        }
        return output
    }

    /// The four hex digits at `index` of `raw`, as a number; `index` moves past them.
    private static func hex(_ raw: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONFriendScanner.Failure)
        -> UInt32
    {
        guard index + 4 <= raw.count else { throw .invalid }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(raw[index]) else { throw .invalid }
            index += 1
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
