import CPrefetch

/// The ids of the friends a ``FilterCandidates`` was given, in the order they came.
///
/// An id that is a decimal number (``AscendingIDs/value(_:)``), as a service's are, is kept as
/// that number: 8 bytes a friend instead of its 15 or so digits and their end. Any other id is
/// kept as its bytes, in a store of its own. While each id is a number above the one before,
/// none repeats.
struct SeenIDs: Sendable {
    /// Each id's number; for an id that is no number, ``spelledApart`` and its index among
    /// ``others``. A number has at most 18 digits, below the bit.
    private var values: [UInt64] = []
    /// The ids that are no number, as bytes.
    private var others = ByteStore()
    /// The ids while each is a number above the one before.
    private var ascending = AscendingIDs.Tracker()

    /// Whether every id so far is a number above the one before, so that none repeats.
    var ascend: Bool { values.isEmpty || ascending.ids != nil }

    /// Set in a value that stands for an id kept in ``others``.
    private static let spelledApart: UInt64 = 1 << 63

    /// How many ids there are.
    var count: Int { values.count }

    /// How many of the ids are no number, kept as bytes.
    var otherCount: Int { others.count }

    /// Appends `id`.
    mutating func append(_ id: UnsafeBufferPointer<UInt8>) {
        let value = AscendingIDs.value(id)
        ascending.add(value)
        guard let value else {
            values.append(Self.spelledApart | UInt64(others.count))
            others.appendBytes(id)
            others.closeString()
            return
        }
        values.append(value)
    }

    /// Makes room for `total` ids in all.
    mutating func reserve(_ total: Int) {
        GrowthPlan.reserve(&values, total)
    }

    /// Calls `body` with the UTF-8 bytes of id `index` (from 0, in the order they came).
    @inline(__always)
    func withID<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let value = values[index]
        guard value & Self.spelledApart != 0 else { return DecimalDigits.with(value, body) }
        let range = others.range(Int(value & ~Self.spelledApart))
        return others.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// A hash of id `index` that ids equal as strings (``IDIndex/sameID(_:_:)``) share: of the
    /// number a number spells, of any other id's bytes (``FriendBatch/wideIDHash(_:)``). No id
    /// that is no number is the same id as one that is: the only string equal to ASCII digits
    /// is those digits, since no other character is canonically a digit.
    func hash(_ index: Int) -> UInt64 {
        let value = values[index]
        guard value & Self.spelledApart != 0 else { return Self.hash(number: value) }
        return withID(index, FriendBatch.wideIDHash)
    }

    /// The bits of `number` mixed, so that its high bits tell numbers apart as well as its low.
    private static func hash(number: UInt64) -> UInt64 {
        var hash = number ^ (number >> 33)
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    /// The length in bytes of id `index`.
    func length(_ index: Int) -> Int {
        let value = values[index]
        guard value & Self.spelledApart != 0 else { return Self.digitCount(value) }
        return others.range(Int(value & ~Self.spelledApart)).count
    }

    /// Asks for id `index`'s number, or what finds its bytes, to be fetched.
    @inline(__always)
    func prefetchPlace(_ index: Int) {
        values.withUnsafeBufferPointer { if let base = $0.baseAddress { picker_prefetch(base + index) } }
    }

    /// Asks for id `index`'s bytes to be fetched, when it is kept as bytes, once its place has
    /// been (``prefetchPlace(_:)``).
    @inline(__always)
    func prefetchBytes(_ index: Int) {
        let value = values[index]
        guard value & Self.spelledApart != 0 else { return }
        let range = others.range(Int(value & ~Self.spelledApart))
        others.bytes.withUnsafeBufferPointer {
            if let base = $0.baseAddress { picker_prefetch(base + range.lowerBound) }
        }
    }

    /// How many decimal digits `number` has.
    private static func digitCount(_ number: UInt64) -> Int {
        var (count, rest) = (1, number / 10)
        while rest > 0 { (count, rest) = (count + 1, rest / 10) }
        return count
    }
}
