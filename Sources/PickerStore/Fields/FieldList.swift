/// Which fields of a line to take (`--nth`, `--with-nth`, `--accept-nth`), as fzf writes them:
/// comma-separated numbers from 1, negative from the end (`-1` the last), and ranges `2..`,
/// `..3`, `1..2`, `-2..` or `..` (all).
package struct FieldList: Hashable, Sendable {
    /// One number or range; nil ends are open.
    struct Range: Hashable, Sendable {
        var lower: Int?
        var upper: Int?

        /// The indices (from 0) of the fields of a line of `count` fields this range takes.
        func indices(among count: Int) -> Swift.Range<Int> {
            func index(_ number: Int) -> Int { number > 0 ? number - 1 : count + number }
            let start = max(0, lower.map(index) ?? 0)
            let end = min(count, (upper.map(index) ?? count - 1) + 1)
            return start < end ? start..<end : 0..<0
        }
    }

    let ranges: [Range]

    /// The list `given` for `option`, as fzf reads it.
    /// - Throws: a message naming `option` and the part that is not a field, when one is not
    ///   (0 is none: fields count from 1).
    package init(_ given: String, option: String) throws(FieldError) {
        var ranges: [Range] = []
        for part in given.split(separator: ",", omittingEmptySubsequences: false) {
            guard let range = Self.range(part) else {
                throw FieldError(
                    "\(option) needs fields from 1, -1 from the end, or ranges such as 2.., ..3, 1..2, not '\(TerminalText.sanitized(String(part)))'"
                )
            }
            ranges.append(range)
        }
        self.ranges = ranges
    }

    private static func range(_ part: Substring) -> Range? {
        func number(_ text: Substring) -> Int?? {
            if text.isEmpty { return .some(nil) }
            guard let value = Int(text), value != 0, text.first != "+" else { return nil }
            return .some(value)
        }
        guard let dots = part.firstRange(of: "..") else {
            guard let value = number(part), let value else { return nil }
            return Range(lower: value, upper: value)
        }
        guard let lower = number(part[..<dots.lowerBound]), let upper = number(part[dots.upperBound...]) else {
            return nil
        }
        return Range(lower: lower, upper: upper)
    }

    /// The fields these ranges take of `fields`, in the order the ranges give them (a field
    /// given twice comes twice, as in fzf).
    func taken(from fields: [Swift.Range<Int>]) -> [Swift.Range<Int>] {
        ranges.flatMap { fields[$0.indices(among: fields.count)] }
    }
}
