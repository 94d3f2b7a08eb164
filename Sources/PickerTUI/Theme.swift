import CNcurses
import Glibc
import PickerKit

/// How each role of the frame is drawn: colours where the terminal has them and `NO_COLOR` is
/// not set, with bold, underline and dim carrying the meaning on their own.
struct Theme {
    private let colors: Bool

    private enum Pair: Int32 {
        case accent = 1
        case match = 2
        case warning = 3
    }

    /// Starts colours if the terminal has them and the user did not turn them off.
    static func start() -> Theme {
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        guard !noColor, has_colors() else { return Theme(colors: false) }
        start_color()
        use_default_colors()
        init_pair(Int16(Pair.accent.rawValue), Int16(COLOR_CYAN), -1)
        init_pair(Int16(Pair.match.rawValue), Int16(COLOR_YELLOW), -1)
        init_pair(Int16(Pair.warning.rawValue), Int16(COLOR_RED), -1)
        return Theme(colors: true)
    }

    /// The attributes of `role`.
    func attributes(for role: Frame.Role) -> attr_t {
        switch role {
        case .plain, .query, .counts: return picker_a_normal()
        case .title, .notice, .checkMark: return picker_a_bold()
        case .warning: return picker_a_bold() | color(.warning)
        case .prompt, .header: return picker_a_bold() | color(.accent)
        case .hint, .help: return picker_a_dim()
        case .match: return picker_a_bold() | picker_a_underline() | color(.match)
        }
    }

    private func color(_ pair: Pair) -> attr_t {
        colors ? attr_t(picker_color_pair(pair.rawValue)) : 0
    }
}
