/// Names put in order by the prefixes of their sort keys (``ListOrder/Prefix``), after their
/// scores when they have them: dealt into buckets by score and by the first bits of the prefix
/// in one pass, then each bucket, small enough to stay in the cache, sorted on its own, the
/// buckets shared among the cores.
///
/// A sort of all the names by their prefixes' halves, a radix pass at a time, reads each name's
/// prefix from wherever it lies at every pass; here it is read once, and moved with the name.
enum PrefixOrder {
    /// A name's number, with its prefix beside it.
    private struct Item {
        var high: UInt64
        var low: UInt64
        var number: UInt32

        @inline(__always)
        static func precedes(_ a: Item, _ b: Item) -> Bool {
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            return a.number < b.number
        }
    }

    /// How many of a prefix's first bits choose its bucket: its first two letters and a bit.
    private static let bucketBits = 11

    /// The numbers of the names whose prefixes are `prefixes`, by `scores` first when given
    /// (each name's, a lower one first), then by prefix, then by number; where two prefixes are
    /// equal and do not hold their whole keys, by `precedes` (given the two numbers, whether
    /// the first comes first; equal entries go by number).
    static func order(
        of prefixes: [ListOrder.Prefix], scores: [UInt8]?, by precedes: (Int, Int) -> Bool
    ) -> [UInt32] {
        let count = prefixes.count
        guard count > 0 else { return [] }
        // The scores that occur, each given a rank, so that only they take buckets.
        var scoreRanks = [UInt32](repeating: 0, count: 256)
        var rankCount: UInt32 = 1
        if let scores {
            var present = [Bool](repeating: false, count: 256)
            for score in scores { present[Int(score)] = true }
            rankCount = 0
            for score in 0..<256 where present[score] {
                scoreRanks[score] = rankCount
                rankCount += 1
            }
        }
        let shift = UInt64(64 - bucketBits)
        let bucketCount = Int(rankCount) << bucketBits
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        let items = prefixes.withUnsafeBufferPointer { prefixes in
            func bucket(_ number: Int) -> Int {
                let rank = scores.map { Int(scoreRanks[Int($0[number])]) } ?? 0
                return rank << bucketBits | Int(truncatingIfNeeded: prefixes[number].high >> shift)
            }
            for number in 0..<count { starts[bucket(number) + 1] += 1 }
            for index in 0..<bucketCount { starts[index + 1] += starts[index] }
            var next = starts
            // The names come in number order, and stay in it within a bucket.
            return [Item](unsafeUninitializedCapacity: count) { items, initialized in
                for number in 0..<count {
                    let place = bucket(number)
                    let prefix = prefixes[number]
                    items.initializeElement(
                        at: next[place], to: Item(high: prefix.high, low: prefix.low, number: UInt32(number)))
                    next[place] += 1
                }
                initialized = count
            }
        }
        var sorted = sortedBuckets(items, starts: starts)
        // Equal prefixes that do not hold their keys whole, few, are told apart by their entries.
        sorted.withUnsafeMutableBufferPointer { sorted in
            var start = 0
            while start < count {
                let first = sorted[start]
                var end = start + 1
                while end < count, sorted[end].high == first.high, sorted[end].low == first.low,
                    scores.map({ $0[Int(sorted[end].number)] == $0[Int(first.number)] }) ?? true
                {
                    end += 1
                }
                if end - start > 1, first.low & 1 != 0 {
                    sorted[start..<end].sort { precedes(Int($0.number), Int($1.number)) }
                }
                start = end
            }
        }
        return sorted.map(\.number)
    }

    /// `items`, dealt into buckets that start at `starts`, each bucket sorted; the buckets
    /// shared among the cores in runs of about as many items.
    private static func sortedBuckets(_ items: consuming [Item], starts: [Int]) -> [Item] {
        var items = items
        let parts = Parallel.ranges(items.count, minimum: 16_384)
        // Each core takes the buckets from the first that starts at or after its share.
        var firstBuckets = [0]
        var bucket = 0
        for part in parts.dropLast() {
            while starts[bucket] < part.upperBound { bucket += 1 }
            if bucket > firstBuckets.last! { firstBuckets.append(bucket) }
        }
        firstBuckets.append(starts.count - 1)
        let bounds = firstBuckets
        items.withUnsafeMutableBufferPointer { buffer in
            let shared = UncheckedSendable(buffer)
            _ = Parallel.map(bounds.count - 1) { part in
                let longest = (bounds[part]..<bounds[part + 1]).reduce(0) { max($0, starts[$1 + 1] - starts[$1]) }
                withUnsafeTemporaryAllocation(of: Item.self, capacity: longest) { scratch in
                    for bucket in bounds[part]..<bounds[part + 1] where starts[bucket + 1] - starts[bucket] > 1 {
                        let items = UnsafeMutableBufferPointer(
                            rebasing: shared.value[starts[bucket]..<starts[bucket + 1]])
                        sort(items, from: bucketBits, scratch: scratch.baseAddress!)
                    }
                }
            }
        }
        return items
    }

    /// How many bits of a prefix each pass within a bucket deals by.
    private static let digitBits = 8

    /// Sorts `items`, whose prefixes agree on their first `bit` bits, dealing them by the next
    /// bits into `scratch` (room for as many) and each deal again, a few left sorted by
    /// insertion; the items come in number order among equal prefixes and are dealt stably.
    private static func sort(
        _ items: UnsafeMutableBufferPointer<Item>, from bit: Int, scratch: UnsafeMutablePointer<Item>
    ) {
        var bit = bit
        while true {
            guard items.count > 24, bit < 128 else {
                if items.count > 1, bit < 128 { insertionSort(items) }
                return
            }
            let first = digit(items[0], at: bit)
            if items.allSatisfy({ digit($0, at: bit) == first }) {
                bit += digitBits
                continue
            }
            break
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 1 << digitBits + 1) { starts in
            starts.initialize(repeating: 0)
            for item in items { starts[digit(item, at: bit) + 1] += 1 }
            for index in 0..<(1 << digitBits) { starts[index + 1] += starts[index] }
            var next = Array(starts.dropLast())
            for item in items {
                let digit = digit(item, at: bit)
                (scratch + next[digit]).initialize(to: item)
                next[digit] += 1
            }
            _ = items.moveInitialize(fromContentsOf: UnsafeMutableBufferPointer(start: scratch, count: items.count))
            for index in 0..<(1 << digitBits) where starts[index + 1] - starts[index] > 1 {
                sort(
                    UnsafeMutableBufferPointer(rebasing: items[starts[index]..<starts[index + 1]]),
                    from: bit + digitBits, scratch: scratch)
            }
        }
    }

    /// The `digitBits` bits of `item`'s prefix from bit `bit` (0 the highest), zeros past its end.
    @inline(__always)
    private static func digit(_ item: Item, at bit: Int) -> Int {
        let shift = UInt64(64 - digitBits)
        if bit < 64 - digitBits { return Int(truncatingIfNeeded: (item.high << UInt64(bit)) >> shift) }
        if bit >= 64 { return Int(truncatingIfNeeded: (item.low << UInt64(bit - 64)) >> shift) }
        return Int(truncatingIfNeeded: ((item.high << UInt64(bit)) | (item.low >> UInt64(64 - bit))) >> shift)
    }

    private static func insertionSort(_ items: UnsafeMutableBufferPointer<Item>) {
        for index in 1..<items.count {
            let item = items[index]
            var place = index
            while place > 0, Item.precedes(item, items[place - 1]) {
                items[place] = items[place - 1]
                place -= 1
            }
            items[place] = item
        }
    }
}
