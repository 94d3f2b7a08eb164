import CNcurses
import Glibc
import PickerSources
import PickerStore

/// The terminal type the picker draws with: `$TERM`, or, when the terminfo database here has
/// no entry for it that can move the cursor (a type this machine does not know, such as
/// `xterm-kitty` over ssh; `dumb`, which an editor's filter command sets while `/dev/tty` is
/// the real terminal; or none at all), the first stand-in that it has. fzf and fzy draw on
/// such terminals with sequences of their own; every terminal emulator in use understands
/// xterm's.
struct TerminalType: Equatable {
    /// What is tried after `$TERM`, in order: xterm's sequences with 256 colours, then with 8,
    /// then the ANSI and VT100 subsets.
    static let standIns = ["xterm-256color", "xterm", "ansi", "vt100"]

    /// The type drawn with.
    let name: String
    /// `$TERM` when a stand-in is drawn with instead, with why; nil when it is `$TERM`.
    let replaced: Replacement?

    /// Why `$TERM` was not drawn with.
    enum Replacement: Equatable {
        /// `TERM` is not set, or empty.
        case unset
        /// The terminfo database here has no entry of this name.
        case unknown(String)
        /// Its entry cannot move the cursor (`dumb`).
        case cannotMoveTheCursor(String)
    }

    /// What standard error says once the terminal is given back, when a stand-in was drawn
    /// with; nil when `$TERM` was.
    var note: String? {
        let why: String
        switch replaced {
        case nil: return nil
        case .unset: why = "TERM is not set"
        case .unknown(let term): why = "the terminal type '\(TerminalText.sanitized(term))' is unknown here"
        case .cannotMoveTheCursor(let term):
            why = "the terminal type '\(TerminalText.sanitized(term))' cannot move the cursor"
        }
        return "\(why); drew the picker as \(name)"
    }

    /// Loads, with `setupterm`, the entry of `term` (`$TERM` by default) for the terminal open on
    /// `descriptor`, or where it has none that can move the cursor, of the first stand-in that
    /// can; nil when none can. The entry stays loaded (ncurses' `cur_term`) for ``Terminfo`` to
    /// read; ``Terminfo/unload()`` lets go of it.
    static func load(_ term: String? = environmentTERM(), descriptor: Int32) -> TerminalType? {
        var replaced: Replacement?
        if let term, !term.isEmpty {
            switch loadEntry(term, descriptor: descriptor) {
            case .usable: return TerminalType(name: term, replaced: nil)
            case .missing: replaced = .unknown(term)
            case .cannotMoveTheCursor: replaced = .cannotMoveTheCursor(term)
            }
        } else {
            replaced = .unset
        }
        for standIn in standIns where standIn != term {
            if loadEntry(standIn, descriptor: descriptor) == .usable {
                return TerminalType(name: standIn, replaced: replaced)
            }
        }
        return nil
    }

    /// Why the terminal cannot be drawn on when ``load(_:descriptor:)`` found no entry, or, when
    /// stand-ins were not `tried`, none for `term` itself.
    static func noEntry(_ term: String? = environmentTERM(), tried: Bool) -> String {
        let asked =
            term.flatMap { $0.isEmpty ? nil : "the terminal type '\(TerminalText.sanitized($0))'" } ?? "TERM (not set)"
        let standIns = tried ? ", nor is any of \(Self.standIns.joined(separator: ", ")) known" : ""
        return "\(asked) has no terminfo entry here that can move the cursor\(standIns); use --filter without a screen"
    }

    /// `TERM` in the environment, nil when it is not set.
    static func environmentTERM() -> String? {
        getenv("TERM").map { String(cString: $0) }
    }

    /// What the terminfo database has for one type.
    private enum Entry {
        case usable
        case missing
        case cannotMoveTheCursor
    }

    /// Loads the entry `name`; it stays loaded when it is usable, and is let go of otherwise.
    private static func loadEntry(_ name: String, descriptor: Int32) -> Entry {
        var status: Int32 = 0
        guard setupterm(name, descriptor, &status) == OK, status == 1 else {
            Terminfo.unload()
            return .missing
        }
        guard let address = tigetstr("cup"), Int(bitPattern: address) != -1, Int(bitPattern: address) != 0 else {
            Terminfo.unload()
            return .cannotMoveTheCursor
        }
        return .usable
    }
}
