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
    /// the first comes first; equal entries go by number). `partMinimum` is the fewest names a
    /// core takes a share of.
    static func order(
        of prefixes: [ListOrder.Prefix], scores: [UInt8]?, partMinimum: Int = 16_384, by precedes: (Int, Int) -> Bool
    ) -> [UInt32] {
        guard !prefixes.isEmpty else { return [] }
        return prefixes.withUnsafeBufferPointer { prefixes in
            let buckets = Buckets(prefixes, scores: scores)
            let (items, starts) = buckets.dealt(partMinimum: partMinimum)
            let agreeing = sortBuckets(items, starts: starts, prefixes, partMinimum: partMinimum)
            // Equal prefixes that do not hold their keys whole, few, are told apart by their entries.
            for run in agreeing { sortByEntries(items[run], prefixes, scores: scores, by: precedes) }
            defer { items.deallocate() }
            return numbers(of: UnsafeBufferPointer(items), partMinimum: partMinimum)
        }
    }

    /// Which bucket each name goes into: by the rank of its score among the scores that occur,
    /// then by the first bits of its prefix.
    private struct Buckets: @unchecked Sendable {
        let prefixes: UnsafeBufferPointer<ListOrder.Prefix>
        let scores: [UInt8]?
        /// The rank of each score that occurs.
        private var ranks = [Int](repeating: 0, count: 256)
        /// How many buckets there are.
        private(set) var count = 1 << PrefixOrder.bucketBits

        init(_ prefixes: UnsafeBufferPointer<ListOrder.Prefix>, scores: [UInt8]?) {
            (self.prefixes, self.scores) = (prefixes, scores)
            guard let scores else { return }
            var present = [Bool](repeating: false, count: 256)
            for score in scores { present[Int(score)] = true }
            var rankCount = 0
            for score in 0..<256 where present[score] {
                ranks[score] = rankCount
                rankCount += 1
            }
            count = rankCount << PrefixOrder.bucketBits
        }

        @inline(__always)
        func callAsFunction(_ number: Int) -> Int {
            let rank = scores.map { ranks[Int($0[number])] } ?? 0
            return rank << PrefixOrder.bucketBits
                | Int(truncatingIfNeeded: prefixes[number].high >> (64 - PrefixOrder.bucketBits))
        }

        /// The names as items dealt into their buckets, on every core, and where each bucket
        /// starts (the last start the end of the items): the names come in number order and
        /// stay in it within a bucket, each core's names after those of the cores before.
        func dealt(partMinimum: Int) -> (items: UnsafeMutableBufferPointer<Item>, starts: [Int]) {
            let parts = Parallel.ranges(prefixes.count, minimum: partMinimum)
            let counts = Parallel.map(parts.count) { part in
                var counts = [Int](repeating: 0, count: count)
                for number in parts[part] { counts[self(number)] += 1 }
                return counts
            }
            var starts = [Int](repeating: 0, count: count + 1)
            var firstPlaces = [[Int]](repeating: [Int](repeating: 0, count: count), count: parts.count)
            var place = 0
            for bucket in 0..<count {
                starts[bucket] = place
                for part in parts.indices {
                    firstPlaces[part][bucket] = place
                    place += counts[part][bucket]
                }
            }
            starts[count] = place
            let items = UnsafeMutableBufferPointer<Item>.allocate(capacity: prefixes.count)
            let shared = UncheckedSendable(items)
            let places = firstPlaces
            _ = Parallel.map(parts.count) { part in
                var next = places[part]
                for number in parts[part] {
                    let bucket = self(number)
                    shared.value.initializeElement(at: next[bucket], to: Item(prefixes[number], number: number))
                    next[bucket] += 1
                }
            }
            return (items, starts)
        }
    }

    /// The numbers of `items`, in order, on every core.
    private static func numbers(of items: UnsafeBufferPointer<Item>, partMinimum: Int) -> [UInt32] {
        let parts = Parallel.ranges(items.count, minimum: partMinimum)
        let shared = UncheckedSendable(items)
        return [UInt32](unsafeUninitializedCapacity: items.count) { numbers, initialized in
            let output = UncheckedSendable(numbers)
            _ = Parallel.map(parts.count) { part in
                for index in parts[part] {
                    output.value.initializeElement(at: index, to: UInt32(truncatingIfNeeded: shared.value[index].rest))
                }
            }
            initialized = items.count
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

    /// Sorts each bucket of `items`, which start at `starts`, the buckets shared among the
    /// cores in runs of about as many items; and gives the runs of more than one item that
    /// agree on the bits of their prefixes they hold.
    private static func sortBuckets(
        _ items: UnsafeMutableBufferPointer<Item>, starts: [Int], _ prefixes: UnsafeBufferPointer<ListOrder.Prefix>,
        partMinimum: Int
    ) -> [Range<Int>] {
        let parts = Parallel.ranges(items.count, minimum: partMinimum)
        // Each core takes the buckets from the first that starts at or after its share.
        var firstBuckets = [0]
        var bucket = 0
        for part in parts.dropLast() {
            while starts[bucket] < part.upperBound { bucket += 1 }
            if bucket > firstBuckets.last! { firstBuckets.append(bucket) }
        }
        firstBuckets.append(starts.count - 1)
        let bounds = firstBuckets
        let (shared, sharedPrefixes) = (UncheckedSendable(items), UncheckedSendable(prefixes))
        let agreeing = Parallel.map(bounds.count - 1) { part in
            let buckets = bounds[part]..<bounds[part + 1]
            let longest = buckets.reduce(0) { max($0, starts[$1 + 1] - starts[$1]) }
            withUnsafeTemporaryAllocation(of: Item.self, capacity: longest) { scratch in
                for bucket in buckets where starts[bucket + 1] - starts[bucket] > 1 {
                    let items = UnsafeMutableBufferPointer(rebasing: shared.value[starts[bucket]..<starts[bucket + 1]])
                    sort(items, from: bucketBits, scratch: scratch.baseAddress!, sharedPrefixes.value)
                }
            }
            // A run that agrees lies in one bucket, or in buckets of different scores.
            var runs: [Range<Int>] = []
            var start = starts[buckets.lowerBound]
            let end = starts[buckets.upperBound]
            while start < end {
                var next = start + 1
                while next < end, Item.agree(shared.value[next], shared.value[start]) { next += 1 }
                if next - start > 1 { runs.append(start..<next) }
                start = next
            }
            return UncheckedSendable(runs)
        }
        return agreeing.flatMap(\.value)
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
