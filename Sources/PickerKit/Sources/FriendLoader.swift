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

/// A source read in one go, delivered as one page: a file or standard input.
struct WholeSourceLoader: FriendLoader {
    /// How messages name the source.
    let source: String
    let read: @Sendable () throws -> [Friend]

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let friends: [Friend]
        do {
            friends = try read()
        } catch let error as SourceError {
            throw error
        } catch {
            throw SourceError(source: source, problem: "\(error)")
        }
        deliver(FriendPage(friends: friends))
    }
}
