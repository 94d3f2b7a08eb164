/// Sorting and merging runs of friend numbers.
enum ListOrder {
    /// A friend number with the first 16 bytes of its sort key, which decide most comparisons
    /// without reaching the key.
    struct Entry {
        var high: UInt64
        var low: UInt64
        var number: UInt32

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) {
            high = ListOrder.prefix(bytes, range, from: 0)
            low = ListOrder.prefix(bytes, range, from: 8)
            self.number = UInt32(truncatingIfNeeded: number)
        }

        /// Whether this entry comes first, or nil when the prefixes cannot tell.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool? {
            if high != other.high { return high < other.high }
            if low != other.low { return low < other.low }
            return nil
        }
    }

    /// Bytes `start..<start + 8` of the key at `range` of `bytes`, big-endian, padded with
    /// zeros, so that comparing prefixes orders keys as comparing the keys does, or finds them
    /// equal.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from start: Int) -> UInt64 {
        var prefix: UInt64 = 0
        for offset in start..<(start + 8) {
            prefix <<= 8
            if offset < range.count { prefix |= UInt64(bytes[range.lowerBound + offset]) }
        }
        return prefix
    }

    /// Whether entry `a` of `entries` sorts before entry `b`.
    static func precedes(_ a: UInt32, _ b: UInt32, in entries: ByteStore) -> Bool {
        entries.bytes.withUnsafeBufferPointer { bytes in
            compareBytes(
                UnsafeBufferPointer(rebasing: bytes[entries.range(Int(a))]),
                UnsafeBufferPointer(rebasing: bytes[entries.range(Int(b))])) < 0
        }
    }

    /// The numbers of entries `numbers` of `entries`, sorted by their bytes on every core.
    static func sorted(_ numbers: Range<Int>, of entries: ByteStore) -> Run {
        let parts = Parallel.ranges(numbers.count, minimum: 16_384)
        let runs = Parallel.map(parts.count) { part in
            entries.bytes.withUnsafeBufferPointer { bytes in
                var sorted = parts[part].map { index in
                    let number = numbers.lowerBound + index
                    return Entry(bytes, entries.range(number), number: number)
                }
                sorted.sort { $0.precedes($1) ?? precedes($0.number, $1.number, in: entries) }
                return Run(sorted)
            }
        }
        return runs.dropFirst().reduce(runs.first ?? Run()) { merge($0, $1) { precedes($0, $1, in: entries) } }
    }

    /// Friend numbers in list order, each with the first 8 bytes of its sort key, kept side by
    /// side so that merging reads the prefixes front to back instead of each key where it lies.
    struct Run: Sendable {
        var numbers: [UInt32] = []
        var prefixes: [UInt64] = []

        var count: Int { numbers.count }

        init() {}

        init(_ entries: [Entry]) {
            numbers = entries.map(\.number)
            prefixes = entries.map(\.high)
        }

        fileprivate init(_ slices: [Run]) {
            numbers.reserveCapacity(slices.reduce(0) { $0 + $1.count })
            prefixes.reserveCapacity(numbers.capacity)
            for slice in slices {
                numbers += slice.numbers
                prefixes += slice.prefixes
            }
        }
    }

    /// `old` and `new`, both in list order, merged into one run, in two halves on two cores when
    /// they are large. `precedes` decides what the prefixes cannot.
    static func merge(_ old: Run, _ new: Run, by precedes: @Sendable (UInt32, UInt32) -> Bool) -> Run {
        if old.count == 0 { return new }
        guard Parallel.width > 1, old.count + new.count > 65_536, new.count > 1 else {
            return mergeRuns(old, 0..<old.count, new, 0..<new.count, by: precedes)
        }
        let half = new.count / 2
        var low = 0
        var high = old.count
        while low < high {
            let middle = (low + high) / 2
            if before(new, half, old, middle, precedes) { high = middle } else { low = middle + 1 }
        }
        let split = low
        let halves = Parallel.map(2) { part in
            part == 0
                ? mergeRuns(old, 0..<split, new, 0..<half, by: precedes)
                : mergeRuns(old, split..<old.count, new, half..<new.count, by: precedes)
        }
        return Run(halves)
    }

    /// Whether element `a` of `left` comes before element `b` of `right`.
    @inline(__always)
    private static func before(_ left: Run, _ a: Int, _ right: Run, _ b: Int, _ precedes: (UInt32, UInt32) -> Bool) -> Bool {
        let leftPrefix = left.prefixes[a]
        let rightPrefix = right.prefixes[b]
        if leftPrefix != rightPrefix { return leftPrefix < rightPrefix }
        return precedes(left.numbers[a], right.numbers[b])
    }

    /// `oldRange` of `old` and `newRange` of `new` merged. Each new element's place is found by
    /// galloping from the previous one's.
    /// - Complexity: O(n + m log(n / m)) comparisons for m new elements among n.
    private static func mergeRuns(
        _ old: Run, _ oldRange: Range<Int>, _ new: Run, _ newRange: Range<Int>, by precedes: (UInt32, UInt32) -> Bool
    ) -> Run {
        var result = Run()
        result.numbers.reserveCapacity(oldRange.count + newRange.count)
        result.prefixes.reserveCapacity(oldRange.count + newRange.count)
        var taken = oldRange.lowerBound
        for element in newRange {
            var low = taken
            var high = taken
            var step = 1
            while high < oldRange.upperBound, !before(new, element, old, high, precedes) {
                low = high + 1
                high += step
                step *= 2
            }
            high = min(high, oldRange.upperBound)
            while low < high {
                let middle = (low + high) / 2
                if before(new, element, old, middle, precedes) { high = middle } else { low = middle + 1 }
            }
            result.numbers += old.numbers[taken..<low]
            result.prefixes += old.prefixes[taken..<low]
            result.numbers.append(new.numbers[element])
            result.prefixes.append(new.prefixes[element])
            taken = low
        }
        result.numbers += old.numbers[taken..<oldRange.upperBound]
        result.prefixes += old.prefixes[taken..<oldRange.upperBound]
        return result
    }
}
