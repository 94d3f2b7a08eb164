extension PickerState {
    /// Applies `text` as the query. The cursor goes to the first friend shown, or, with
    /// `keepingCursor`, stays on the friend it was on when that friend is still shown.
    mutating func setQuery(_ text: String, keepingCursor: Bool = false) {
        let kept = keepingCursor ? cursor.map { rows[$0] } : nil
        let newQuery = SearchQuery(text)
        shown = list.positions(matching: newQuery, among: newQuery.narrows(query) ? shown : nil)
        query = newQuery
        findRecent()
        cursor = rows.isEmpty ? nil : 0
        scrollTop = 0
        if let kept { placeCursor(onPosition: kept) }
    }

    /// `text` without its last word and the spaces after it, as readline's Ctrl-W does.
    static func deletingLastWord(_ text: String) -> String {
        var result = Substring(text)
        while result.last?.isWhitespace == true { result.removeLast() }
        while let last = result.last, !last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
