/// Friends gathered into pages that grow as a source is read: the first page holds
/// `firstPage` friends, so that the first screen can be drawn at once, and each later page
/// twice as many as the one before, up to `largestPage`.
struct PageCollector {
    private var page: [Friend] = []
    private var pageSize: Int
    private let largestPage: Int
    /// Entries of the source skipped since the last page was delivered.
    private var skipped = 0

    init(firstPage: Int = 1000, largestPage: Int = 65_536) {
        pageSize = max(1, firstPage)
        self.largestPage = max(largestPage, pageSize)
    }

    /// Adds `friend`, delivering the page when it is full.
    mutating func add(_ friend: Friend, _ deliver: (FriendPage) -> Void) {
        page.append(friend)
        guard page.count >= pageSize else { return }
        deliver(FriendPage(friends: page, skipped: skipped))
        page = []
        skipped = 0
        pageSize = min(pageSize * 2, largestPage)
    }

    /// Counts an entry of the source that is not a friend (a contact without a name).
    mutating func skip() {
        skipped += 1
    }

    /// Delivers what is left, if anything.
    mutating func finish(_ deliver: (FriendPage) -> Void) {
        if !page.isEmpty || skipped > 0 { deliver(FriendPage(friends: page, skipped: skipped)) }
        page = []
        skipped = 0
    }
}
