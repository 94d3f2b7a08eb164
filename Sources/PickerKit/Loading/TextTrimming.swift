extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without white space (as `Character.isWhitespace` says, line ends included) at
    /// either end. Text that starts and ends with a visible ASCII character, as most does, is
    /// returned without looking at its characters.
    var trimmingWhitespace: String {
        if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
            return String(self)
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
