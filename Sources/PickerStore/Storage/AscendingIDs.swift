/// The ids of friends that are decimal numbers, each above the one before, as the line
/// numbers of text are: a list whose ids all are needs no id index, since its friend numbers
/// are in the order of their ids and a friend is found by binary search.
struct AscendingIDs: Hashable, Sendable {
    /// The first id's number and the last's.
    var first: UInt64
    var last: UInt64

    /// The number an id spells: its UTF-8 is 1 to 18 decimal digits without a leading zero
    /// (so that no two ids spell one number); nil for any other id.
    static func value(_ id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !id.isEmpty, id.count <= 18, id[0] != UInt8(ascii: "0") || id.count == 1 else { return nil }
        var value: UInt64 = 0
        for byte in id {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + UInt64(digit)
        }
        return value
    }

    /// Follows ids one at a time: the ascending ids so far.
    struct Tracker {
        /// The ids so far, while each is a number above the one before; nil before the first
        /// and once one is not.
        private(set) var ids: AscendingIDs?
        private var broken = false

        /// Takes the next id, the number it spells (``AscendingIDs/value(_:)``), if any.
        mutating func add(_ value: UInt64?) {
            guard !broken else { return }
            guard let value, ids.map({ $0.last < value }) ?? true else {
                broken = true
                ids = nil
                return
            }
            ids = AscendingIDs(first: ids?.first ?? value, last: value)
        }
    }

    /// These ids, then `next`, when `next` starts above them.
    func followed(by next: AscendingIDs) -> AscendingIDs? {
        last < next.first ? AscendingIDs(first: first, last: next.last) : nil
    }
}
