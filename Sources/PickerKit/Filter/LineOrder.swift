/// The order `--filter` prints the lines of a text that matched in: the order of their
/// ``SortEntry``s (after their scores, when ranked), as a list would sort them, worked out
/// without a sort entry per line.
///
/// A line's entry is its score, the sort key of its name, then its number as decimal text; the
/// score and the key are its name's. So only the distinct names (``DistinctNames``) that match
/// get a sort key and are sorted, and each is given its group: names of equal score and equal
/// keys share one, and the groups are numbered in the entries' order. The lines are put in the
/// order of their numbers as text (`10` before `9`: the text's order merged across numbers of
/// different lengths), then by group with a counting sort, which keeps that order among equals.
/// Each line is given the place of its name's bytes among the names' (``DistinctNames/bytes``):
/// read from there when printed, close together instead of all over the text.
enum LineOrder {
    /// `lines` of a text, in text order, their `names` numbering `names`, whose scores are
    /// `scores`, sorted as a list sorted by `sortOrder` holds them, or, `scored`, by their
    /// scores first, each at its name's place in ``DistinctNames/bytes``.
    /// - Complexity: O(n) for n lines, and O(d log d) for their d distinct names.
    static func sorted(
        _ lines: MatchedLines, names: DistinctNames, scores: [UInt8], sortOrder: NameOrder, scored: Bool
    ) -> [LineMatches.Line] {
        let (groups, groupCount) = self.groups(of: names, scores: scores, sortOrder: sortOrder, scored: scored)
        var starts = [Int](repeating: 0, count: groupCount + 1)
        for name in lines.names { starts[Int(groups[Int(name)]) + 1] += 1 }
        for group in 0..<groupCount { starts[group + 1] += starts[group] }
        return [LineMatches.Line](unsafeUninitializedCapacity: lines.count) { sorted, initialized in
            for index in inOrderOfNumbersAsText(lines.numbers) {
                let name = Int(lines.names[Int(index)])
                let group = Int(groups[name])
                let place = names.stored(name)
                sorted[starts[group]] = LineMatches.Line(
                    number: lines.numbers[Int(index)], start: UInt32(place.lowerBound), end: UInt32(place.upperBound))
                starts[group] += 1
            }
            initialized = lines.count
        }
    }

    /// The group of each of `names` whose score is not ``MatchTier/noMatch``: its rank in a list
    /// sorted by `sortOrder` (equal for names whose sort keys are equal), after its score when
    /// `scored`; and how many groups there are.
    private static func groups(
        of names: DistinctNames, scores: [UInt8], sortOrder: NameOrder, scored: Bool
    ) -> (groups: [UInt32], count: Int) {
        let matching = scores.indices.filter { scores[$0] != MatchTier.noMatch }
        let parts = Parallel.ranges(matching.count, minimum: 4096)
        var stores = Parallel.map(parts.count) { part in
            var entries = ByteStore()
            var folding = TextFolding()
            let noID = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            names.bytes.withUnsafeBufferPointer { bytes in
                for name in matching[parts[part]] {
                    SortEntry.append(
                        name: UnsafeBufferPointer(rebasing: bytes[names.stored(name)]), id: noID, givenParts: nil,
                        sortOrder: sortOrder, folding: &folding, to: &entries.bytes)
                    entries.closeString()
                }
            }
            return entries
        }
        var entries = stores.isEmpty ? ByteStore() : stores.removeFirst()
        while !stores.isEmpty { entries.append(contentsOf: stores.removeFirst()) }
        // Positions in `matching`, in the order of their entries, and the rank of each (equal
        // entries share one).
        var order = ListOrder.sorted(0..<matching.count, of: entries).numbers
        var ranks = [UInt32](repeating: 0, count: matching.count)
        entries.bytes.withUnsafeBufferPointer { bytes in
            var rank: UInt32 = 0
            for index in order.indices.dropFirst() {
                if compareBytes(
                    UnsafeBufferPointer(rebasing: bytes[entries.range(Int(order[index - 1]))]),
                    UnsafeBufferPointer(rebasing: bytes[entries.range(Int(order[index]))])) != 0
                {
                    rank += 1
                }
                ranks[Int(order[index])] = rank
            }
        }
        let matchingScores = scored ? matching.map { scores[$0] } : []
        if scored { order = stableSorted(order, by: matchingScores, buckets: 256) }
        var groups = [UInt32](repeating: 0, count: names.count)
        var group: UInt32 = 0
        for index in order.indices {
            let position = Int(order[index])
            if index > 0 {
                let before = Int(order[index - 1])
                if ranks[position] != ranks[before] || (scored && matchingScores[position] != matchingScores[before]) {
                    group += 1
                }
            }
            groups[matching[position]] = group
        }
        return (groups, order.isEmpty ? 0 : Int(group) + 1)
    }

