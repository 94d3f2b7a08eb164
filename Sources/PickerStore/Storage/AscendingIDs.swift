/// The ids of friends that are decimal numbers, each above the one before, as the line
/// numbers of text are: a list whose ids all are needs no id index, since its friend numbers
/// are in the order of their ids and a friend is found by binary search.
struct AscendingIDs: Hashable, Sendable {
    /// The first id's number and the last's.
    var first: UInt64
    var last: UInt64

    /// The number an id spells: its UTF-8 is 1 to 18 decimal digits without a leading zero
    /// (so that no two ids spell one number); nil for any other id. Eight digits are read at a
    /// time where there are eight (a service's ids have fifteen or more).
    static func value(_ id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !id.isEmpty, id.count <= 18, id[0] != UInt8(ascii: "0") || id.count == 1 else { return nil }
        guard id.count >= 8, let base = id.baseAddress else { return digitByDigit(id) }
        guard let first = eightDigits(ByteLanes.load(base)) else { return nil }
        if id.count > 16 {
            guard let second = eightDigits(ByteLanes.load(base + 8)),
                let rest = digitByDigit(UnsafeBufferPointer(rebasing: id[16...]))
            else { return nil }
            return (first * 100_000_000 + second) * (id.count == 17 ? 10 : 100) + rest
        }
        // The last eight bytes, those already read (the low ones, the first in the text) made zeros.
        let overlap = UInt64(16 - id.count) * 8
        let zeros: UInt64 = overlap == 0 ? 0 : ~0 >> (64 - overlap)
        let last = (ByteLanes.load(base + id.count - 8) & ~zeros) | (ByteLanes.repeated(UInt8(ascii: "0")) & zeros)
        guard let rest = eightDigits(last) else { return nil }
        return first * powersOfTen[id.count - 8] + rest
    }

    /// The number `id`'s decimal digits spell, read one at a time; nil if a byte is no digit.
    private static func digitByDigit(_ id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for byte in id {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + UInt64(digit)
        }
        return value
    }

    /// The number eight ASCII digits spell, the first in the low byte of `word`; nil if a byte
    /// is no digit. A digit's high four bits are 3, and stay 3 when 6 is added to it.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64? {
        let highs: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard (word & highs) | ((word &+ 0x0606_0606_0606_0606) & highs) >> 4 == 0x3333_3333_3333_3333 else {
            return nil
        }
        // Pairs of digits, then fours, then the eight, each step a multiply that adds a lane
        // to ten, a hundred or ten thousand times its neighbour.
        var value = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* (10 << 8 + 1)) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
    }

    /// 10 to the power of each index up to 8.
    private static let powersOfTen: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

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
