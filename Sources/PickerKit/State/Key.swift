/// A key as the picker understands it, whatever terminal it came from.
public enum Key: Hashable, Sendable {
    /// A printable character, space included.
    case character(Character)
    /// A letter typed with Control held, as its lowercase letter: Ctrl-C is `.control("c")`.
    case control(Character)
    case up, down
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// A mouse button or wheel.
    case mouse(MouseReport)
}
