import PickerSources
import PickerStore

/// `--bind KEY:ACTION[,KEY:ACTION]`: fzf's way to give a key another action, over the one key
/// table. A key bound works in the list, the search and the review, before what the table
/// says there, and the `?` overlay lists it.
package enum KeyBindOption {
    /// The actions a key can be bound to, by fzf's names, with the event each sends and the
    /// words the overlay tells it with.
    static let actions: [String: (event: PickerEvent, help: String)] = [
        "accept": (.done, "done: print the selection"), "abort": (.cancel, "cancel"),
        "toggle": (.toggleCurrent, "toggle the friend under the cursor"),
        "toggle-all": (.toggleAllShown, "select every friend shown; when all are, deselect them"),
        "select-all": (.selectAllShown, "select every friend shown"),
        "deselect-all": (.deselectAllShown, "deselect every friend shown"),
        "review": (.toggleReview, "review the selection"),
        "review-group": (.reviewGroup, "the members of the group under the cursor"),
        "clear-query": (.cancelSearch, "clear the search"),
        "up": (.moveUp, "move up"), "down": (.moveDown, "move down"), "page-up": (.pageUp, "a page up"),
        "page-down": (.pageDown, "a page down"), "first": (.moveToFirst, "the first"),
        "last": (.moveToLast, "the last"), "toggle-preview": (.toggleDetails, "show or hide the details pane"),
    ]

    /// `keyMap` with the bindings `given` for `--bind` before its own.
    /// - Throws: a message naming the key or the action that is unknown, or the pair without a
    ///   colon.
    static func binding(_ given: String, over keyMap: KeyMap) throws(Options.UsageError) -> KeyMap {
        var helps: [KeyBinding] = []
        for pair in given.split(separator: ",", omittingEmptySubsequences: true) {
            // The key may be ':' itself (`::accept`): the action follows the last colon.
            guard let colon = pair.lastIndex(of: ":"), colon != pair.startIndex else {
                throw Options.UsageError(
                    "--bind needs KEY:ACTION, not '\(TerminalText.sanitized(String(pair)))'")
            }
            let name = String(pair[..<colon])
            let actionName = String(pair[pair.index(after: colon)...]).lowercased()
            guard let key = KeyName.key(name) else {
                throw Options.UsageError(
                    "--bind: no such key '\(TerminalText.sanitized(name))' (keys are named as in fzf: ctrl-t, alt-x, f1, enter, esc, tab, up, pgdn…)"
                )
            }
            guard let action = actions[actionName] else {
                throw Options.UsageError(
                    "--bind: no such action '\(TerminalText.sanitized(actionName))' (one of \(actions.keys.sorted().joined(separator: ", ")))"
                )
            }
            helps.append(
                KeyBinding(
                    [.browsing, .searching, .reviewing],
                    help: KeyHelp(.anywhere, "\(name) (--bind)", action.help), rules: [.keys(key, send: action.event)]))
        }
        return KeyMap(helps + keyMap.bindings)
    }
}
