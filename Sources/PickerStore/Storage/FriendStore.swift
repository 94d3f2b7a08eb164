import Synchronization

/// Friends that any thread can add to and any thread can search: a ``FriendList`` and a
/// ``SelectionSet`` behind a lock, for a program that receives friends as they come (from a
/// network, another process) while its user searches them.
///
/// Friends are made ready for the list (their keys folded, their page sorted) on the thread
/// that adds them, and only merged into the list under the lock, so that several threads can
/// add at once. A search copies the list out of the lock (a copy shares its storage) and runs
/// without holding it.
public final class FriendStore: Sendable {
    private struct Contents {
        var list: FriendList
        var selection = SelectionSet()
    }

    private let contents: Mutex<Contents>
    /// How the list is sorted and sectioned.
    public let sortOrder: NameOrder

    /// An empty store whose list is sorted by `sortOrder`.
    public init(sortOrder: NameOrder = .first) {
        self.sortOrder = sortOrder
        contents = Mutex(Contents(list: FriendList(sortOrder: sortOrder)))
    }

    /// Adds `friends`, from any thread. A friend whose id is in the store already is left out
    /// (the first of each id is kept).
    /// - Returns: how many friends were left out.
    /// - Complexity: O(k log k) for k friends on the calling thread, then a merge of O(n + k)
    ///   under the lock.
    @discardableResult
    public func append(_ friends: [Friend]) -> Int {
        let batch = FriendBatch(FriendPage(friends: friends), sortOrder: sortOrder)
        return contents.withLock { $0.list.append(batch) }
    }

    /// How many friends the store holds.
    public var count: Int { contents.withLock { $0.list.count } }

    /// The friends that pass `query` now: best first when `ranked` (see ``NameMatch/score``),
    /// else in list order.
    ///
    /// The snapshot keeps the list as it was; while one is kept, the next ``append(_:)``
    /// copies the list before adding to it.
    /// - Complexity: O(n) over every core, for n friends.
    public func search(_ query: SearchQuery, ranked: Bool = true) -> SearchSnapshot {
        let list = contents.withLock { $0.list }
        let result = list.search(query, ranking: ranked ? Ranking() : nil)
        return SearchSnapshot(list: list, positions: result.inOrder)
    }

    /// The friend with `id`, if the store holds one.
    public func friend(withID id: String) -> Friend? {
        contents.withLock { contents in contents.list.position(ofID: id).map { contents.list.friends[$0] } }
    }

    /// The selected friends' ids, in the order they were picked; an id may be selected before
    /// its friend arrives.
    public var selectedIDs: [String] { contents.withLock { $0.selection.orderedIDs } }

    /// The selected friends the store holds, in the order they were picked.
    public var selectedFriends: [Friend] {
        contents.withLock { contents in
            contents.selection.orderedIDs.compactMap { id in
                contents.list.position(ofID: id).map { contents.list.friends[$0] }
            }
        }
    }

    /// Whether the friend with `id` is selected.
    public func isSelected(_ id: String) -> Bool { contents.withLock { $0.selection.contains(id) } }

    /// Selects the friend with `id` after those selected already.
    public func select(_ id: String) { contents.withLock { $0.selection.insert(id) } }

    /// Deselects the friend with `id`.
    public func deselect(_ id: String) { contents.withLock { $0.selection.remove(id) } }

    /// Selects the friend with `id` if it was not selected, deselects it otherwise.
    public func toggle(_ id: String) { contents.withLock { $0.selection.toggle(id) } }

    /// Deselects everyone.
    public func clearSelection() { contents.withLock { $0.selection = SelectionSet() } }
}

/// The friends a search of a ``FriendStore`` found, in the order to show them.
public struct SearchSnapshot: RandomAccessCollection, Sendable {
    private let list: FriendList
    private let positions: [Int]

    init(list: FriendList, positions: [Int]) {
        self.list = list
        self.positions = positions
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions.count }
    public subscript(index: Int) -> Friend { list.friends[positions[index]] }
}
