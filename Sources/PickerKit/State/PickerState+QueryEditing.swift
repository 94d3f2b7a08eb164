import PickerSources
import PickerStore

extension PickerState {
    /// Opens the search from the list, the loading screen or the review (which closes), the
    /// query's cursor at its end.
    mutating func openSearch() {
        switch phase {
        case .browsing, .loading: break
        case .reviewing: endReview()
        default: return
        }
        phase = .searching
        queryCursor = query.text.count
    }

    /// Types `text` at the query's cursor; from the list, the loading screen or the review, a
    /// search starts with it.
    mutating func type(_ text: String) {
        if phase != .searching { openSearch() }
        guard phase == .searching else { return }
        let characters = Array(query.text)
        let cursor = min(queryCursor, characters.count)
        replaceQuery(before: String(characters[..<cursor]) + text, after: String(characters[cursor...]))
    }

    /// Moves the query's cursor or deletes around it, as readline does.
    mutating func editQuery(_ event: PickerEvent) {
        let characters = Array(query.text)
        let cursor = min(queryCursor, characters.count)
        let before = String(characters[..<cursor])
        let after = String(characters[cursor...])
        switch event {
        case .queryCursorLeft: queryCursor = max(0, cursor - 1)
        case .queryCursorRight: queryCursor = min(characters.count, cursor + 1)
        case .queryCursorToStart: queryCursor = 0
        case .queryCursorToEnd: queryCursor = characters.count
        case .deleteBackward: replaceQuery(before: String(before.dropLast()), after: after)
        case .deleteForward: replaceQuery(before: before, after: String(after.dropFirst()))
        case .deleteWord: replaceQuery(before: Self.deletingLastWord(before), after: after)
        case .deleteToStart: replaceQuery(before: "", after: after)
        default: break
        }
    }

    /// Empties the search and shows everyone, the cursor staying on its friend, on the same row
    /// of the screen.
    mutating func clearSearch() {
        keepingTheCursorsRow { $0.setQuery("", keepingCursor: true) }
        queryCursor = 0
    }

    /// Makes the query `before` then `after`, its cursor between them; the list is searched
    /// again only when the text changed.
    private mutating func replaceQuery(before: String, after: String) {
        let text = before + after
        if text != query.text { setQuery(text) }
        queryCursor = min(before.count, text.count)
    }
}
