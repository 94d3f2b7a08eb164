import PickerSources
import PickerStore

/// The key table: every key the picker takes, per phase, with what it does and how the help
/// tells it. Keys are looked up in it, and `--help`, the man page, the `?` overlay and the
/// bottom line are written from it, so that what they say cannot drift from what the keys do.
///
/// A key in a phase does what the first binding of that phase that takes it says; bindings are
/// listed in that order, which is also the order help lists them in. To change a key, change
/// its binding (or give a phase a binding of its own before the shared one).
package struct KeyMap: Hashable, Sendable {
    /// The bindings, in the order keys are looked up and help lists them.
    package var bindings: [KeyBinding]

    package init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// Rows the wheel moves per notch.
    package static let wheelStep = 3

    /// What `key` does in `phase`, or nil when it does nothing there; `queryIsEmpty` says
    /// whether a search is kept (some keys work only without one, where they type otherwise).
    package func command(for key: Key, in phase: Phase, queryIsEmpty: Bool = true) -> KeyCommand? {
        for binding in bindings where binding.phases.contains(phase) && (queryIsEmpty || !binding.onlyWithoutQuery) {
            if let rule = binding.rules.first(where: { $0.keys.matches(key) }) { return rule.action.command(for: key) }
        }
        return nil
    }

    /// The event `key` sends in `phase`, or nil when it sends none.
    package func event(for key: Key, in phase: Phase, queryIsEmpty: Bool = true) -> PickerEvent? {
        guard case .send(let event)? = command(for: key, in: phase, queryIsEmpty: queryIsEmpty) else { return nil }
        return event
    }

    /// The table with each of `keys` finishing the picker before anything else it does, its
    /// name noted for the output (`--expect`).
    package func expecting(_ keys: [(name: String, key: Key)]) -> KeyMap {
        let finishing = KeyBinding(
            [.loading, .browsing, .searching, .reviewing], help: nil,
            rules: keys.map { KeyBinding.Rule.keys($0.key, send: .doneByKey($0.name)) })
        return KeyMap([finishing] + bindings)
    }

    /// The table with Ctrl-P and Ctrl-N recalling the queries of `--history` in the list and
    /// the search, as fzf's do with a history; Up and Down, Ctrl-K and Ctrl-J still move.
    package func recallingQueries() -> KeyMap {
        let recalling = KeyBinding(
            [.browsing, .searching],
            help: KeyHelp(.searching, "Ctrl-P, Ctrl-N", "with --history: the query before, after"),
            .keys(.control("p"), send: .recallPreviousQuery), .keys(.control("n"), send: .recallNextQuery))
        return KeyMap([recalling] + bindings)
    }

    /// The help of every binding that has some, in table order.
    package var help: [KeyHelp] { bindings.compactMap(\.help) }

    /// The hints of the bindings of `phase`, in table order, for the bottom line; `filtered`
    /// when a search is applied.
    func hints(in phase: Phase, filtered: Bool = false) -> [String] {
        bindings.filter { $0.phases.contains(phase) && !(filtered && $0.onlyWithoutQuery) }.compactMap {
            filtered ? $0.hintWhileFiltered ?? $0.hint : $0.hint
        }
    }
}

