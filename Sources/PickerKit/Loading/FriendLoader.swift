import FoundationEssentials
import Glibc

/// Some friends of a source, as one response or one read delivered them.
public struct FriendPage: Hashable, Sendable {
    /// The page's friends, as a reader made them.
    enum Content: Sendable {
        case friends([Friend])
        /// Their strings' bytes only, as the JSON reader keeps a Graph page's friends.
        case texts(FriendTexts)

        var count: Int {
            switch self {
            case .friends(let friends): friends.count
            case .texts(let texts): texts.count
            }
        }
    }

    var content: Content
    /// How many friends the source says it has in all, when it says (`summary.total_count`).
    public var totalCount: Int?
    /// How many entries of the source were skipped for having no name (contacts without one)
    /// since the page before.
    public var skipped: Int
    /// About how many friends the source holds in all, judged from how much of it is read:
    /// the list makes room for them at once instead of growing, a copy at a time, as they
    /// come. Never shown (``totalCount`` is what the source says).
    public var expectedCount: Int?

    public init(friends: [Friend], totalCount: Int? = nil, skipped: Int = 0, expectedCount: Int? = nil) {
        self.init(.friends(friends), totalCount: totalCount, skipped: skipped, expectedCount: expectedCount)
    }

    init(_ content: Content, totalCount: Int? = nil, skipped: Int = 0, expectedCount: Int? = nil) {
        self.content = content
        self.totalCount = totalCount
        self.skipped = skipped
        self.expectedCount = expectedCount
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
        left.totalCount == right.totalCount && left.skipped == right.skipped
            && left.expectedCount == right.expectedCount && left.friends == right.friends
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(friends)
        hasher.combine(totalCount)
        hasher.combine(skipped)
        hasher.combine(expectedCount)
    }

    /// About how many friends a source of `size` bytes holds when its first `read` bytes held
    /// `friends`; nil when nothing is known.
    static func expectedCount(friends: Int, read: Int, of size: Int) -> Int? {
        guard read > 0, size >= read else { return nil }
        return GrowthPlan.scaled(friends, read, to: size)
    }
}

/// Reads a source to its end, page by page.
///
/// Every source (file, standard input, Graph over HTTP) is one of these; the picker runs it on
/// a thread of its own and turns each page into a ``PickerEvent/friendsArrived(_:expectedTotal:)``.
public protocol FriendLoader: Sendable {
    /// Delivers each page to `deliver` as it arrives, in order. Blocks until the source is read.
    /// - Throws: ``SourceError`` when the source fails; pages delivered before it stay delivered.
    func load(_ deliver: (FriendPage) -> Void) throws(SourceError)
}

extension FriendLoader {
    /// Everyone the source holds, in a list sorted by `sortOrder` (which counts the contacts
    /// skipped for having no name); how many friends were left out for an id seen before; and
    /// the total the source announced last, if it did.
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    public func list(sortOrder: NameOrder) throws(SourceError) -> (list: FriendList, leftOut: Int, total: Int?) {
        var list = FriendList(sortOrder: sortOrder)
        var leftOut = 0
        var total: Int?
        try load { page in
            leftOut += list.append(FriendBatch(page, sortOrder: sortOrder))
            total = page.totalCount ?? total
        }
        return (list, leftOut, total)
    }
}

/// Standard input, read by its content as a file named with `--source` is (see
/// ``SourceFormat``): plain text, one name per line, delivered in growing pages as it comes;
/// JSON, delivered as one page, vCard or a contacts CSV, in growing pages, once read whole.
struct StandardInputLoader: FriendLoader {
    /// The start of standard input, when it was read already to tell the format
    /// (``StandardInput/readHead(descriptor:source:)``); nil to read it here.
    var head: [UInt8]?

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let head: [UInt8]
        if let read = self.head { head = read } else { head = try StandardInput.readHead() }
        try Self.read(head: head, descriptor: 0, deliver)
    }

    /// What standard input held, already read whole.
    struct Preread: FriendLoader {
        let data: Data

        func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
            try StandardInputLoader.read(data, deliver)
        }
    }

    /// Delivers the friends of the source that starts with `head` and goes on in the open
    /// `descriptor` (standard input, or the pipe messages call `source`): text as its lines
    /// come, any other format once the rest is read.
    static func read(
        head: [UInt8], descriptor: Int32, source: String = FriendSource.standardInput.displayName,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        guard head.withUnsafeBufferPointer({ SourceFormat.of($0) }) == .text else {
            var input = Data(head)
            input.append(try StandardInput.readAll(descriptor: descriptor, source: source))
            try read(input, source: source, deliver)
            return
        }
        try NameLines.readPages(head: head, descriptor: descriptor, source: source, deliver)
    }

    /// Delivers the friends of `input`, what standard input (or the source messages call
    /// `source`) held.
    static func read(
        _ input: Data, source: String = FriendSource.standardInput.displayName, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        switch SourceFormat.of(input) {
        case .json: deliver(FriendPage(friends: try FriendsJSON.decode(input, source: source)))
        case .vCard:
            var reader = VCardReader(source: source)
            try reader.readAll(.bytes(input), source: source, deliver)
        case .contactsCSV:
            var reader = ContactsCSV(source: source)
            try reader.readAll(.bytes(input), source: source, deliver)
        case .text:
            try NameLines.readPages(input, source: source, deliver)
        case .zipArchive:
            throw SourceError(
                source: source, problem: "is a .zip archive: give it with --source FILE (unzip reads files, not pipes)")
        case .wideText: throw SourceFormat.wideTextError(source)
        }
    }
}
