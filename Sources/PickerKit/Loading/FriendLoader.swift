import Foundation

/// Some friends of a source, as one response or one read delivered them.
public struct FriendPage: Hashable, Sendable {
    public var friends: [Friend]
    /// How many friends the source says it has in all, when it says (`summary.total_count`).
    public var totalCount: Int?

    public init(friends: [Friend], totalCount: Int? = nil) {
        self.friends = friends
        self.totalCount = totalCount
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
    /// Everyone the source holds, in a list sorted by `sortOrder`; and how many friends were
    /// left out for an id seen before.
    /// - Throws: ``SourceError`` when the source fails, even after some friends were read.
    func list(sortOrder: NameOrder) throws(SourceError) -> (list: FriendList, leftOut: Int) {
        var list = FriendList(sortOrder: sortOrder)
        var leftOut = 0
        try load { page in leftOut += list.append(page.friends) }
        return (list, leftOut)
    }
}

/// A JSON file, read a chunk at a time and delivered in growing pages, so that the first
/// screen shows while the rest is read.
struct JSONFileLoader: FriendLoader {
    let path: String

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        try FriendsJSON.readPages(path: path) { deliver(FriendPage(friends: $0)) }
    }
}

/// Standard input: JSON, delivered as one page, or plain text, one name per line, delivered
/// in growing pages.
struct StandardInputLoader: FriendLoader {
    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        try Self.read(try StandardInput.readAll()) { deliver(FriendPage(friends: $0)) }
    }

    /// What standard input held, already read.
    struct Preread: FriendLoader {
        let data: Data

        func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
            try StandardInputLoader.read(data) { deliver(FriendPage(friends: $0)) }
        }
    }

    /// Delivers the friends of `data`, what standard input held.
    static func read(_ input: Data, _ deliver: ([Friend]) -> Void) throws(SourceError) {
        let source = FriendSource.standardInput.displayName
        let data = FriendsJSON.withoutByteOrderMark(input)
        if FriendSource.looksLikeJSON(data) {
            deliver(try FriendsJSON.decode(data, source: source))
        } else {
            try NameLines.readPages(data, source: source, deliver)
        }
    }
}
