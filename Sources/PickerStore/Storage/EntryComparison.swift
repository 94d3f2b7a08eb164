/// Compares friends of a list by their sort keys (``SortEntry``), which a list does not store,
/// then, among equal keys, by the order they arrived in.
///
/// A key not stored is derived from the friend's accent key
/// (``NameKeys/appendSortKey(_:sortOrder:to:)``), so two such friends with the same accent key
/// have the same key and are in the order they arrived in, without deriving either: the many
/// people of the same name. Otherwise the keys are built into buffers kept from one
/// comparison to the next; the one of the friend last compared second is kept, since merging
/// asks about the same friend several times running.
final class EntryComparison {
    private let keys: NameKeys
    private let sortOrder: NameOrder
    private var left: [UInt8] = []
    private var right: [UInt8] = []
    /// The friend whose key `right` holds.
    private var rightNumber: UInt32?

    /// Compares the friends of `keys`, sorted by `sortOrder`.
    init(keys: NameKeys, sortOrder: NameOrder) {
        self.keys = keys
        self.sortOrder = sortOrder
    }

    /// Friend `number`'s sort key.
    func key(_ number: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        keys.appendSortKey(Int(number), sortOrder: sortOrder, to: &bytes)
        return bytes
    }

    /// Whether friend `a` sorts before friend `b`.
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        if sameDerivedKey(a, b) { return a < b }
        left.removeAll(keepingCapacity: true)
        keys.appendSortKey(Int(a), sortOrder: sortOrder, to: &left)
        return left.withUnsafeBufferPointer { precedesByKeys(a, key: $0, b) }
    }

    /// Whether friend `a`, whose sort key is `key` (a friend of a batch the list is taking in,
    /// its key kept by the batch), sorts before friend `b`.
    func precedes(_ a: UInt32, key: UnsafeBufferPointer<UInt8>, _ b: UInt32) -> Bool {
        sameDerivedKey(a, b) ? a < b : precedesByKeys(a, key: key, b)
    }

    private func precedesByKeys(_ a: UInt32, key: UnsafeBufferPointer<UInt8>, _ b: UInt32) -> Bool {
        if rightNumber != b {
            right.removeAll(keepingCapacity: true)
            keys.appendSortKey(Int(b), sortOrder: sortOrder, to: &right)
            rightNumber = b
        }
        let order = right.withUnsafeBufferPointer { compareBytes(key, $0) }
        return order == 0 ? a < b : order < 0
    }

    /// Whether the keys of `a` and `b` are both derived from the same accent key.
    @inline(__always)
    private func sameDerivedKey(_ a: UInt32, _ b: UInt32) -> Bool {
        let (a, b) = (Int(a), Int(b))
        guard !keys.storedSortKeys.contains(a), !keys.storedSortKeys.contains(b) else { return false }
        let (aRange, bRange) = (keys.accent.range(a), keys.accent.range(b))
        guard aRange.count == bRange.count else { return false }
        return keys.accent.bytes.withUnsafeBufferPointer { bytes in
            compareBytes(UnsafeBufferPointer(rebasing: bytes[aRange]), UnsafeBufferPointer(rebasing: bytes[bRange]))
                == 0
        }
    }
}
