/// A friend that a search of a list found, to be put among the lines of names kept apart
/// (``OrderedLines/merged(with:dropping:)``) where a list of both would show it: its score, its
/// number in the source and its sort key, and what it prints as.
struct ListedMatch {
    /// Its score (see ``MatchTier``); ``MatchTier/nameStart`` when the search did not rank.
    var score: UInt8
    /// The friend's number in the source (from 1, in the order friends came).
    var number: UInt32
    /// Its sort key (``SortEntry``); empty in a list kept in input order.
    var key: [UInt8]
    /// The prefix of its sort key.
    var prefix: ListOrder.Prefix
    /// The friends it prints as: itself, or a group's members found in the list.
    var printed: [Friend]

    /// The friends of `list` that `query` includes, in the order the list shows them: best
    /// first when `ranked` (see ``MatchTier``), then in list order. `numbers` holds the number
    /// in the source of each of the list's friends, in the order the list took them in.
    /// - Complexity: O(n / 64) for the n friends of the list, and O(k × name length) for the k
    ///   found.
    static func all(in list: FriendList, _ query: SearchQuery, ranked: Bool, numbers: [UInt32]) -> [ListedMatch] {
        let positions = list.search(query, ranking: ranked ? Ranking() : nil).inOrder
        let scores =
            ranked && query.hasPositiveTerms
            ? list.scores(atPositions: positions, for: query)
            : [UInt8](repeating: MatchTier.nameStart, count: positions.count)
        let comparison = list.inputOrder == nil ? list.entryComparison : nil
        return positions.indices.map { index in
            let friend = list.order[positions[index]]
            let key = comparison?.key(friend) ?? []
            return ListedMatch(
                score: scores[index], number: numbers[Int(friend)], key: key,
                prefix: key.withUnsafeBufferPointer { ListOrder.Prefix($0, 0..<$0.count) },
                printed: list.expandingGroups([list.friends[positions[index]]]))
        }
    }
}
