/// The order `--filter` prints the lines of a text that matched in: by score when ranked, then
/// by the sort key (``SortEntry``) of the name, then in the text's order, as a list would sort
/// them, worked out without a sort key per line.
///
/// Only the distinct names (``DistinctNames``) get a sort key and are sorted, each given its
/// rank (names whose keys are equal share one). The lines, in the text's order, are put in
/// order by rank and by score with two counting sorts, which keep that order among equals.
/// Each line is given the place of its name's first line: the same bytes, read from one place
/// instead of from all over the text when printed.
enum LineOrder {
    /// `lines` of `text`, in text order, their `names` numbering `names`, sorted as a list
    /// sorted by `sortOrder` holds them, or, `scored`, by their scores first, each at its
    /// name's place.
    /// - Complexity: O(n) for n lines, and O(d log d) for their d distinct names.
    static func sorted(
        _ lines: MatchedLines, names: DistinctNames, of text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder,
        scored: Bool
    ) -> [LineMatches.Line] {
        let (nameRanks, rankCount) = ranks(of: names, in: text, sortOrder: sortOrder)
        let lineRanks = lines.names.map { nameRanks[Int($0)] }
        var order = stableSorted(Array(0..<UInt32(lines.numbers.count)), by: lineRanks, buckets: rankCount)
        if scored { order = stableSorted(order, by: lines.scores, buckets: 256) }
        let places = names.places
        return order.map { index in
            let place = places[Int(lines.names[Int(index)])]
            return LineMatches.Line(number: lines.numbers[Int(index)], start: place.lowerBound, end: place.upperBound)
        }
    }

    /// The rank of each of `names` among them in a list sorted by `sortOrder` (equal for names
    /// whose sort keys are equal), and how many ranks there are.
    private static func ranks(
        of names: DistinctNames, in text: UnsafeBufferPointer<UInt8>, sortOrder: NameOrder
    ) -> (ranks: [UInt32], count: Int) {
        let parts = Parallel.ranges(names.count, minimum: 4096)
        let shared = UncheckedSendable(text)
        let places = names.places
        var stores = Parallel.map(parts.count) { part in
            var entries = ByteStore()
            var folding = TextFolding()
            for name in parts[part] {
                let place = Int(places[name].lowerBound)..<Int(places[name].upperBound)
                SortEntry.append(
                    name: UnsafeBufferPointer(rebasing: shared.value[place]), givenParts: nil, sortOrder: sortOrder,
                    folding: &folding, to: &entries.bytes)
                entries.closeString()
            }
            return entries
        }
        var entries = stores.isEmpty ? ByteStore() : stores.removeFirst()
        while !stores.isEmpty { entries.append(contentsOf: stores.removeFirst()) }
        let sorted = ListOrder.sorted(0..<names.count, of: entries).numbers
        var ranks = [UInt32](repeating: 0, count: names.count)
        var rank: UInt32 = 0
        entries.bytes.withUnsafeBufferPointer { bytes in
            for index in sorted.indices {
                if index > 0,
                    compareBytes(
                        UnsafeBufferPointer(rebasing: bytes[entries.range(Int(sorted[index - 1]))]),
                        UnsafeBufferPointer(rebasing: bytes[entries.range(Int(sorted[index]))])) != 0
                {
                    rank += 1
                }
                ranks[Int(sorted[index])] = rank
            }
        }
        return (ranks, names.count == 0 ? 0 : Int(rank) + 1)
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
