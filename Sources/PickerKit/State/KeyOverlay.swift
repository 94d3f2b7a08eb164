import PickerSources
import PickerStore

/// The key overlay's text at a width: every key of the help under the heading of when it
/// works, with what it does. A description too long for its line wraps under itself, or, on a
/// screen too narrow for two columns, under its keys; nothing is cut. The overlay scrolls, so
/// that its last lines are reached on a short screen.
struct KeyOverlay {
    /// One line of the overlay.
    enum Line: Hashable {
        /// When the keys below work.
        case heading(String)
        /// Keys and the start of what they do, which starts at `column`.
        case keys(String, description: String, column: Int)
        /// More of a description, from `column`.
        case continuation(String, column: Int)
        /// More keys of a binding whose keys take more than a line.
        case moreKeys(String)
    }

    /// The fewest columns a description is given beside its keys; with fewer, it goes under
    /// them.
    static let narrowestDescription = 24
    /// The most columns the keys take beside their descriptions: longer keys take lines of
    /// their own, their description under them.
    static let widestKeys = 28

    let lines: [Line]

    /// The overlay of `help` at `columns` wide.
    init(help: [KeyHelp], columns: Int) {
        let keyWidth = min(help.map { DisplayWidth.of($0.keys) }.max() ?? 0, Self.widestKeys)
        let beside = 3 + keyWidth + 2
        let stacked = columns - beside < Self.narrowestDescription
        let column = stacked ? 5 : beside
        var lines: [Line] = []
        for context in KeyHelp.Context.allCases {
            let keys = help.filter { $0.context == context }
            guard !keys.isEmpty else { continue }
            lines.append(.heading(context.rawValue))
            for key in keys {
                let description = Self.wrapped(key.action, columns: max(8, columns - column))
                // Stacked, a line of keys stands after three spaces and before one.
                let keyLines = Self.wrapped(key.keys, columns: max(8, stacked ? columns - 4 : keyWidth), after: ",")
                if !stacked, keyLines.count == 1 {
                    lines.append(.keys(key.keys, description: description.first ?? "", column: column))
                    lines += description.dropFirst().map { .continuation($0, column: column) }
                } else {
                    lines.append(.keys(keyLines[0], description: "", column: column))
                    lines += keyLines.dropFirst().map { .moreKeys($0) }
                    lines += description.map { .continuation($0, column: column) }
                }
            }
        }
        self.lines = lines
    }

    /// `text` in lines of at most `columns`, broken at spaces (after `after` only, when given;
    /// a word longer than a line is broken where it must be).
    static func wrapped(_ text: String, columns: Int, after: Character? = nil) -> [String] {
        var lines: [String] = []
        var line = ""
        var words: [String] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if let after, let last = words.last, last.last != after {
                words[words.count - 1] += " " + word
            } else {
                words.append(word)
            }
        }
        for word in words {
            let joined = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(joined) <= columns {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = Substring(word)
            while DisplayWidth.of(String(rest)) > columns {
                var head = ""
                for character in rest {
                    guard DisplayWidth.of(head) + DisplayWidth.of(character) <= columns else { break }
                    head.append(character)
                }
                guard !head.isEmpty else { break }
                lines.append(head)
                rest = rest.dropFirst(head.count)
            }
            line = String(rest)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

extension PickerState {
    /// The key overlay at the state's width.
    var keyOverlay: KeyOverlay { KeyOverlay(help: configuration.keyMap.help, columns: max(size.columns, 0)) }

    /// Scrolls the key overlay `offset` lines (negative: up), within its lines.
    mutating func scrollOverlay(by offset: Int) {
        let last = max(0, keyOverlay.lines.count - layout.listRows)
        overlayTop = min(max(overlayTop + offset, 0), last)
    }
}
