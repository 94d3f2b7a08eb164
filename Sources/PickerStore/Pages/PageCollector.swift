/// Friends gathered into ``GrowingPages`` and delivered as ``FriendPage``s, each with the
/// entries of the source skipped since the page before (cards or records that could not be
/// read, contacts with neither a name nor an address) and the first of them.
package struct PageCollector {
    private var pages: GrowingPages<[Friend]>
    /// Entries of the source skipped since the last page was delivered, and the first of them.
    private var skipped = 0
    private var firstSkipped: SkippedEntry?
    /// How many friends were added, and entries skipped, since the start.
    package private(set) var added = 0
    package private(set) var skippedInAll = 0
    /// The first entry skipped since the start.
    package private(set) var firstSkippedInAll: SkippedEntry?
    /// The encoding text that was not UTF-8 was taken for, until the next page says so.
    private var assumedEncoding: String?
    private var hasToldEncoding = false
    /// The size of the source in bytes, when it is known (a file), and how many of its bytes
    /// were read: each page says how many friends that suggests (``FriendPage/estimatedCount``),
    /// so that the list makes room for them once rather than growing, a copy at a time.
    package var sourceSize: Int?
    package var bytesRead = 0

    package init(firstPage: Int = PageSize.first, largestPage: Int = PageSize.largest) {
        pages = GrowingPages(first: firstPage, largest: largestPage)
    }

    /// Adds `friend`, delivering the page when it is full.
    package mutating func add(_ friend: consuming Friend, _ deliver: (FriendPage) -> Void) {
        added += 1
        guard let page = pages.add(friend) else { return }
        hand(page, deliver)
    }

    /// Counts `entry`, an entry of the source that is not a friend.
    package mutating func skip(_ entry: SkippedEntry) {
        skipped += 1
        skippedInAll += 1
        firstSkipped = firstSkipped ?? entry
        firstSkippedInAll = firstSkippedInAll ?? entry
    }

    /// Notes that text which was not UTF-8 was read as `encoding`: the next page says so, once.
    package mutating func assume(encoding: String) {
        guard !hasToldEncoding else { return }
        hasToldEncoding = true
        assumedEncoding = encoding
    }

    /// Delivers what is left, if anything.
    package mutating func finish(_ deliver: (FriendPage) -> Void) {
        let rest = pages.rest()
        if rest != nil || skipped > 0 || assumedEncoding != nil { hand(rest ?? [], deliver) }
    }

    /// The error for a source of which nothing could be read though something was skipped:
    /// the first entry skipped, and how many were; nil when a friend was read or nothing was
    /// skipped.
    package func nothingRead(source: String) -> SourceError? {
        guard added == 0, let first = firstSkippedInAll else { return nil }
        let others = skippedInAll - 1
        let more = others == 0 ? "" : " (and \(others) more skipped, none read)"
        return SourceError(source: source, problem: "\(first.place): \(first.problem)\(more)")
    }

    /// Delivers `page` with the entries skipped since the page before.
    private mutating func hand(_ page: [Friend], _ deliver: (FriendPage) -> Void) {
        var delivered = FriendPage(friends: page, skipped: skipped)
        delivered.estimatedCount = sourceSize.flatMap {
            FriendPage.estimatedCount(friends: added, read: bytesRead, of: $0)
        }
        delivered.firstSkipped = firstSkipped
        delivered.assumedEncoding = assumedEncoding
        skipped = 0
        firstSkipped = nil
        assumedEncoding = nil
        deliver(delivered)
    }
}
