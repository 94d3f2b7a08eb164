/// Friends gathered into ``GrowingPages`` and delivered as ``FriendPage``s, each with the
/// entries of the source skipped since the page before (contacts without a name).
package struct PageCollector {
    private var pages: GrowingPages<[Friend]>
    /// Entries of the source skipped since the last page was delivered.
    private var skipped = 0

    package init(firstPage: Int = PageSize.first, largestPage: Int = PageSize.largest) {
        pages = GrowingPages(first: firstPage, largest: largestPage)
    }

    /// Adds `friend`, delivering the page when it is full.
    package mutating func add(_ friend: Friend, _ deliver: (FriendPage) -> Void) {
        guard let page = pages.add(friend) else { return }
        deliver(FriendPage(friends: page, skipped: skipped))
        skipped = 0
    }

    /// Counts an entry of the source that is not a friend (a contact without a name).
    package mutating func skip() {
        skipped += 1
    }

    /// Delivers what is left, if anything.
    package mutating func finish(_ deliver: (FriendPage) -> Void) {
        let rest = pages.rest()
        if rest != nil || skipped > 0 { deliver(FriendPage(friends: rest ?? [], skipped: skipped)) }
        skipped = 0
    }
}
