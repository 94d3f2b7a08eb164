/// Byte strings kept for a few friends only, by friend number: a bit per friend says whether
/// it has one, and a count per 64 friends of those before finds it without a search.
///
/// Memory is at most a bit and a half per friend, then the strings kept: 190 KB for a million
/// friends, where an offset per friend, as a ``ByteStore`` keeps, would take 4 MB.
struct SparseKeys: Sendable {
    /// The strings, in the order of their friend numbers.
    private(set) var strings = ByteStore()
    /// A bit per friend number, set for the friends that have a string.
    private var marked: [UInt64] = []
    /// For each word of `marked`, how many bits are set in the words before it.
    private var ranks: [UInt32] = []

    /// The number of strings kept.
    var count: Int { strings.count }

    /// Keeps `string` for friend `number`, which is above every number kept.
    mutating func add(_ string: some Collection<UInt8>, number: Int) {
        strings.appendBytes(string)
        close(number)
    }

    /// Keeps for friend `number`, which is above every number kept, the bytes `make` appends
    /// to the buffer it is given after the offset it is given, when it returns true; when it
    /// returns false, they are taken back.
    mutating func add(number: Int, _ make: (inout [UInt8], Int) -> Bool) {
        let start = strings.bytes.count
        if make(&strings.bytes, start) {
            close(number)
        } else {
            strings.bytes.removeSubrange(start...)
        }
    }

    private mutating func close(_ number: Int) {
        // The words up to this one that are new have no string: the count before each is the
        // count so far.
        let words = (number >> 6) + 1
        if words > ranks.count {
            ranks += repeatElement(UInt32(truncatingIfNeeded: strings.count), count: words - ranks.count)
        }
        marked.setBit(number)
        strings.closeString()
    }

    /// Whether friend `number` has a string.
    @inline(__always)
    func contains(_ number: Int) -> Bool {
        marked.withUnsafeBufferPointer { $0.hasBit(number) }
    }

    /// The range in ``strings``' bytes of friend `number`'s string, if it has one.
    /// - Complexity: O(1).
    func range(of number: Int) -> Range<Int>? {
        guard contains(number) else { return nil }
        return strings.range(Int(ranks[number >> 6]) + marked.withUnsafeBufferPointer { $0.bitsBefore(number) })
    }

    /// Makes room for the strings of `total` friends in all, as many of them with one as of the
    /// `friendCount` so far.
    mutating func reserve(_ total: Int, friendCount: Int) {
        GrowthPlan.reserve(&marked, (total + 63) >> 6)
        GrowthPlan.reserve(&ranks, (total + 63) >> 6)
        strings.reserve(GrowthPlan.scaled(count, friendCount, to: total))
    }

    /// Appends the strings of `other`, their friend numbers counted from `base`, which is above
    /// every number kept.
    mutating func append(contentsOf other: SparseKeys, numberedFrom base: Int) {
        guard other.count > 0 else { return }
        var index = 0
        for (word, bits) in other.marked.enumerated() {
            var rest = bits
            while rest != 0 {
                let number = word << 6 | rest.trailingZeroBitCount
                add(other.strings.bytes[other.strings.range(index)], number: base + number)
                index += 1
                rest &= rest &- 1
            }
        }
    }

    /// Calls `body` with pointers to the strings, for a scan.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        strings.bytes.withUnsafeBufferPointer { bytes in
            strings.ends.withUnsafeBufferPointer { ends in
                marked.withUnsafeBufferPointer { marked in
                    ranks.withUnsafeBufferPointer { ranks in
                        body(View(bytes: bytes, ends: ends, marked: marked, ranks: ranks))
                    }
                }
            }
        }
    }

    /// The strings seen through pointers.
    struct View {
        let bytes: UnsafeBufferPointer<UInt8>
        let ends: UnsafeBufferPointer<UInt32>
        let marked: UnsafeBufferPointer<UInt64>
        let ranks: UnsafeBufferPointer<UInt32>

        /// Friend `number`'s string, or nil when it has none.
        @inline(__always)
        func string(_ number: Int) -> UnsafeBufferPointer<UInt8>? {
            guard marked.hasBit(number) else { return nil }
            let index = Int(ranks[number >> 6]) + marked.bitsBefore(number)
            let start = index == 0 ? 0 : Int(ends[index - 1])
            return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[index])])
        }
    }
}

extension SparseKeys {
    #if DEBUG
        /// Checks, in debug builds, that a string is kept for each friend marked below
        /// `friendCount`, and each word's count is of the bits before it.
        func _checkInvariants(friendCount: Int) {
            strings._checkInvariants()
            precondition(marked.count == ranks.count, "a count per word")
            var before = 0
            for (word, bits) in marked.enumerated() {
                precondition(Int(ranks[word]) == before, "the count of the strings before")
                before += bits.nonzeroBitCount
            }
            precondition(before == count, "a string per friend marked")
            precondition(marked.count <= (friendCount + 63) >> 6, "numbers of friends")
        }
    #else
        @inline(__always) func _checkInvariants(friendCount: Int) {}
    #endif
}
