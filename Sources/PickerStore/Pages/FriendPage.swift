/// Some friends of a source, as one response or one read delivered them.
public struct FriendPage: Hashable, Sendable {
    /// The page's friends, as a reader made them.
    package enum Content: Sendable {
        case friends([Friend])
        /// Their strings' bytes only, as the JSON reader keeps a Graph page's friends.
        case texts(FriendTexts)

        public var count: Int {
            switch self {
            case .friends(let friends): friends.count
            case .texts(let texts): texts.count
            }
        }
    }

    var content: Content
    /// How many friends the source says it has in all, when it says (`summary.total_count`).
    public var announcedTotal: Int?
    /// How many entries of the source were skipped (cards or records that could not be read,
    /// contacts with neither a name nor an address) since the page before.
    public var skipped: Int
    /// The first of the entries skipped since the page before, with why.
    package var firstSkipped: SkippedEntry?
    /// The encoding the reader took text for where it was not UTF-8 (`Windows-1252`), when it
    /// did so since the page before.
    package var assumedEncoding: String?
    /// About how many friends the source holds in all, judged from how much of it is read:
    /// the list makes room for them at once instead of growing, a copy at a time, as they
    /// come. Never shown (``announcedTotal`` is what the source says).
    package var estimatedCount: Int?
    /// What the source passed over since the page before, each naming where and why (a file of
    /// a folder that could not be read, one of several sources that failed): told on standard
    /// error once the picker ends, while the rest of the source is shown.
    package var problems: [SourceError] = []
    /// Friends delivered on a page before, each with more than it had then (what another
    /// source knows of the same person, see ``SourceMerge``): the list takes their details in
    /// place of those it holds, under the same id, name and place.
    package var amended: [Friend] = []
    /// The id each contact made one with a friend delivered before had in its own source, and
    /// that friend's (``SourceMerge``): what a pick or `--select` under the first still finds.
    package var mergedIDs: [String: String] = [:]

    public init(friends: [Friend], announcedTotal: Int? = nil, skipped: Int = 0, estimatedCount: Int? = nil) {
        self.init(.friends(friends), announcedTotal: announcedTotal, skipped: skipped, estimatedCount: estimatedCount)
    }

    package init(_ content: Content, announcedTotal: Int? = nil, skipped: Int = 0, estimatedCount: Int? = nil) {
        self.content = content
        self.announcedTotal = announcedTotal
        self.skipped = skipped
        self.estimatedCount = estimatedCount
    }

    /// The page's friends (made from their strings' bytes when the reader kept only those).
    public var friends: [Friend] {
        get {
            switch content {
            case .friends(let friends): friends
            case .texts(let texts): texts.friends
            }
        }
        set { content = .friends(newValue) }
    }

    /// The number of friends on the page.
    public var count: Int { content.count }

    /// Pages are equal when they hold the same friends and counts, however they hold them.
    public static func == (left: FriendPage, right: FriendPage) -> Bool {
        left.announcedTotal == right.announcedTotal && left.skipped == right.skipped
            && left.firstSkipped == right.firstSkipped && left.assumedEncoding == right.assumedEncoding
            && left.estimatedCount == right.estimatedCount && left.problems == right.problems
            && left.amended == right.amended && left.mergedIDs == right.mergedIDs && left.friends == right.friends
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(friends)
        hasher.combine(announcedTotal)
        hasher.combine(skipped)
        hasher.combine(firstSkipped)
        hasher.combine(estimatedCount)
        hasher.combine(problems)
        hasher.combine(amended)
        hasher.combine(mergedIDs)
    }

    /// About how many friends a source of `size` bytes holds when its first `read` bytes held
    /// `friends`; nil when nothing is known.
    package static func estimatedCount(friends: Int, read: Int, of size: Int) -> Int? {
        guard read > 0, size >= read else { return nil }
        return GrowthPlan.scaled(friends, read, to: size)
    }
}
