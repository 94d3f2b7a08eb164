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

    /// Shows the query `steps` on in the history (back when negative), to edit, when there is
    /// one there.
    mutating func recallQuery(_ steps: Int) {
        if recall == nil, let queries = configuration.recalledQueries { recall = QueryRecall(queries) }
        guard let text = recall?.step(steps, current: query.text) else { return }
        if phase != .searching { openSearch() }
        guard phase == .searching else { return }
        replaceQuery(before: text, after: "")
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
        case .queryCursorWordLeft: queryCursor = Self.wordStart(before: cursor, in: characters)
        case .queryCursorWordRight: queryCursor = Self.wordEnd(after: cursor, in: characters)
        case .deleteWordForward:
            let end = Self.wordEnd(after: cursor, in: characters)
            replaceQuery(before: before, after: String(characters[end...]))
        case .deleteWordBackward:
            let start = Self.wordStart(before: cursor, in: characters)
            replaceQuery(before: String(characters[..<start]), after: after)
        default: break
        }
    }

    /// Leaves the search for the list, the query kept, as ↓ does in fzf: the list's keys then
    /// work (Space toggles), and typing goes on editing the query.
    mutating func leaveSearchForTheList() {
        if phase == .searching { phase = .browsing }
    }

    /// Whether a character is part of a word, for the word motions: letters and digits, as in
    /// readline.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Where the word before `cursor` starts in `characters` (readline's Alt-b): back over what
    /// is not a word, then over the word.
    static func wordStart(before cursor: Int, in characters: [Character]) -> Int {
        var index = cursor
        while index > 0, !isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Where the word after `cursor` ends in `characters` (readline's Alt-f): forward over what
    /// is not a word, then over the word.
    static func wordEnd(after cursor: Int, in characters: [Character]) -> Int {
        var index = cursor
        while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Pasted text as it goes into the query: line ends and tabs as spaces (a query is one
    /// line), other control characters left out.
    static func pastedText(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.compactMap { scalar in
                    if scalar == "\n" || scalar == "\r" || scalar == "\t" { return " " }
                    return TerminalText.isUnsafe(scalar) ? nil : scalar
                }))
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
