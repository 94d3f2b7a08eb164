/// Friends gathered into pages that grow as a source is read: the first page holds `first`
/// friends, so that the first screen can be drawn at once, and each later page twice as many
/// as the one before, up to `largest`, so that a large source takes few pages.
///
/// The one rule every reader pages by (files, text, address books, the friend cache): by
/// default ``firstSize``, doubling up to ``largestSize``.
@usableFromInline
struct GrowingPages {
    /// The size of the first page by default: 1,000 friends, a screen's worth many times over.
    @usableFromInline static let firstSize = 1000
    /// The size pages grow to by default: 8,192 friends, so that the pages on their way to the
    /// list (one being read, one being made into a batch on each core, one being taken in) hold
    /// few strings. Pages of 16,384 loaded at most 3% faster once each core made batches of its own,
    /// and held 2–4 MB more at a million.
    @usableFromInline static let largestSize = 8_192

    private var page: [Friend] = []
    private var size: Int
    private let largest: Int

    init(first: Int = firstSize, largest: Int = largestSize) {
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

    /// The page being filled, when it holds anyone: the last page, once the source has ended,
    /// or what came before the source paused; the next page is as large as this one would have
    /// been.
    mutating func rest() -> [Friend]? {
        defer { page = [] }
        return page.isEmpty ? nil : page
    }
}
