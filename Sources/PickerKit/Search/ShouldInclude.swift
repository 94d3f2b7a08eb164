/// Whether `friend` passes `query`: the predicate of the picker's search, as the Facebook
/// picker's `friendPickerViewController:shouldIncludeUser:` was of its own.
///
/// A friend passes when the query is empty, or when every whitespace-separated term occurs
/// somewhere in the friend's name, ignoring case, and ignoring accents unless the term has
/// some: `jose` finds José and Jose, `josé` finds only José, `zo kra` finds Zoë Kravitz.
///
/// This is the search a ``FriendList`` runs, on one friend: the name is folded as the list
/// folds a name when it arrives, and its keys are matched as the list matches them. To search
/// many friends, put them in a list and ask it for ``FriendList/positions(matching:among:)``.
/// - Complexity: O(name length × terms).
public func shouldInclude(_ friend: Friend, query: String) -> Bool {
    var keys = NameKeys()
    var folding = TextFolding()
    keys.add(friend, folding: &folding)
    let compiled = CompiledQuery(SearchQuery(query, folding: &folding))
    return keys.withView { $0.matches(0, compiled) }
}
