/// Whether `friend` passes `query`: the predicate of the picker's search, as the Facebook
/// picker's `friendPickerViewController:shouldIncludeUser:` was of its own.
///
/// A friend passes when the query is empty, or when every whitespace-separated term occurs
/// somewhere in the friend's name (or, for a term that holds `@`, in one of its email
/// addresses), ignoring case, and ignoring accents unless the term has some: `jose` finds José
/// and Jose, `josé` finds only José, `zo kra` finds Zoë Kravitz.
///
/// This is the search a ``FriendList`` runs, on a list of this one friend. To search many
/// friends, put them in a list and ask it for ``FriendList/positions(matching:ranked:)``.
/// - Complexity: O(name length × terms).
public func shouldInclude(_ friend: Friend, query: String) -> Bool {
    var list = FriendList(sortOrder: .first)
    list.append([friend])
    return !list.positions(matching: SearchQuery(query)).isEmpty
}
