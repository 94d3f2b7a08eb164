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

    /// The ascending ids of `ids`, in order; nil when one is not a number or not above the one
    /// before, or there are none.
    static func of(_ ids: some Sequence<String>) -> AscendingIDs? {
        var found: AscendingIDs?
        for var id in ids {
            guard let value = id.withUTF8(Self.value) else { return nil }
            guard let before = found else {
                found = AscendingIDs(first: value, last: value)
                continue
            }
            guard before.last < value else { return nil }
            found?.last = value
        }
        return found
    }

    /// These ids, then `next`, when `next` starts above them.
    func followed(by next: AscendingIDs) -> AscendingIDs? {
        last < next.first ? AscendingIDs(first: first, last: next.last) : nil
    }
}
