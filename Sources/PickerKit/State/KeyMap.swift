/// The key table: every key the picker takes, per phase, with what it does and how the help
/// tells it. Keys are looked up in it, and `--help`, the man page, the `?` overlay and the
/// bottom line are written from it, so that what they say cannot drift from what the keys do.
///
/// A key in a phase does what the first binding of that phase that takes it says; bindings are
/// listed in that order, which is also the order help lists them in. To change a key, change
/// its binding (or give a phase a binding of its own before the shared one).
public struct KeyMap: Hashable, Sendable {
    /// The bindings, in the order keys are looked up and help lists them.
    public var bindings: [KeyBinding]

    public init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// Rows the wheel moves per notch.
    public static let wheelStep = 3

    /// What `key` does in `phase`, or nil when it does nothing there.
    public func command(for key: Key, in phase: Phase) -> KeyCommand? {
        for binding in bindings where binding.phases.contains(phase) {
            if let rule = binding.rules.first(where: { $0.keys.matches(key) }) { return rule.action.command(for: key) }
        }
        return nil
    }

    /// The event `key` sends in `phase`, or nil when it sends none.
    public func event(for key: Key, in phase: Phase) -> PickerEvent? {
        guard case .send(let event)? = command(for: key, in: phase) else { return nil }
        return event
    }

    /// The help of every binding that has some, in table order.
    public var help: [KeyHelp] { bindings.compactMap(\.help) }

    /// The hints of the bindings of `phase`, in table order, for the bottom line.
    func hints(in phase: Phase) -> [String] {
        bindings.filter { $0.phases.contains(phase) }.compactMap(\.hint)
    }
}

extension KeyMap {
    /// The picker's keys.
    public static let standard = KeyMap([
        // Anywhere.
        KeyBinding(
            Phase.active, help: KeyHelp(.anywhere, "Ctrl-C", "cancel"), .keys(.control("c"), send: .cancel)),
        KeyBinding(
            Phase.active, help: KeyHelp(.anywhere, "Ctrl-Z", "suspend (fg to resume)"),
            KeyBinding.Rule(.keys([.control("z")]), .suspend)),
        // The overlay and the section jump take any key.
        KeyBinding([.showingKeys], help: nil, hint: "any key to go back", KeyBinding.Rule(.anyKey, .send(.back))),
        KeyBinding(
            [.choosingSection], help: nil, KeyBinding.Rule(.sectionLetter, .jumpToSection),
            KeyBinding.Rule(.anyKey, .send(.back))),
        // Browsing.
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Up/Down, k/j, Ctrl-P/Ctrl-N, Ctrl-K/Ctrl-J", "move"),
            hint: "↑↓ move",
            .keys(.up, .character("k"), .control("p"), .control("k"), send: .moveUp),
            .keys(.down, .character("j"), .control("n"), .control("j"), send: .moveDown)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "PgUp/PgDn, Home/End, g/G", "a page up or down, the first, the last"),
            .keys(.pageUp, send: .pageUp), .keys(.pageDown, send: .pageDown),
            .keys(.home, .character("g"), send: .moveToFirst), .keys(.end, .character("G"), send: .moveToLast)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "[ ]", "the previous, the next section"),
            .keys(.character("["), send: .previousSection), .keys(.character("]"), send: .nextSection)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "' then a letter or #", "that letter's section"),
            .keys(.character("'"), send: .beginSectionJump)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Space", "toggle the friend under the cursor"),
            hint: "Space toggle", .keys(.character(" "), send: .toggleCurrent)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Tab", "toggle and move down"),
            .keys(.tab, send: .toggleAndMoveDown)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "a", "select every friend shown"),
            .keys(.character("a"), send: .selectAllShown)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "n", "deselect every friend shown"),
            .keys(.character("n"), send: .deselectAllShown)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "c", "clear the whole selection, hidden friends included"),
            .keys(.character("c"), send: .clearSelection)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "/", "search (edit the search)"), hint: "/ search",
            .keys(.character("/"), send: .startSearch)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "?", "show every key"), hint: "? keys",
            .keys(.character("?"), send: .showKeys)),
        KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Enter", "done: print the selection"), hint: "Enter done",
            .keys(.enter, send: .done)),
        KeyBinding(
            [.browsing, .loading], help: KeyHelp(.browsing, "Esc, q", "cancel"), hint: "Esc cancel",
            .keys(.escape, .character("q"), send: .cancel)),
        // Searching.
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "any character", "narrow the list"), hint: "type to search",
            KeyBinding.Rule(.anyCharacter, .type)),
        KeyBinding(
            [.searching],
            help: KeyHelp(.searching, "Backspace, Ctrl-W, Ctrl-U", "delete a character, a word, the whole search"),
            .keys(.backspace, send: .deleteBackward), .keys(.control("w"), send: .deleteWord),
            .keys(.control("u"), send: .clearQuery)),
        KeyBinding(
            [.searching],
            help: KeyHelp(.searching, "Up/Down, Ctrl-P/Ctrl-N, PgUp/PgDn, Home/End", "move in the results"),
            hint: "↑↓ move",
            .keys(.up, .control("p"), .control("k"), send: .moveUp),
            .keys(.down, .control("n"), .control("j"), send: .moveDown),
            .keys(.pageUp, send: .pageUp), .keys(.pageDown, send: .pageDown), .keys(.home, send: .moveToFirst),
            .keys(.end, send: .moveToLast)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Tab", "toggle the highlighted friend"), hint: "Tab toggle",
            .keys(.tab, send: .toggleCurrent)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Enter", "keep the filter and browse it"), hint: "Enter keep",
            .keys(.enter, send: .finishSearch)),
        KeyBinding(
            [.searching], help: KeyHelp(.searching, "Esc", "clear the search and browse everyone"), hint: "Esc clear",
            .keys(.escape, send: .cancelSearch)),
        // The mouse.
        KeyBinding(
            [.browsing, .searching], help: KeyHelp(.mouse, "click", "move the cursor; on the check box, toggle"),
            KeyBinding.Rule(.click, .mouse)),
        KeyBinding(
            [.browsing, .searching], help: KeyHelp(.mouse, "double click", "done: print the selection"),
            KeyBinding.Rule(.doubleClick, .mouse)),
        KeyBinding([.browsing, .searching], help: KeyHelp(.mouse, "wheel", "scroll"), KeyBinding.Rule(.wheel, .mouse)),
    ])
}
