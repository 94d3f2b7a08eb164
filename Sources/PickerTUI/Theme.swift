import CNcurses
import Glibc
import PickerKit

/// How each role of the frame is drawn: colours where the terminal has them and the user did
/// not turn them off, with reverse, bold, underline and dim carrying the meaning on their own.
///
/// Colours are foregrounds on the terminal's own background, mid-tones that read on dark and
/// light backgrounds alike: from the 256-colour cube where there is one, else the 8 basic ones.
struct Theme {
    private let colors: Bool

    private enum Pair: Int32, CaseIterable {
        case accent = 1
        case match
        case checked
        case warning

        /// The colour on 256-colour terminals, then on 8-colour ones.
        var foreground: (rich: Int16, basic: Int32) {
            switch self {
            case .accent: return (32, COLOR_BLUE)
            case .match: return (166, COLOR_MAGENTA)
            case .checked: return (28, COLOR_GREEN)
            case .warning: return (160, COLOR_RED)
            }
        }
    }

    /// Starts colours if the terminal has them and `color` is true.
    static func start(color: Bool) -> Theme {
        guard color, has_colors() else { return Theme(colors: false) }
        start_color()
        use_default_colors()
        let rich = picker_colors() >= 256
        for pair in Pair.allCases {
            let foreground = rich ? pair.foreground.rich : Int16(pair.foreground.basic)
            init_pair(Int16(pair.rawValue), foreground, -1)
        }
        return Theme(colors: true)
    }

    /// The attributes of `role`.
    func attributes(for role: Frame.Role) -> attr_t {
        switch role {
        case .plain, .query, .counts: return picker_a_normal()
        case .title, .notice, .checkMark, .sortKey: return picker_a_bold()
        case .checked: return picker_a_bold() | color(.checked)
        case .warning: return picker_a_bold() | color(.warning)
        case .prompt, .header: return picker_a_bold() | color(.accent)
        case .hint, .help, .detail: return picker_a_dim()
        case .match: return picker_a_bold() | picker_a_underline() | color(.match)
        }
    }

    private func color(_ pair: Pair) -> attr_t {
        colors ? attr_t(picker_color_pair(pair.rawValue)) : 0
    }
}
