/// How the stores of a list make room ahead of the friends a source expects.
///
/// A store that outgrows its buffer is copied into one twice as large, and for that moment
/// held twice: near a million friends the accent keys alone are 16 MB, so the copy, not the
/// list, would set the peak. Room made once, early, is never copied; memory the system gives
/// is resident only once written, so room beyond the friends that come costs nothing but
/// address space.
enum GrowthPlan {
    /// The most friends, as a multiple of those already stored, that room is made for: a
    /// source's word (a total a server sends) is believed that far and no further.
    static let largestReach = 16

    /// Makes room in `array` for `count` elements, and a quarter more, when it has less.
    static func reserve<Element>(_ array: inout [Element], _ count: Int) {
        guard array.capacity < count else { return }
        array.reserveCapacity(count + count / 4)
    }

    /// `amount` for `have` items, scaled to `total` items.
    static func scaled(_ amount: Int, _ have: Int, to total: Int) -> Int {
        guard have > 0 else { return amount }
        return Int((Double(amount) * Double(total) / Double(have)).rounded(.up))
    }
}
