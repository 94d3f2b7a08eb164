/// Names put in order by the prefixes of their sort keys (``ListOrder/Prefix``), after their
/// scores when they have them: dealt into buckets by score and by the first bits of the prefix
/// in one pass, then each bucket, small enough to stay in the cache, sorted on its own, the
/// buckets shared among the cores.
///
/// A sort of all the names by their prefixes' halves, a radix pass at a time, reads each name's
/// prefix from wherever it lies at every pass; here it is read once, and moved with the name.
enum PrefixOrder {
    /// A name's number, with the first 96 bits of its prefix beside it: the first half whole,
    /// and the second half's first 32 bits above the number. Names that agree that far, which
    /// few do, are told apart by the rest of their prefixes where these lie.
    private struct Item {
        var high: UInt64
        var rest: UInt64

        init(_ prefix: ListOrder.Prefix, number: Int) {
            high = prefix.high
            rest = prefix.low & 0xFFFF_FFFF_0000_0000 | UInt64(number)
        }

        var number: Int { Int(UInt32(truncatingIfNeeded: rest)) }

        /// Whether `a` comes before `b`, by their prefixes (of `prefixes`), then numbers.
        @inline(__always)
        static func precedes(_ a: Item, _ b: Item, _ prefixes: UnsafeBufferPointer<ListOrder.Prefix>) -> Bool {
            if a.high != b.high { return a.high < b.high }
            if a.rest >> 32 != b.rest >> 32 { return a.rest < b.rest }
            let (aLow, bLow) = (prefixes[a.number].low, prefixes[b.number].low)
            return aLow != bLow ? aLow < bLow : a.number < b.number
        }

        /// Whether `a` and `b` agree on the bits of their prefixes they hold.
        @inline(__always)
        static func agree(_ a: Item, _ b: Item) -> Bool { a.high == b.high && a.rest >> 32 == b.rest >> 32 }
    }

