import CPrefetch

/// The ids of the friends a ``FilterCandidates`` was given, in the order they came.
///
/// While each id is a decimal number above the one before (``AscendingIDs``), as a service's
/// are, the ids are kept as those numbers: 8 bytes a friend instead of its 15 or so digits and
/// their end, and none repeats. From the first id that is not, they are kept as their bytes
/// (a ``ByteStore``), the numbers before it written out.
struct SeenIDs: Sendable {
    /// The numbers the ids spell, while they ascend; empty once they do not.
    private var numbers: [UInt64] = []
    /// The ids' bytes, once one did not ascend; nil while they do.
    private(set) var store: ByteStore?

    /// How many ids there are.
    var count: Int { store?.count ?? numbers.count }

    /// Whether every id so far is a number above the one before, so that none repeats.
    var ascend: Bool { store == nil }

    /// Appends `id`.
    mutating func append(_ id: UnsafeBufferPointer<UInt8>) {
        if store == nil {
            if let value = AscendingIDs.value(id), numbers.last.map({ $0 < value }) ?? true {
                numbers.append(value)
                return
            }
            store = Self.spelled(numbers)
            numbers = []
        }
        store?.appendBytes(id)
        store?.closeString()
    }

    /// Makes room for `total` ids in all.
    mutating func reserve(_ total: Int) {
        if store == nil {
            GrowthPlan.reserve(&numbers, total)
        } else {
            store?.reserve(total)
        }
    }

    /// Calls `body` with the UTF-8 bytes of id `index` (from 0, in the order they came).
    @inline(__always)
    func withID<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let store else { return DecimalDigits.with(numbers[index], body) }
        return store.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[store.range(index)])) }
    }

    /// The length in bytes of id `index`.
    func length(_ index: Int) -> Int {
        guard let store else { return Self.digitCount(numbers[index]) }
        return store.range(index).count
    }

    /// Asks for what finds id `index`'s bytes (its end, among the ids' ends) to be fetched; for
    /// a number, the number itself.
    @inline(__always)
    func prefetchPlace(_ index: Int) {
        guard let store else {
            return numbers.withUnsafeBufferPointer { if let base = $0.baseAddress { picker_prefetch(base + index) } }
        }
        store.ends.withUnsafeBufferPointer { if let base = $0.baseAddress { picker_prefetch(base + index) } }
    }

    /// Asks for id `index`'s bytes to be fetched, once its end has been (``prefetchPlace(_:)``);
    /// nothing for a number.
    @inline(__always)
    func prefetchBytes(_ index: Int) {
        guard let store else { return }
        store.bytes.withUnsafeBufferPointer {
            if let base = $0.baseAddress { picker_prefetch(base + store.range(index).lowerBound) }
        }
    }

    /// The ids `numbers` spell, as bytes.
    private static func spelled(_ numbers: [UInt64]) -> ByteStore {
        var store = ByteStore()
        store.reserve(numbers.count)
        for number in numbers {
            DecimalDigits.with(number) { store.appendBytes($0) }
            store.closeString()
        }
        return store
    }

    /// How many decimal digits `number` has.
    private static func digitCount(_ number: UInt64) -> Int {
        var (count, rest) = (1, number / 10)
        while rest > 0 { (count, rest) = (count + 1, rest / 10) }
        return count
    }
}
