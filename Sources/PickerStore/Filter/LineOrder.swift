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
        let (groups, groupCount) =
            inputOrder == nil
            ? self.groups(of: names, in: text, sortOrder: sortOrder, scored: scored)
            : scoreGroups(of: names, scored: scored)
        var starts = [Int](repeating: 0, count: groupCount + 1)
        for line in 0..<lines.count { starts[Int(groups[names.name(of: line)]) + 1] += 1 }
        for group in 0..<groupCount { starts[group + 1] += starts[group] }
        return [FilteredLines.Line](unsafeUninitializedCapacity: lines.count) { sorted, initialized in
            func place(_ index: Int) {
                let group = Int(groups[names.name(of: index)])
                let place = lines.place(index)
                sorted[starts[group]] = FilteredLines.Line(
                    number: lines.numbers[index], start: place.lowerBound, end: place.upperBound)
                starts[group] += 1
            }
            // Reversed (`--tac`), the last line comes first among equals.
            if inputOrder == .reversed {
                for index in lines.numbers.indices.reversed() { place(index) }
            } else {
                for index in lines.numbers.indices { place(index) }
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
    /// (equal for names whose sort keys are equal), after its score when `scored`; and how many
    /// groups there are.
    private static func groups(
        of names: LineNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder, scored: Bool
    ) -> (groups: [UInt32], count: Int) {
        let parts = Parallel.ranges(names.count, minimum: 4096)
        let shared = UncheckedSendable(text)
        var stores = Parallel.map(parts.count) { part in
            var entries = ByteStore()
            var folding = TextFolding()
            var prefixes: [ListOrder.Prefix] = []
            prefixes.reserveCapacity(parts[part].count)
            for name in parts[part] {
                let place = names.place(name)
                SortEntry.append(
                    name: UnsafeBufferPointer(rebasing: shared.value[Int(place.lowerBound)..<Int(place.upperBound)]),
                    givenParts: nil, sortOrder: sortOrder, folding: &folding, to: &entries.bytes)
                entries.closeString()
                prefixes.append(
                    entries.bytes.withUnsafeBufferPointer { ListOrder.Prefix($0, entries.range(entries.count - 1)) })
            }
            return (entries, prefixes)
        }
        var (entries, prefixes) = stores.isEmpty ? (ByteStore(), []) : stores.removeFirst()
        while !stores.isEmpty {
            let (more, morePrefixes) = stores.removeFirst()
            entries.append(contentsOf: more)
            prefixes += morePrefixes
        }
        // Names in the order of their entries, and the rank of each (equal entries share one).
        let run = sortedByEntry(entries, prefixes: prefixes)
        var order = run.order
        var ranks = [UInt32](repeating: 0, count: names.count)
        entries.bytes.withUnsafeBufferPointer { bytes in
            var rank: UInt32 = 0
            for index in order.indices.dropFirst() {
                // Prefixes that differ are of keys that differ; equal ones, of equal keys when
                // they hold them whole.
                let prefix = run.prefixes[index]
                if prefix != run.prefixes[index - 1]
                    || !prefix.holdsWholeKey
                        && compareBytes(
                            UnsafeBufferPointer(rebasing: bytes[entries.range(Int(order[index - 1]))]),
                            UnsafeBufferPointer(rebasing: bytes[entries.range(Int(order[index]))])) != 0
                {
                    rank += 1
                }
                ranks[Int(order[index])] = rank
            }
        }
        let scores = names.scores
        if scored { order = stableSorted(order, by: scores, buckets: 256) }
        var groups = [UInt32](repeating: 0, count: names.count)
        var group: UInt32 = 0
        for index in order.indices {
            let position = Int(order[index])
            if index > 0 {
                let before = Int(order[index - 1])
                if ranks[position] != ranks[before] || (scored && scores[position] != scores[before]) {
                    group += 1
                }
            }
            groups[position] = group
        }
        return (groups, order.isEmpty ? 0 : Int(group) + 1)
    }

    /// The numbers of the entries of `entries`, whose prefixes (``ListOrder/Prefix``) are
    /// `prefixes`, in the order of their bytes (equal ones by number), and their prefixes in that
    /// order: sorted by the first half of their prefixes without a comparison, then each run of
    /// equal first halves (names that begin alike, mostly few) by the rest and, where that is
    /// equal too, by the entries.
    private static func sortedByEntry(_ entries: ByteStore, prefixes: [ListOrder.Prefix]) -> (
        order: [UInt32], prefixes: [ListOrder.Prefix]
    ) {
        var order = RadixSort.order(of: prefixes.map(\.high))
        order.withUnsafeMutableBufferPointer { order in
            var start = 0
            while start < order.count {
                let high = prefixes[Int(order[start])].high
                var end = start + 1
                while end < order.count, prefixes[Int(order[end])].high == high { end += 1 }
                if end - start > 1 {
                    order[start..<end].sort { a, b in
                        ListOrder.precedes(prefixes[Int(a)], a, prefixes[Int(b)], b)
                            ?? ListOrder.precedes(a, b, in: entries)
                    }
                }
                start = end
            }
        }
        return (order, order.map { prefixes[Int($0)] })
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
