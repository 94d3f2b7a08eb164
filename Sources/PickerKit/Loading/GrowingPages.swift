/// Friends gathered into pages that grow as a source is read: the first page holds `first`
/// friends, so that the first screen can be drawn at once, and each later page twice as many
/// as the one before, up to `largest`, so that a large source takes few pages.
struct GrowingPages {
    private var page: [Friend] = []
    private var size: Int
    private let largest: Int

    init(first: Int, largest: Int) {
        size = max(1, first)
        self.largest = max(1, largest, first)
    }

    /// Adds `friend` to the page being filled.
    /// - Returns: the page, when `friend` filled it.
    mutating func add(_ friend: consuming Friend) -> [Friend]? {
        page.append(friend)
        guard page.count >= size else { return nil }
        defer {
            size = min(size * 2, largest)
            page = []
            page.reserveCapacity(size)
        }
        return page
    }

    /// The page being filled, when it holds anyone: the last page, once the source has ended.
    mutating func rest() -> [Friend]? {
        defer { page = [] }
        return page.isEmpty ? nil : page
    }
}
