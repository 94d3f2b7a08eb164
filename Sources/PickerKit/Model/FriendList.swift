/// The friends of a session, sorted and sectioned, with their search keys.
///
/// Friends are sorted by first name (first, middle, last), ignoring case and accents, ties broken
/// by id, so the order is total. Sections are `A`–`Z` on the first letter of that sort key, then
/// `#` for keys that do not start with a Latin letter. Ids are unique: a repeated id keeps the
/// friend seen first.
public struct FriendList: Sendable {
    /// The friends in list order.
    public private(set) var friends: [Friend] = []
    /// The non-empty sections, in list order.
    public private(set) var sections: [Section] = []
    /// Each friend's name folded for accent-insensitive search, in list order.
    private(set) var foldedNames = ByteStore()
    /// Each non-ASCII name folded for case only, in list order; empty for ASCII names.
    private(set) var caseFoldedNames = ByteStore()
    private var positionById: [String: Int] = [:]
    /// Which part of the name the list is sorted and sectioned by.
    public let sortOrder: NameOrder

    /// An empty list, sorted by `sortOrder` as friends are added.
    public init(sortOrder: NameOrder = .first) {
        self.sortOrder = sortOrder
    }

    /// A list of `friends`; see ``append(_:)`` for repeated ids.
    public init(_ friends: [Friend], sortOrder: NameOrder = .first) {
        self.sortOrder = sortOrder
        append(friends)
    }

    /// The number of friends.
    public var count: Int { friends.count }

    /// The position of the friend with `id` in list order, if the list holds one.
    public func position(ofID id: String) -> Int? { positionById[id] }

    /// Adds `newFriends` and sorts again; friends whose id is already in the list are dropped.
    /// - Returns: how many were dropped.
    /// - Complexity: O(n log n) in the size of the whole list.
    @discardableResult
    public mutating func append(_ newFriends: [Friend]) -> Int {
        var all = friends
        var seen = positionById
        var dropped = 0
        for friend in newFriends {
            if seen[friend.id] != nil {
                dropped += 1
                continue
            }
            seen[friend.id] = all.count
            all.append(friend)
        }
        rebuild(all)
        return dropped
    }

    private mutating func rebuild(_ unsorted: [Friend]) {
        var folding = TextFolding()
        var sortKeys = ByteStore()
        for friend in unsorted { sortKeys.append(Self.sortKey(friend, order: sortOrder, folding: &folding)) }
        let letters = (0..<unsorted.count).map { Section.letter(forSortKey: sortKeys.range($0).first.map { sortKeys.bytes[$0] }) }
        let order = (0..<unsorted.count).sorted { a, b in
            if letters[a] != letters[b] { return Section.precedes(letters[a], letters[b]) }
            let byKey = sortKeys.compare(a, b)
            if byKey != 0 { return byKey < 0 }
            return unsorted[a].id.utf8.lexicographicallyPrecedes(unsorted[b].id.utf8)
        }
        friends = order.map { unsorted[$0] }
        positionById = Dictionary(uniqueKeysWithValues: friends.enumerated().map { ($1.id, $0) })
        foldedNames = ByteStore()
        caseFoldedNames = ByteStore()
        for friend in friends {
            foldedNames.append(folding.fold(friend.name, .caseAndAccents))
            caseFoldedNames.append(
                TextFolding.isASCII(friend.name) ? [] : folding.fold(friend.name, .caseOnly))
        }
        sections = Section.sections(letters: order.map { letters[$0] })
    }

    /// The name parts in `order` (first, middle, last; or last, first, middle) folded,
    /// separated by a byte below every printable one, so that `Ann Smith` sorts before
    /// `Anna Brown` and a missing part before a given one. A name with no last name sorts by
    /// its first name in last-name order.
    private static func sortKey(_ friend: Friend, order: NameOrder, folding: inout TextFolding) -> [UInt8] {
        let parts = friend.nameParts
        let ordered =
            order == .first || parts.last.isEmpty
            ? [parts.first, parts.middle, parts.last] : [parts.last, parts.first, parts.middle]
        return ordered.map { folding.fold($0, .caseAndAccents) }.joined(separator: [1]).map { $0 }
    }
}
