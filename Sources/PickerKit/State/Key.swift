import PickerSources
import PickerStore

/// A key as the picker understands it, whatever terminal it came from.
package enum Key: Hashable, Sendable {
    /// A printable character, space included.
    case character(Character)
    /// A key typed with Control held, as its lowercase letter: Ctrl-C is `.control("c")`;
    /// Ctrl-/ (the byte 0x1F, which Ctrl-_ also sends) is `.control("/")`.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Shift-Tab.
    case backTab
    /// The Delete key (forward delete), not Backspace.
    case delete
    /// A function key: F1 is `.function(1)`.
    case function(Int)
    /// A mouse button or wheel.
    case mouse(MouseReport)
    /// A printable character typed with Alt held (the terminal sends Esc, then the character):
    /// Alt-b is `.alt("b")`.
    case alt(Character)
    /// Backspace with Alt held.
    case altBackspace
    /// Text pasted into the terminal in one piece (bracketed paste), line ends included.
    case paste(String)
}
