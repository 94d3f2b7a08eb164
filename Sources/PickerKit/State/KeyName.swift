import PickerSources
import PickerStore

/// Keys named as fzf names them in `--expect` and `--bind`: `ctrl-t`, `alt-x`, `f1`–`f12`,
/// `enter`, `esc`, `tab`, `btab`, `bspace`, `del`, `up`, `down`, `left`, `right`, `home`, `end`,
/// `pgup`, `pgdn`, `space`, or a single character.
package enum KeyName {
    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "ctrl-m": .enter, "esc": .escape, "tab": .tab, "ctrl-i": .tab,
        "btab": .backTab, "shift-tab": .backTab, "bspace": .backspace, "bs": .backspace, "del": .delete,
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp,
        "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "space": .character(" "),
        "alt-bspace": .altBackspace, "alt-bs": .altBackspace, "ctrl-/": .control("/"), "ctrl-_": .control("/"),
    ]

    /// The key `name` names (case is ignored but for a single character and after `alt-`), or
    /// nil when it names none the terminal can send.
    package static func key(_ name: String) -> Key? {
        if name.count == 1, let character = name.first, !character.isWhitespace, !character.isNewline,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        {
            return .character(character)
        }
        let lowered = name.lowercased()
        if let key = named[lowered] { return key }
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isASCII, letter.isLetter {
            return .control(letter)
        }
        if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last, character.isASCII,
            !character.isWhitespace, character.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value < 0x7F })
        {
            return .alt(character)
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        return nil
    }

    /// The keys of a comma-separated list `given` for `option`, each with its name as given.
    /// A comma alone names the comma key where it stands first, last or between two commas.
    /// - Throws: a message naming `option` and the first name that is no key.
    package static func keys(_ given: String, option: String) throws(Options.UsageError) -> [(name: String, key: Key)] {
        var keys: [(name: String, key: Key)] = []
        for name in given.split(separator: ",", omittingEmptySubsequences: true).map(String.init) {
            guard let key = key(name) else {
                throw Options.UsageError(
                    "\(option): no such key '\(TerminalText.sanitized(name))' (keys are named as in fzf: ctrl-t, alt-x, f1, enter, esc, tab, up, pgdn…)"
                )
            }
            keys.append((name, key))
        }
        guard !keys.isEmpty else {
            throw Options.UsageError("\(option) needs a key, not '\(TerminalText.sanitized(given))'")
        }
        return keys
    }
}
