import CPrefetch

/// The order `--filter` prints the lines of a text that matched in: by score when ranked, then
/// by the sort key (``SortEntry``) of the name, then in the text's order, as a list would sort
/// them, worked out without a sort key per line.
///
/// A line's score and key are its name's. So only the names (``LineNames``) get a sort key and
/// are sorted, and each is given its group: names of equal score and equal keys share one, and
/// the groups are numbered in that order. The lines, in the text's order, are put in order by
/// group with a counting sort, which keeps that order among equals.
enum LineOrder {
    /// `lines` of `text`, in text order, whose names are `names`, sorted as a list sorted by
    /// `sortOrder` holds them (or kept in `inputOrder`, when one is given), or, `scored`, by
    /// their scores first.
    /// - Complexity: O(n) for n lines, and O(d log d) for their d names.
    static func sorted(
        _ lines: LineHits, names: LineNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder,
        inputOrder: InputOrder? = nil, scored: Bool
    ) -> [FilteredLines.Line] {
        if inputOrder == nil, names.isEveryLine {
            // Each line is a name of its own (nearly every real list): the names' order is the
            // lines', equal names already in the text's order.
            let order = order(of: names, in: text, sortOrder: sortOrder, scores: scored ? names.scores : nil).order
            return gathered(lines, in: order)
        }
        let (groups, groupCount) =
            inputOrder == nil
            ? self.groups(of: names, in: text, sortOrder: sortOrder, scored: scored).grouping
            : scoreGroups(of: names, scored: scored)
        return placed(lines, names: names, groups: groups, groupCount: groupCount, inputOrder: inputOrder) {
            lines.lines[$0]
        }
    }

    /// `lines` of `text` in the order ``sorted(_:names:in:sortOrder:inputOrder:scored:)`` puts
    /// them, as their indices, with what places a friend of a list among them
    /// (``OrderedLines``).
    static func ordered(
        _ lines: LineHits, names: LineNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder,
        inputOrder: InputOrder?, scored: Bool
    ) -> OrderedLines {
        if let inputOrder {
            let (groups, groupCount) = scoreGroups(of: names, scored: scored)
            let order = placed(lines, names: names, groups: groups, groupCount: groupCount, inputOrder: inputOrder) {
                UInt32(truncatingIfNeeded: $0)
            }
            return OrderedLines(order: order, lines: lines, names: names, scored: scored, keys: nil, by: inputOrder)
        }
        if names.isEveryLine {
            let sorted = order(of: names, in: text, sortOrder: sortOrder, scores: scored ? names.scores : nil)
            return OrderedLines(order: sorted.order, lines: lines, names: names, scored: scored, keys: sorted.keys)
        }
        let (grouping, keys) = groups(of: names, in: text, sortOrder: sortOrder, scored: scored)
        let order = placed(lines, names: names, groups: grouping.groups, groupCount: grouping.count, inputOrder: nil) {
            UInt32(truncatingIfNeeded: $0)
        }
        return OrderedLines(order: order, lines: lines, names: names, scored: scored, keys: keys)
    }

    /// What stands for each of `lines` (`element`, given its index), in the order of their
    /// names' `groups` (`groupCount` of them), in the text's order among equals, or reversed
    /// (`--tac`): a counting sort.
    private static func placed<Element>(
        _ lines: LineHits, names: LineNames, groups: [UInt32], groupCount: Int, inputOrder: InputOrder?,
        _ element: (Int) -> Element
    ) -> [Element] {
        var starts = [Int](repeating: 0, count: groupCount + 1)
        for line in 0..<lines.count { starts[Int(groups[names.name(of: line)]) + 1] += 1 }
        for group in 0..<groupCount { starts[group + 1] += starts[group] }
        return [Element](unsafeUninitializedCapacity: lines.count) { sorted, initialized in
            func place(_ index: Int) {
                let group = Int(groups[names.name(of: index)])
                (sorted.baseAddress! + starts[group]).initialize(to: element(index))
                starts[group] += 1
            }
            // Reversed (`--tac`), the last line comes first among equals.
            if inputOrder == .reversed {
                for index in lines.lines.indices.reversed() { place(index) }
            } else {
                for index in lines.lines.indices { place(index) }
            }
            initialized = lines.count
        }
    }

