import CNcurses
import PickerSources
import PickerStore

extension Key {
    /// The picker's key for what ncurses read, or nil for keys the picker does not use.
    init?(_ input: Input) {
        if let report = input.mouse {
            self = .mouse(report)
            return
        }
        if input.status == KEY_CODE_YES {
            switch Int32(input.code) {
            case KEY_UP: self = .up
            case KEY_DOWN: self = .down
            case KEY_LEFT: self = .left
            case KEY_RIGHT: self = .right
            case KEY_PPAGE: self = .pageUp
            case KEY_NPAGE: self = .pageDown
            case KEY_HOME: self = .home
            case KEY_END: self = .end
            case KEY_ENTER: self = .enter
            case KEY_BACKSPACE: self = .backspace
            case KEY_DC: self = .delete
            case KEY_BTAB: self = .backTab
            case KEY_F0 + 1...KEY_F0 + 12: self = .function(Int(input.code) - Int(KEY_F0))
            default: return nil
            }
            return
        }
        switch input.code {
        case 13: self = .enter
        case 9: self = .tab
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 1...26: self = .control(Character(Unicode.Scalar(UInt8(input.code) + 0x60)))
        case 0x1F: self = .control("/")
        default:
            guard let scalar = Unicode.Scalar(UInt32(input.code)), !TerminalText.isUnsafe(scalar) else {
                return nil
            }
            self = .character(Character(scalar))
        }
    }

    /// The Alt key of an Esc followed at once by `input`: Alt with a printable character, or
    /// Alt-Backspace; nil for anything else, which then follows the Escape key.
    init?(altWith input: Input) {
        guard input.mouse == nil else { return nil }
        if input.status == KEY_CODE_YES {
            guard Int32(input.code) == KEY_BACKSPACE else { return nil }
            self = .altBackspace
            return
        }
        switch input.code {
        case 8, 127: self = .altBackspace
        case 0...0x20: return nil
        default:
            guard let scalar = Unicode.Scalar(UInt32(input.code)), !TerminalText.isUnsafe(scalar) else { return nil }
            self = .alt(Character(scalar))
        }
    }
}
