import PickerSources
import PickerStore

/// One row of the key table: keys that do one thing in some phases, with the words `--help`,
/// the man page, the `?` overlay and the bottom line use for them.
package struct KeyBinding: Hashable, Sendable {
    /// Some keys and what they do.
    package struct Rule: Hashable, Sendable {
        package var keys: KeyPattern
        package var action: KeyAction

        package init(_ keys: KeyPattern, _ action: KeyAction) {
            self.keys = keys
            self.action = action
        }

        /// `keys`, each sending `event`.
        package static func keys(_ keys: Key..., send event: PickerEvent) -> Rule {
            Rule(.keys(keys), .send(event))
        }
    }

    /// The phases the keys work in.
    package var phases: Set<Phase>
    /// The keys and what they do, the first rule that takes a key deciding.
    package var rules: [Rule]
    /// How `--help`, the man page and the overlay tell the binding; nil leaves it out of them.
    package var help: KeyHelp?
    /// The few words the bottom line shows for the binding in its phases (`Space toggle`), if
    /// any.
    package var hint: String?
    /// What the bottom line shows instead while a search is applied, when the keys then do
    /// something else (Esc clears the search rather than cancel).
    package var hintWhileFiltered: String?
    /// Whether the keys work only while no search is kept: printable keys that type into a
    /// search kept (`?`, `/`).
    package var onlyWithoutQuery: Bool

    package init(
        _ phases: Set<Phase>, help: KeyHelp?, hint: String? = nil, hintWhileFiltered: String? = nil,
        onlyWithoutQuery: Bool = false, _ rules: Rule...
    ) {
        self.init(
            phases, help: help, hint: hint, hintWhileFiltered: hintWhileFiltered, onlyWithoutQuery: onlyWithoutQuery,
            rules: rules)
    }

    /// Keys that work in `phases`, told by `help` and `hint`; the first of `rules` that takes
    /// a key decides what it does.
    package init(
        _ phases: Set<Phase>, help: KeyHelp?, hint: String? = nil, hintWhileFiltered: String? = nil,
        onlyWithoutQuery: Bool = false, rules: [Rule]
    ) {
        self.phases = phases
        self.rules = rules
        self.help = help
        self.hint = hint
        self.hintWhileFiltered = hintWhileFiltered
        self.onlyWithoutQuery = onlyWithoutQuery
    }
}

/// Which keys a rule takes.
package enum KeyPattern: Hashable, Sendable {
    /// These keys.
    case keys([Key])
    /// Any printable character, space included.
    case anyCharacter
    /// A letter that names a section (`a`–`z`, `A`–`Z`, a script's such as `ж`), or `#`.
    case sectionLetter
    /// Any key at all, mouse reports included.
    case anyKey
    /// A press of the left mouse button that is not the second of a double click.
    case click
    /// The second press of the left mouse button in a double click.
    case doubleClick
    /// A notch of the mouse wheel, either way.
    case wheel
    /// Text pasted in one piece.
    case paste

    /// Whether `key` is one of these keys.
    func matches(_ key: Key) -> Bool {
        switch (self, key) {
        case (.keys(let keys), _): return keys.contains(key)
        case (.anyCharacter, .character): return true
        case (.sectionLetter, .character(let letter)): return Section.letter(typed: letter) != nil
        case (.anyKey, _): return true
        case (.click, .mouse(let report)): return report.isPress && report.button == .left && report.clickCount < 2
        case (.doubleClick, .mouse(let report)):
            return report.isPress && report.button == .left && report.clickCount >= 2
        case (.wheel, .mouse(let report)):
            return report.isPress && (report.button == .wheelUp || report.button == .wheelDown)
        case (.paste, .paste): return true
        default: return false
        }
    }
}

/// What a key does.
package enum KeyAction: Hashable, Sendable {
    /// Sends this event.
    case send(PickerEvent)
    /// Types the key's character into the search.
    case type
    /// Jumps to the section of the key's letter.
    case jumpToSection
    /// Sends what the mouse report says: a click or double click where it was, or a scroll of
    /// ``KeyMap/wheelStep`` rows.
    case mouse
    /// Suspends the picker, as Ctrl-Z does in a shell: the terminal's business, not the state's.
    case suspend
    /// Types pasted text into the search.
    case paste

    /// What the front end does for `key`, which a rule with this action took.
    func command(for key: Key) -> KeyCommand? {
        switch (self, key) {
        case (.send(let event), _): return .send(event)
        case (.type, .character(let character)): return .send(.typed(String(character)))
        case (.jumpToSection, .character(let letter)): return .send(.jumpToSection(letter))
        case (.mouse, .mouse(let report)):
            switch report.button {
            case .left:
                return .send(
                    report.clickCount >= 2
                        ? .doubleClick(line: report.line) : .click(line: report.line, column: report.column))
            case .wheelUp: return .send(.scroll(-KeyMap.wheelStep))
            case .wheelDown: return .send(.scroll(KeyMap.wheelStep))
            case .middle, .right: return nil
            }
        case (.suspend, _): return .suspend
        case (.paste, .paste(let text)): return .send(.pasted(text))
        default: return nil
        }
    }
}

/// What the terminal front end does for a key.
package enum KeyCommand: Hashable, Sendable {
    /// Send this event to the state.
    case send(PickerEvent)
    /// Suspend the picker, as Ctrl-Z does in a shell.
    case suspend
}