    /// How many of a prefix's first bits an item holds.
    private static let heldBits = 96

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
        return prefixes.withUnsafeBufferPointer { prefixes in
            func bucket(_ number: Int) -> Int {
                let rank = scores.map { Int(scoreRanks[Int($0[number])]) } ?? 0
                return rank << bucketBits | Int(truncatingIfNeeded: prefixes[number].high >> shift)
            }
            for number in 0..<count { starts[bucket(number) + 1] += 1 }
            for index in 0..<bucketCount { starts[index + 1] += starts[index] }
            var next = starts
            // The names come in number order, and stay in it within a bucket.
            var items = [Item](unsafeUninitializedCapacity: count) { items, initialized in
                for number in 0..<count {
                    let place = bucket(number)
                    items.initializeElement(at: next[place], to: Item(prefixes[number], number: number))
                    next[place] += 1
                }
                initialized = count
            }
            sortBuckets(&items, starts: starts, prefixes)
            // Equal prefixes that do not hold their keys whole, few, are told apart by their entries.
            items.withUnsafeMutableBufferPointer { items in
                var start = 0
                while start < count {
                    var end = start + 1
                    while end < count, Item.agree(items[end], items[start]) { end += 1 }
                    if end - start > 1 { sortByEntries(items[start..<end], prefixes, scores: scores, by: precedes) }
                    start = end
                }
            }
            return items.map { UInt32(truncatingIfNeeded: $0.rest) }
        }
    }

    /// Sorts by `precedes` each run of `items` whose prefixes (of `prefixes`) are equal, do not
    /// hold their keys whole, and whose `scores` are equal; `items`, in order, agree on the
    /// bits of their prefixes they hold.
    private static func sortByEntries(
        _ items: Slice<UnsafeMutableBufferPointer<Item>>, _ prefixes: UnsafeBufferPointer<ListOrder.Prefix>,
        scores: [UInt8]?, by precedes: (Int, Int) -> Bool
    ) {
        var start = items.startIndex
        while start < items.endIndex {
            let first = items[start].number
            var end = start + 1
            while end < items.endIndex, prefixes[items[end].number] == prefixes[first],
                scores.map({ $0[items[end].number] == $0[first] }) ?? true
            {
                end += 1
            }
            if end - start > 1, !prefixes[first].holdsWholeKey {
                items.base[start..<end].sort { precedes($0.number, $1.number) }
            }
            start = end
        }
    }

    /// Sorts each bucket of `items`, which start at `starts`; the buckets shared among the
    /// cores in runs of about as many items.
    private static func sortBuckets(
        _ items: inout [Item], starts: [Int], _ prefixes: UnsafeBufferPointer<ListOrder.Prefix>
    ) {
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
        let sharedPrefixes = UncheckedSendable(prefixes)
        items.withUnsafeMutableBufferPointer { buffer in
            let shared = UncheckedSendable(buffer)
            _ = Parallel.map(bounds.count - 1) { part in
                let longest = (bounds[part]..<bounds[part + 1]).reduce(0) { max($0, starts[$1 + 1] - starts[$1]) }
                withUnsafeTemporaryAllocation(of: Item.self, capacity: longest) { scratch in
                    for bucket in bounds[part]..<bounds[part + 1] where starts[bucket + 1] - starts[bucket] > 1 {
                        let items = UnsafeMutableBufferPointer(
                            rebasing: shared.value[starts[bucket]..<starts[bucket + 1]])
                        sort(items, from: bucketBits, scratch: scratch.baseAddress!, sharedPrefixes.value)
                    }
                }
            }
        }
    }

    /// How many bits of a prefix each pass within a bucket deals by.
    private static let digitBits = 8

    /// Sorts `items`, whose prefixes agree on their first `bit` bits, dealing them by the next
    /// bits into `scratch` (room for as many) and each deal again, stably; a few, or those
    /// that agree on every bit an item holds, are sorted by comparing them (``Item/precedes``).
    private static func sort(
        _ items: UnsafeMutableBufferPointer<Item>, from bit: Int, scratch: UnsafeMutablePointer<Item>,
        _ prefixes: UnsafeBufferPointer<ListOrder.Prefix>
    ) {
        var bit = bit
        while true {
            guard items.count > 24, bit + digitBits <= heldBits else {
                if items.count <= 24 {
                    insertionSort(items, prefixes)
                } else {
                    var items = items
                    items.sort { Item.precedes($0, $1, prefixes) }
                }
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
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 1 << digitBits) { next in
                _ = next.initialize(fromContentsOf: starts.prefix(1 << digitBits))
                for item in items {
                    let digit = digit(item, at: bit)
                    (scratch + next[digit]).initialize(to: item)
                    next[digit] += 1
                }
            }
            _ = items.moveInitialize(fromContentsOf: UnsafeMutableBufferPointer(start: scratch, count: items.count))
            for index in 0..<(1 << digitBits) where starts[index + 1] - starts[index] > 1 {
                sort(
                    UnsafeMutableBufferPointer(rebasing: items[starts[index]..<starts[index + 1]]),
                    from: bit + digitBits, scratch: scratch, prefixes)
            }
        }
    }

    /// The `digitBits` bits of `item`'s prefix from bit `bit` (0 the highest), which the item
    /// holds.
    @inline(__always)
    private static func digit(_ item: Item, at bit: Int) -> Int {
        let shift = UInt64(64 - digitBits)
        if bit < 64 - digitBits { return Int(truncatingIfNeeded: (item.high << UInt64(bit)) >> shift) }
        if bit >= 64 { return Int(truncatingIfNeeded: (item.rest << UInt64(bit - 64)) >> shift) }
        return Int(truncatingIfNeeded: ((item.high << UInt64(bit)) | (item.rest >> UInt64(64 - bit))) >> shift)
    }

    private static func insertionSort(
        _ items: UnsafeMutableBufferPointer<Item>, _ prefixes: UnsafeBufferPointer<ListOrder.Prefix>
    ) {
        for index in 1..<max(items.count, 1) {
            let item = items[index]
            var place = index
            while place > 0, Item.precedes(item, items[place - 1], prefixes) {
                items[place] = items[place - 1]
                place -= 1
            }
            items[place] = item
        }
    }
}
