/// The order `--filter` prints the lines of a text that matched in: the order of their
/// ``SortEntry``s (after their scores, when ranked), as a list would sort them, worked out
/// without a sort entry per line.
///
/// A line's entry is its score, the sort key of its name, then its number as decimal text. So
/// only the distinct names (``DistinctNames``) get a sort key and are sorted, each given its
/// rank (names whose keys are equal share one). The lines are put in the order of their
/// numbers as text (`10` before `9`: the text's order merged across numbers of different
/// lengths), then by rank and by score with two counting sorts, which keep that order among
/// equals. Each line is given the place of its name's first line: the same bytes, read from
/// one place instead of from all over the text when printed.
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
        var order = stableSorted(inOrderOfNumbersAsText(lines.numbers), by: lineRanks, buckets: rankCount)
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
            let noID = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            for name in parts[part] {
                let place = Int(places[name].lowerBound)..<Int(places[name].upperBound)
                SortEntry.append(
                    name: UnsafeBufferPointer(rebasing: shared.value[place]), id: noID, givenParts: nil,
                    sortOrder: sortOrder, folding: &folding, to: &entries.bytes)
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

    /// The indices of `numbers`, which rise, in the order of the numbers as decimal text: the
    /// numbers of each length are in that order already, and are merged, the shortest runs
    /// first.
    /// - Complexity: O(n × k) for numbers of k lengths (at most 10), near O(n) when most
    ///   numbers have as many digits.
    static func inOrderOfNumbersAsText(_ numbers: [UInt32]) -> [UInt32] {
        var runs: [Range<Int>] = []
        var start = 0
        while start < numbers.count {
            let digits = digitCount(numbers[start])
            var end = start + 1
            while end < numbers.count, digitCount(numbers[end]) == digits { end += 1 }
            runs.append(start..<end)
            start = end
        }
        guard runs.count > 1 else { return Array(0..<UInt32(numbers.count)) }
        runs.sort { $0.count < $1.count }
        var merged = runs[0].map { UInt32($0) }
        for run in runs.dropFirst() {
            merged = [UInt32](unsafeUninitializedCapacity: merged.count + run.count) { output, initialized in
                var left = 0
                var right = run.lowerBound
                var written = 0
                while left < merged.count, right < run.upperBound {
                    if textOrder(numbers[Int(merged[left])]) < textOrder(numbers[right]) {
                        output[written] = merged[left]
                        left += 1
                    } else {
                        output[written] = UInt32(right)
                        right += 1
                    }
                    written += 1
                }
                for index in merged[left...] {
                    output[written] = index
                    written += 1
                }
                for index in right..<run.upperBound {
                    output[written] = UInt32(index)
                    written += 1
                }
                initialized = written
            }
        }
        return merged
    }

    /// A key that orders numbers as their decimal text does: the digits padded with zeros to
    /// ten (`9` as 9000000000, `10` as 1000000000), then the number of digits, so that a
    /// number comes before the longer ones its digits begin.
    @inline(__always)
    private static func textOrder(_ number: UInt32) -> UInt64 {
        let digits = digitCount(number)
        var padded = UInt64(number)
        for _ in digits..<10 { padded &*= 10 }
        return padded << 4 | digits
    }

    /// How many decimal digits `number` is written with.
    @inline(__always)
    private static func digitCount(_ number: UInt32) -> UInt64 {
        var count: UInt64 = 1
        var power: UInt64 = 10
        while UInt64(number) >= power {
            power &*= 10
            count += 1
        }
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