    /// The indices of `numbers`, which rise, in the order of the numbers as decimal text: the
    /// numbers of each length are in that order already, and are merged, the shortest runs
    /// first, each merged run keeping the text-order key of its numbers beside them.
    /// - Complexity: O(n × k) for numbers of k lengths (at most 10), near O(n) when most
    ///   numbers have as many digits.
    static func inOrderOfNumbersAsText(_ numbers: [UInt32]) -> [UInt32] {
        var runs: [Range<Int>] = []
        var start = 0
        while start < numbers.count {
            let digits = digitCount(numbers[start])
            var end = start + 1
            while end < numbers.count, numbers[end] < powersOfTen[digits] { end += 1 }
            runs.append(start..<end)
            start = end
        }
        guard runs.count > 1 else { return Array(0..<UInt32(numbers.count)) }
        runs.sort { $0.count < $1.count }
        var merged = runs[0].map { UInt32($0) }
        var keys = runs[0].map { textOrder(numbers[$0]) }
        for (runIndex, run) in runs.enumerated().dropFirst() {
            // The last merge needs no keys for a merge after it.
            let keepsKeys = runIndex < runs.count - 1
            let digits = digitCount(numbers[run.lowerBound])
            let scale = powersOfTen[10 - digits]
            let total = merged.count + run.count
            var mergedKeys = [UInt64](repeating: 0, count: keepsKeys ? total : 0)
            merged = [UInt32](unsafeUninitializedCapacity: total) { output, initialized in
                var left = 0
                var right = run.lowerBound
                var rightKey = (UInt64(numbers[right]) &* scale) << 4 | UInt64(digits)
                for written in 0..<total {
                    let takesLeft = right == run.upperBound || (left < merged.count && keys[left] < rightKey)
                    if takesLeft {
                        output[written] = merged[left]
                        if keepsKeys { mergedKeys[written] = keys[left] }
                        left += 1
                    } else {
                        output[written] = UInt32(right)
                        if keepsKeys { mergedKeys[written] = rightKey }
                        right += 1
                        if right < run.upperBound { rightKey = (UInt64(numbers[right]) &* scale) << 4 | UInt64(digits) }
                    }
                }
                initialized = total
            }
            keys = mergedKeys
        }
        return merged
    }

    /// `10^i` for `i` in 0...10.
    private static let powersOfTen: [UInt64] = (0...10).map { power in
        (0..<power).reduce(1) { product, _ in product * 10 }
    }

    /// A key that orders numbers as their decimal text does: the digits padded with zeros to
    /// ten (`9` as 9000000000, `10` as 1000000000), then the number of digits, so that a
    /// number comes before the longer ones its digits begin.
    @inline(__always)
    private static func textOrder(_ number: UInt32) -> UInt64 {
        let digits = digitCount(number)
        return (UInt64(number) &* powersOfTen[10 - digits]) << 4 | UInt64(digits)
    }

    /// How many decimal digits `number` is written with.
    @inline(__always)
    private static func digitCount(_ number: UInt32) -> Int {
        var count = 1
        while count < 10, UInt64(number) >= powersOfTen[count] { count += 1 }
        return count
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
