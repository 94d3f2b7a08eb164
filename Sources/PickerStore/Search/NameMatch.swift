/// How a friend passed a query: how good the match is, and which parts of the name matched.
public struct NameMatch: Hashable, Sendable {
    /// How good the match is, lower being better; the picker shows the friends that pass a
    /// query best first by it. It is the sum, over the query's terms, of where each matched: 0
    /// at the start of the name, 1 at the start of a later word, 2 inside a word or in an email
    /// address.
    public let score: Int
    /// The parts of the friend's `name` that the query's terms matched, in order and apart,
    /// for highlighting; empty when the query has only exclusions, or matched an address.
    public let highlights: [Range<String.Index>]
}

extension SearchQuery {
    /// Whether `friend` passes the query: the same search the picker runs on its list, on this
    /// one friend (see ``shouldInclude(_:query:)``).
    /// - Complexity: O(name length × terms).
    public func matches(_ friend: Friend) -> Bool {
        match(friend) != nil
    }

    /// How `friend` passes the query, or nil when it does not: the score the picker ranks it
    /// by, and the parts of its name to highlight.
    /// - Complexity: O(name length × terms).
    public func match(_ friend: Friend) -> NameMatch? {
        var list = FriendList(sortOrder: .first)
        _ = list.append([friend])
        let score = list.score(atPosition: 0, for: self)
        guard score != MatchTier.noMatch else { return nil }
        var highlighter = NameHighlighter()
        let matched = highlighter.matchedCharacters(in: friend.name, query: self, parts: friend)
        var highlights: [Range<String.Index>] = []
        var index = friend.name.startIndex
        var start: String.Index?
        for isMatched in matched {
            if isMatched, start == nil { start = index }
            if !isMatched, let first = start {
                highlights.append(first..<index)
                start = nil
            }
            index = friend.name.index(after: index)
        }
        if let start { highlights.append(start..<friend.name.endIndex) }
        return NameMatch(score: Int(score), highlights: highlights)
    }
}
