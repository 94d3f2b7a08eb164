/// The scalars Unicode calls white space (the `White_Space` property, fixed since Unicode
/// 4.1), without the cost of a property look-up per scalar.
enum Whitespace {
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