    /// The group of each of `names` in a list kept in the text's order: its score's rank, best
    /// first, when `scored`, else 0; and how many groups there are.
    private static func scoreGroups(of names: LineNames, scored: Bool) -> (groups: [UInt32], count: Int) {
        guard scored else { return ([UInt32](repeating: 0, count: names.count), 1) }
        // Scores are below 256, a better one lower (see ``MatchTier``): the group is the score.
        return (names.scores.map { UInt32($0) }, 256)
    }

    /// The group of each of `names`, lines of `text`: its rank in a list sorted by `sortOrder`
    /// (equal for names whose sort keys are equal), after its score when `scored`; how many
    /// groups there are; and the names' sort keys.
    private static func groups(
        of names: LineNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, scored: Bool
    ) -> (grouping: (groups: [UInt32], count: Int), keys: NameSortKeys) {
        let (order, keys) = order(of: names, in: text, sortOrder: sortOrder, scores: nil)
        // The rank of each name in that order (equal entries share one).
        var ranks = [UInt32](repeating: 0, count: names.count)
        var rank: UInt32 = 0
        for index in order.indices.dropFirst() {
            if keys.compare(Int(order[index - 1]), Int(order[index])) != nil { rank += 1 }
            ranks[Int(order[index])] = rank
        }
        let scores = names.scores
        let scoredOrder = scored ? stableSorted(order, by: scores, buckets: 256) : order
        var groups = [UInt32](repeating: 0, count: names.count)
        var group: UInt32 = 0
        for index in scoredOrder.indices {
            let position = Int(scoredOrder[index])
            if index > 0 {
                let before = Int(scoredOrder[index - 1])
                if ranks[position] != ranks[before] || (scored && scores[position] != scores[before]) {
                    group += 1
                }
            }
            groups[position] = group
        }
        return ((groups, scoredOrder.isEmpty ? 0 : Int(group) + 1), keys)
    }

    /// The numbers of `names`, lines of `text`, in the order of a list sorted by `sortOrder`
    /// (after `scores`, a lower one first, when given; see ``PrefixOrder``), equal entries by
    /// number; and the names' sort keys, which tell how two names compare.
    private static func order(
        of names: LineNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, scores: [UInt8]?
    ) -> (order: [UInt32], keys: NameSortKeys) {
        let keys = NameSortKeys(names, in: text, sortOrder: sortOrder)
        return (PrefixOrder.order(of: keys.prefixes, scores: scores) { keys.compare($0, $1) ?? ($0 < $1) }, keys)
    }

    /// `lines` in `order`, on every core.
    private static func gathered(_ lines: LineHits, in order: [UInt32]) -> [FilteredLines.Line] {
        let parts = Parallel.ranges(order.count, minimum: 16_384)
        return [FilteredLines.Line](unsafeUninitializedCapacity: order.count) { sorted, initialized in
            let output = UncheckedSendable(sorted)
            _ = Parallel.map(parts.count) { part in
                lines.lines.withUnsafeBufferPointer { lines in
                    for index in parts[part] {
                        // Lines far apart: those a few places on are fetched meanwhile.
                        if index + FilteredLines.lookahead < parts[part].upperBound {
                            picker_prefetch(lines.baseAddress! + Int(order[index + FilteredLines.lookahead]))
                        }
                        output.value.initializeElement(at: index, to: lines[Int(order[index])])
                    }
                }
            }
            initialized = order.count
        }
    }

    /// `items` sorted by their `keys` (indexed by item), each below `buckets`, equal keys in the
    /// order they came: a counting sort.
    /// - Complexity: O(n + buckets).
    private static func stableSorted<Key: FixedWidthInteger>(_ items: [UInt32], by keys: [Key], buckets: Int)
        -> [UInt32]
    {
        var starts = [Int](repeating: 0, count: buckets + 1)
        for key in keys { starts[Int(key) + 1] += 1 }
        for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
        return [UInt32](unsafeUninitializedCapacity: items.count) { sorted, initialized in
            for item in items {
                let bucket = Int(keys[Int(item)])
                sorted[starts[bucket]] = item
                starts[bucket] += 1
            }
            initialized = items.count
        }
    }
}
