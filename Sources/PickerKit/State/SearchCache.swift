import PickerStore

/// What the last queries found, by their text, in the list they were looked for in: a query
/// typed again (after a backspace, or the letters typed again after it) is shown without a
/// search. fzf keeps its results so too. Emptied whenever the list or the friends favoured
/// change.
struct SearchCache: Sendable {
    /// The results kept, the most recently used last.
    private var entries: [(text: String, result: SearchResult)] = []

    /// The most results kept.
    static let capacity = 16
    /// The most positions the results kept hold together (8 MB of them and as much again
    /// ranked): the results of a million friends are kept for two one-letter queries, not for
    /// sixteen.
    static let positionBudget = 2_000_000

    /// The result kept for the query `text`, now the most recently used.
    mutating func result(for text: String) -> SearchResult? {
        guard let index = entries.lastIndex(where: { $0.text == text }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.result
    }

    /// The positions of the fewest friends a query kept found (as typed, not one typo away)
    /// among which are all that `query` finds: a query that `query` narrows (see
    /// ``SearchQuery/narrows(_:)``); nil when none is kept.
    /// - Complexity: O(k × query length) for k results kept: each query is read again.
    func positions(narrowedBy query: SearchQuery) -> Positions? {
        entries.lazy.filter { entry in
            entry.result.typoTerms.isEmpty
                && query.narrows(SearchQuery(entry.text, searchesAddresses: query.searchesAddresses))
        }.min { $0.result.count < $1.result.count }?.result.positions
    }

    /// Keeps `result` for the query `text`, leaving out the least recently used results past
    /// ``capacity`` or ``positionBudget``.
    mutating func keep(_ result: SearchResult, for text: String) {
        entries.removeAll { $0.text == text }
        entries.append((text, result))
        var held = entries.reduce(0) { $0 + $1.result.count }
        while entries.count > Self.capacity || (held > Self.positionBudget && entries.count > 1) {
            held -= entries.removeFirst().result.count
        }
    }

    /// Forgets every result.
    mutating func empty() {
        entries.removeAll()
    }
}
