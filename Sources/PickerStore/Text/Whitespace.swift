/// The scalars Unicode calls white space (the `White_Space` property, fixed since Unicode
/// 4.1), without the cost of a property look-up per scalar.
package enum Whitespace {
    /// Whether the scalar `value` is white space.
    @inline(__always)
    static func contains(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || value &- 0x09 < 5 }
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}

extension Whitespace {
    /// The part of `utf8`, well-formed UTF-8, without the white space at its ends: the bytes
    /// `trimmingWhitespace` keeps.
    package static func trimmed(_ utf8: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var (start, end) = (0, utf8.count)
        while start < end {
            guard let (scalar, length) = UTF8Text.scalar(in: utf8, at: start), contains(scalar) else { break }
            start += length
        }
        while end > start {
            var lead = end - 1
            while lead > start, utf8[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard let (scalar, length) = UTF8Text.scalar(in: utf8, at: lead), lead + length == end, contains(scalar)
            else { break }
            end = lead
        }
        return start..<end
    }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// This text without the white space at its ends (as ``Whitespace`` says: line breaks
    /// included). Text that starts and ends with a visible ASCII character, as most does, is
    /// returned without looking at its scalars.
    package var trimmingWhitespace: String {
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return String(self)
        }
        let scalars = String(self).unicodeScalars
        guard let start = scalars.firstIndex(where: { !Whitespace.contains($0.value) }),
            let end = scalars.lastIndex(where: { !Whitespace.contains($0.value) })
        else { return "" }
        return String(scalars[start...end])
    }
}
