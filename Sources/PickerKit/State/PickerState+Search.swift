import PickerSources
import PickerStore

extension PickerState {
    /// Applies `text` as the query. The cursor goes to the first friend shown, or, with
    /// `keepingCursor`, stays on the friend it was on when that friend is still shown.
    mutating func setQuery(_ text: String, keepingCursor: Bool = false) {
        let kept = keepingCursor ? cursor.map { rows[$0] } : nil
        let newQuery = SearchQuery(text, searchesAddresses: configuration.searchesAddresses)
        let narrows = newQuery.narrows(query)
        query = newQuery
        search(among: narrows ? shown : nil)
        findRecent()
        findGroups()
        cursor = rows.isEmpty ? nil : 0
        scrollTop = 0
        if let kept { placeCursor(onPosition: kept) }
    }

    /// Shows the friends that pass the query, looked for among `candidates` when they are
    /// given: best first when the configuration ranks them, the friends picked most first
    /// among equals (in a list kept in the source's order, that order alone, as `--filter`
    /// gives); when nobody passes, those one typo away (see
    /// ``FriendList/searchAllowingTypos(_:known:ranking:)``), looked for among what the terms
    /// typed right found before, when it is kept.
    ///
    /// A query searched before in the same list, with the same friends favoured, is not
    /// searched again (see ``SearchCache``).
    mutating func search(among candidates: Positions? = nil) {
        if let found = searchCache.result(for: query.text) {
            show(found)
            return
        }
        let favoured = list.inputOrder == nil ? favoured : []
        let ranking = configuration.ranksMatches ? Ranking(favoured: favoured) : nil
        var result = list.search(query, among: candidates, ranking: ranking)
        if result.count == 0,
            let typos = list.searchAllowingTypos(
                query, known: { [searchCache] in searchCache.positions(narrowedBy: $0) }, ranking: ranking)
        {
            result = typos
        }
        if !query.isEmpty { searchCache.keep(result, for: query.text) }
        show(result)
    }

    /// Shows the friends `result` found.
    private mutating func show(_ result: SearchResult) {
        shown = result.positions
        ranked = result.ranked
        typoTerms = result.typoTerms
    }

    /// `text` without its last word and the spaces after it, as readline's Ctrl-W does.
    static func deletingLastWord(_ text: String) -> String {
        var result = Substring(text)
        while result.last?.isWhitespace == true { result.removeLast() }
        while let last = result.last, !last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