extension KeyMap {
    /// The picker's keys.
    ///
    /// Every key does one thing where it works. In the list, typing a name searches: every
    /// printable character types into the search (starting one, or added to the one kept, as
    /// fzf's query is always live), and the editing keys of readline (Backspace, Ctrl-W, Ctrl-U,
    /// Ctrl-A, Ctrl-E, Alt-b, Alt-f, Alt-d, Alt-Backspace) edit a search kept there; Space
    /// toggles, Enter is done, Esc clears the search, then cancels. While the search is edited,
    /// Space types a space, Enter is done too, and ↓ goes into the list with the search kept.
    /// What no printable key may do (select every friend, jump to a section) is on Alt and
    /// Ctrl chords; `?` and `/` are keys only while no search is kept. The keys that finish and
    /// cancel come first in each phase, so that they lead the bottom line.
    package static let standard = KeyMap([
        // Anywhere.
        KeyBinding(
            Phase.active, help: KeyHelp(.anywhere, "Ctrl-C", "cancel at once, even with friends selected"),
            .keys(.control("c"), send: .cancel)),
        KeyBinding(
            Phase.active, help: KeyHelp(.anywhere, "Ctrl-Z", "suspend (fg to resume)"),
            KeyBinding.Rule(.keys([.control("z")]), .suspend)),
        // The overlay scrolls; any other key goes back.
        KeyBinding(
            [.showingKeys], help: nil, hint: "↑↓ scroll",
            .keys(.up, .control("p"), .control("k"), send: .moveUp),
            .keys(.down, .control("n"), .control("j"), send: .moveDown), .keys(.pageUp, send: .pageUp),
            .keys(.pageDown, send: .pageDown), .keys(.home, send: .moveToFirst), .keys(.end, send: .moveToLast)),
        KeyBinding([.showingKeys], help: nil, hint: "any other key back", KeyBinding.Rule(.anyKey, .send(.back))),
        KeyBinding(
            [.choosingSection], help: nil, hint: "a letter or # jump", KeyBinding.Rule(.sectionLetter, .jumpToSection)),
        KeyBinding([.choosingSection], help: nil, hint: "any other key back", KeyBinding.Rule(.anyKey, .send(.back))),
        // The list, and the review of the selection.
        KeyBinding(
            [.browsing, .reviewing],
            help: KeyHelp(.browsing, "Enter", "done: print the selection (with none, the friend under the cursor)"),
            hint: "Enter done", .keys(.enter, send: .done)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Enter", "done, as in the list: the search needs no Enter"),
            hint: "Enter done", .keys(.enter, send: .done)),
        KeyBinding(
            [.browsing, .loading],
            help: KeyHelp(
                .browsing, "Esc",
                "clear the search; with none, cancel (with friends selected, it asks first: Esc again discards them)"),
            hint: "Esc cancel", hintWhileFiltered: "Esc clear", .keys(.escape, send: .clearOrCancel)),
        KeyBinding(
            [.reviewing],
            help: KeyHelp(.reviewing, "Esc, Ctrl-R, Ctrl-G", "back to the list as it was: its search, its cursor"),
            hint: "Esc back", .keys(.escape, .control("r"), .control("g"), send: .back)),
        KeyBinding(
            [.browsing, .reviewing], help: KeyHelp(.browsing, "Space", "toggle the friend under the cursor"),
            hint: "Space toggle", .keys(.character(" "), send: .toggleCurrent)),
        // Before the first friends, Space is not taken for the start of a search.
        KeyBinding([.loading], help: nil, .keys(.character(" "), send: .toggleCurrent)),
        KeyBinding(
            [.browsing, .reviewing], help: KeyHelp(.browsing, "Tab, Shift-Tab", "toggle, then move down, up"),
            .keys(.tab, send: .toggleAndMoveDown), .keys(.backTab, send: .toggleAndMoveUp)),
        KeyBinding(
            [.browsing, .reviewing], help: KeyHelp(.browsing, "Up/Down, Ctrl-P/Ctrl-N, Ctrl-K/Ctrl-J", "move"),
            hint: "↑↓ move", rules: moving),
        KeyBinding(
            [.browsing, .reviewing],
            help: KeyHelp(.browsing, "PgUp/PgDn, Home/End", "a page up or down, the first, the last"),
            .keys(.pageUp, send: .pageUp), .keys(.pageDown, send: .pageDown), .keys(.home, send: .moveToFirst),
            .keys(.end, send: .moveToLast)),
        KeyBinding(
            [.browsing, .reviewing, .searching],
            help: KeyHelp(.browsing, "Alt-A", "select every friend shown; when all are, deselect them all"),
            .keys(.alt("a"), .alt("A"), send: .toggleAllShown)),
        KeyBinding(
            [.browsing],
            help: KeyHelp(
                .browsing, "Ctrl-R",
                "review the selection: only the selected friends, in the order picked, where the keys above work"),
            hint: "Ctrl-R review", .keys(.control("r"), send: .toggleReview)),
        KeyBinding(
            [.browsing],
            help: KeyHelp(
                .browsing, "Ctrl-G",
                "the members of the group under the cursor, where they are ticked one by one as in the review: some of a group picked"
            ),
            .keys(.control("g"), send: .reviewGroup)),
        KeyBinding(
            [.browsing, .reviewing],
            help: KeyHelp(
                .browsing, "Ctrl-O",
                "show or hide the details pane: every field of the friend under the cursor, beside the list (below it on a narrow screen)"
            ),
            hint: "Ctrl-O details", .keys(.control("o"), send: .toggleDetails)),
        KeyBinding(
            [.browsing, .reviewing, .searching],
            help: KeyHelp(
                .browsing, "Alt-1, Alt-2, Alt-3, Alt-4, Alt-5, Alt-6, Alt-7, Alt-8, Alt-9",
                "in the mail formats and tel: pick the friend under the cursor with that address or number, as the details pane numbers them"
            ), rules: (1...9).map { .keys(.alt(Character(String($0))), send: .choose($0 - 1)) }),
        KeyBinding(
            [.browsing],
            help: KeyHelp(
                .browsing, "Ctrl-S then a letter or #",
                "that letter's section (in any script with sections: ж, が), at the top (sections show in the list sorted, without a search)"
            ),
            .keys(.control("s"), send: .beginSectionJump)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Alt-P, Alt-N", "the previous, the next section"),
            .keys(.alt("p"), .alt("P"), send: .previousSection), .keys(.alt("n"), .alt("N"), send: .nextSection)),
        KeyBinding(
            [.browsing, .loading, .reviewing], help: KeyHelp(.browsing, "/ (without a search)", "start a search"),
            onlyWithoutQuery: true, .keys(.character("/"), send: .startSearch)),
        KeyBinding(
            [.browsing, .reviewing], help: KeyHelp(.browsing, "F1, Ctrl-/, ? (without a search)", "show every key"),
            hint: "? keys", hintWhileFiltered: "F1 keys", .keys(.function(1), .control("/"), send: .showKeys)),
        KeyBinding(
            [.browsing, .reviewing], help: nil, onlyWithoutQuery: true, .keys(.character("?"), send: .showKeys)),
        KeyBinding(
            [.browsing, .loading],
            help: KeyHelp(.browsing, "Backspace, Delete, Ctrl-W, Ctrl-U", "edit the search kept, as while searching"),
            .keys(.backspace, send: .deleteBackward), .keys(.delete, send: .deleteForward),
            .keys(.control("w"), send: .deleteWord), .keys(.control("u"), send: .deleteToStart)),
        KeyBinding(
            [.browsing, .loading], help: KeyHelp(.browsing, "Alt-Backspace, Alt-D", "delete a word of it, back, ahead"),
            .keys(.altBackspace, send: .deleteWordBackward), .keys(.alt("d"), send: .deleteWordForward)),
        KeyBinding(
            [.browsing, .loading],
            help: KeyHelp(.browsing, "Left/Right, Ctrl-B/Ctrl-F, Alt-B/Alt-F, Ctrl-A/Ctrl-E", "move in it"),
            .keys(.left, .control("b"), send: .queryCursorLeft), .keys(.right, .control("f"), send: .queryCursorRight),
            .keys(.alt("b"), send: .queryCursorWordLeft), .keys(.alt("f"), send: .queryCursorWordRight),
            .keys(.control("a"), send: .queryCursorToStart), .keys(.control("e"), send: .queryCursorToEnd)),
        KeyBinding(
            [.browsing, .loading],
            help: KeyHelp(
                .browsing, "any other character",
                "typed into the search (a new one, or the end of the one kept): typing a name searches"),
            KeyBinding.Rule(.anyCharacter, .type)),
        KeyBinding(
            [.reviewing], help: KeyHelp(.reviewing, "any other character", "back to the list, typed into its search"),
            KeyBinding.Rule(.anyCharacter, .type)),
        // Searching.
        KeyBinding(
            [.searching],
            help: KeyHelp(.searching, "Esc", "clear the search and browse everyone (the cursor stays on its friend)"),
            hint: "Esc clear", .keys(.escape, send: .cancelSearch)),
        KeyBinding(
            [.searching],
            help: KeyHelp(
                .searching, "Up/Down, Ctrl-P/Ctrl-N, Ctrl-K/Ctrl-J, PgUp/PgDn",
                "into the list with the search kept, and move (Space toggles there)"),
            hint: "↓ list", rules: moving + [.keys(.pageUp, send: .pageUp), .keys(.pageDown, send: .pageDown)]),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Tab, Shift-Tab", "toggle, then move down, up"), hint: "Tab toggle",
            .keys(.tab, send: .toggleAndMoveDown), .keys(.backTab, send: .toggleAndMoveUp)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Ctrl-O", "show or hide the details pane"), hint: "Ctrl-O details",
            .keys(.control("o"), send: .toggleDetails)),
        KeyBinding([.loading], help: nil, .keys(.control("o"), send: .toggleDetails)),
        KeyBinding(
            [.searching],
            help: KeyHelp(.searching, "any character, Space too", "typed at the cursor; the list narrows"),
            KeyBinding.Rule(.anyCharacter, .type)),
        KeyBinding(
            [.searching],
            help: KeyHelp(.searching, "Backspace, Delete", "delete the character before the cursor, under it"),
            .keys(.backspace, send: .deleteBackward), .keys(.delete, send: .deleteForward)),
        KeyBinding(
            [.searching],
            help: KeyHelp(
                .searching, "Ctrl-W, Alt-Backspace, Ctrl-U",
                "delete the word (up to a space; up to a letter or digit), everything before the cursor"),
            .keys(.control("w"), send: .deleteWord), .keys(.altBackspace, send: .deleteWordBackward),
            .keys(.control("u"), send: .deleteToStart)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Alt-D", "delete the word after the cursor"),
            .keys(.alt("d"), send: .deleteWordForward)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Left/Right, Ctrl-B/Ctrl-F", "move the cursor a character"),
            .keys(.left, .control("b"), send: .queryCursorLeft), .keys(.right, .control("f"), send: .queryCursorRight)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Alt-B, Alt-F", "move the cursor a word"),
            .keys(.alt("b"), send: .queryCursorWordLeft), .keys(.alt("f"), send: .queryCursorWordRight)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Home/End, Ctrl-A/Ctrl-E", "move the cursor to the start, the end"),
            .keys(.home, .control("a"), send: .queryCursorToStart), .keys(.end, .control("e"), send: .queryCursorToEnd)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Ctrl-R", "review the selection"),
            .keys(.control("r"), send: .toggleReview)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Ctrl-G", "the members of the group under the cursor"),
            .keys(.control("g"), send: .reviewGroup)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "F1, Ctrl-/", "show every key"), hint: "F1 keys",
            .keys(.function(1), .control("/"), send: .showKeys)),
        // Pasted text goes into the search, wherever it is pasted.
        KeyBinding(
            [.browsing, .loading, .searching, .reviewing],
            help: KeyHelp(.anywhere, "paste", "into the search, line ends as spaces"), KeyBinding.Rule(.paste, .paste)),
        // The mouse.
        KeyBinding(
            [.browsing, .searching, .reviewing],
            help: KeyHelp(.mouse, "click", "move the cursor; on the check box, toggle"), KeyBinding.Rule(.click, .mouse)
        ),
        KeyBinding(
            [.browsing, .searching, .reviewing], help: KeyHelp(.mouse, "double click", "done: print the selection"),
            KeyBinding.Rule(.doubleClick, .mouse)),
        KeyBinding(
            [.browsing, .searching, .reviewing], help: KeyHelp(.mouse, "wheel", "scroll"),
            KeyBinding.Rule(.wheel, .mouse)),
    ])

    /// The keys that move the cursor a friend, in the list, the review and the search.
    private static let moving: [KeyBinding.Rule] = [
        .keys(.up, .control("p"), .control("k"), send: .moveUp),
        .keys(.down, .control("n"), .control("j"), send: .moveDown),
    ]
}
