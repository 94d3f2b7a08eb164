/// What each key does, as `--help`, the `?` overlay and the man page tell it.
public struct KeyHelp: Hashable, Sendable {
    /// When the keys work.
    public enum Context: String, CaseIterable, Sendable {
        case browsing = "while browsing"
        case searching = "while searching"
        case anywhere = "anywhere"
        case mouse = "with the mouse"
    }

    public let context: Context
    /// The keys, as a user types them: `Up/Down, k/j`.
    public let keys: String
    /// What they do.
    public let action: String

    /// Every key of the picker.
    public static let all: [KeyHelp] = [
        KeyHelp(context: .browsing, keys: "Up/Down, k/j, Ctrl-P/Ctrl-N, Ctrl-K/Ctrl-J", action: "move"),
        KeyHelp(context: .browsing, keys: "PgUp/PgDn, Home/End, g/G", action: "a page up or down, the first, the last"),
        KeyHelp(context: .browsing, keys: "[ ]", action: "the previous, the next section"),
        KeyHelp(context: .browsing, keys: "' then a letter or #", action: "that letter's section"),
        KeyHelp(context: .browsing, keys: "Space", action: "toggle the friend under the cursor"),
        KeyHelp(context: .browsing, keys: "Tab", action: "toggle and move down"),
        KeyHelp(context: .browsing, keys: "a", action: "select every friend shown"),
        KeyHelp(context: .browsing, keys: "n", action: "deselect every friend shown"),
        KeyHelp(context: .browsing, keys: "c", action: "clear the whole selection, hidden friends included"),
        KeyHelp(context: .browsing, keys: "/", action: "search (edit the search)"),
        KeyHelp(context: .browsing, keys: "?", action: "show every key"),
        KeyHelp(context: .browsing, keys: "Enter", action: "done: print the selection"),
        KeyHelp(context: .browsing, keys: "Esc, q", action: "cancel"),
        KeyHelp(context: .searching, keys: "any character", action: "narrow the list"),
        KeyHelp(
            context: .searching, keys: "Backspace, Ctrl-W, Ctrl-U",
            action: "delete a character, a word, the whole search"),
        KeyHelp(
            context: .searching, keys: "Up/Down, Ctrl-P/Ctrl-N, PgUp/PgDn, Home/End", action: "move in the results"),
        KeyHelp(context: .searching, keys: "Tab", action: "toggle the highlighted friend"),
        KeyHelp(context: .searching, keys: "Enter", action: "keep the filter and browse it"),
        KeyHelp(context: .searching, keys: "Esc", action: "clear the search and browse everyone"),
        KeyHelp(context: .anywhere, keys: "Ctrl-C", action: "cancel"),
        KeyHelp(context: .anywhere, keys: "Ctrl-Z", action: "suspend (fg to resume)"),
        KeyHelp(context: .mouse, keys: "click", action: "move the cursor; on the check box, toggle"),
        KeyHelp(context: .mouse, keys: "double click", action: "done: print the selection"),
        KeyHelp(context: .mouse, keys: "wheel", action: "scroll"),
    ]
}
