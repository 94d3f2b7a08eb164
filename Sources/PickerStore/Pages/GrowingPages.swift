/// Friends gathered into pages that grow as a source is read: the first page holds `first`
/// friends, so that the first screen can be drawn at once, and each later page twice as many
/// as the one before, up to `largest`, so that a large source takes few pages.
///
/// The one rule every reader pages by (files, text, address books, the friend cache): by
/// default ``PageSize/first``, doubling up to ``PageSize/largest``.
@usableFromInline
package struct GrowingPages<Page: GrowingPage> {
    /// The page being filled; a reader that fills it in place (``FriendTexts``) calls
    /// ``pageIfFull()`` after each friend.
    package var page = Page()
    /// How many friends the page being filled holds when it is full.
    package private(set) var size: Int
    private let largest: Int

    package init(first: Int = PageSize.first, largest: Int = PageSize.largest) {
        size = max(1, first)
        self.largest = max(1, largest, first)
    }

    /// The page, when it is full; the next page is twice as large, up to the largest.
    package mutating func pageIfFull() -> Page? {
        guard page.count >= size else { return nil }
        defer {
            size = min(size * 2, largest)
            page = Page()
            page.reserveCapacity(size)
        }
        return page
    }

    /// The page being filled, when it holds anyone: the last page, once the source has ended,
    /// or what came before the source paused; the next page is as large as this one would have
    /// been.
    package mutating func rest() -> Page? {
        defer { page = Page() }
        return page.count == 0 ? nil : page
    }
}

extension GrowingPages where Page == [Friend] {
    /// Adds `friend` to the page being filled.
    /// - Returns: the page, when `friend` filled it.
    package mutating func add(_ friend: consuming Friend) -> [Friend]? {
        page.append(friend)
        return pageIfFull()
    }
}

/// What a page of ``GrowingPages`` is kept in.
@usableFromInline
package protocol GrowingPage {
    init()
    var count: Int { get }
    /// Makes room for `count` friends.
    mutating func reserveCapacity(_ count: Int)
}

extension [Friend]: GrowingPage {}

/// The sizes of the pages readers deliver, by default.
@usableFromInline
package enum PageSize {
    /// The size of the first page: 1,000 friends, a screen's worth many times over.
    @usableFromInline package static let first = 1000
    /// The size pages grow to: 8,192 friends, so that the pages on their way to the list (one
    /// being read, one being made into a batch on each core, one being taken in) hold few
    /// strings. Pages of 16,384 loaded at most 3% faster once each core made batches of its
    /// own, and held 2–4 MB more at a million.
    @usableFromInline package static let largest = 8_192
}
