/// Lines put in order by ``LineOrder``, as their indices, with what places the friends a search
/// of a list found among them (``ListedMatch``) where a list of both would show them: by score
/// when ranked, then in input order (a list kept so) or by sort key, then in the order the
/// friends came.
struct OrderedLines {
    /// The lines' indices (in `lines`), in order.
    let order: [UInt32]
    let lines: LineHits
    let names: LineNames
    /// Whether the lines are ordered by their scores first.
    let scored: Bool
    /// The sort keys of the names; nil when the lines are kept in `inputOrder`.
    let keys: NameSortKeys?
    /// The order the lines are kept in when they are not sorted.
    let inputOrder: InputOrder?

    init(
        order: [UInt32], lines: LineHits, names: LineNames, scored: Bool, keys: NameSortKeys?,
        by inputOrder: InputOrder? = nil
    ) {
        (self.order, self.lines, self.names, self.scored, self.keys) = (order, lines, names, scored, keys)
        self.inputOrder = inputOrder
    }

    /// The lines, with the friends `listed` (in the order their list shows them) each put
    /// before the first line that comes after it, as lines that stand for the friends they
    /// print as (``FilteredLines/Line/other(_:number:)``); the lines and friends whose numbers
    /// are `dropping` left out. The others are the friends printed, in the order they come.
    /// - Complexity: O(n + k) for n lines and k friends, comparing keys where prefixes are equal.
    func merged(
        with listed: [ListedMatch], dropping isDropped: (UInt32) -> Bool
    ) -> (lines: [FilteredLines.Line], others: [Friend]) {
        var merged: [FilteredLines.Line] = []
        merged.reserveCapacity(order.count + listed.count)
        var others: [Friend] = []
        var next = 0
        func placeListed(before line: Int?) {
            while next < listed.count, line.map({ !precedes($0, listed[next]) }) ?? true {
                defer { next += 1 }
                guard !isDropped(listed[next].number) else { continue }
                for friend in listed[next].printed {
                    merged.append(.other(others.count, number: listed[next].number))
                    others.append(friend)
                }
            }
        }
        for index in order {
            let line = lines.lines[Int(index)]
            guard !isDropped(line.number) else { continue }
            placeListed(before: Int(index))
            merged.append(line)
        }
        placeListed(before: nil)
        return (merged, others)
    }

    /// Whether line `index` comes before `match`.
    private func precedes(_ index: Int, _ match: ListedMatch) -> Bool {
        let name = names.name(of: index)
        let number = lines.lines[index].number
        if scored, names.score(name) != match.score { return names.score(name) < match.score }
        if let inputOrder { return inputOrder == .reversed ? number > match.number : number < match.number }
        guard let keys else { return number < match.number }
        let order = match.key.withUnsafeBufferPointer { keys.compare(name, toKey: $0, prefix: match.prefix) }
        return order == 0 ? number < match.number : order < 0
    }
}
