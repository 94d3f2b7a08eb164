import CNcurses
import Glibc
import PickerSources
import PickerStore

/// How each role of the frame is drawn with ncurses: the attributes of its ``TextStyle``, with
/// colours where the terminal has them and the user did not turn them off.
struct Theme {
    private let colors: Bool

    /// Starts colours if the terminal has them and `color` is true: a pair for each colour of
    /// the palette, on the terminal's own background, from the 256-colour cube where there is
    /// one, else the 8 basic colours.
    static func start(color: Bool) -> Theme {
        guard color, has_colors() else { return Theme(colors: false) }
        start_color()
        use_default_colors()
        let rich = picker_colors() >= 256
        for color in TextStyle.Color.allCases {
            init_pair(pair(color), Int16(rich ? color.richNumber : color.basicNumber), -1)
        }
        init_pair(whiteOnBlackPair, Int16(picker_colors() >= 16 ? 15 : 7), 0)
        return Theme(colors: true)
    }

    /// The attributes of `role`.
    func attributes(for role: Frame.Role) -> attr_t {
        let style = role.style
        var attributes = picker_a_normal()
        if style.bold { attributes |= picker_a_bold() }
        if style.dim { attributes |= picker_a_dim() }
        if style.underline { attributes |= picker_a_underline() }
        if style.reverse { attributes |= picker_a_reverse() }
        if colors, let color = style.color { attributes |= attr_t(picker_color_pair(Int32(Self.pair(color)))) }
        if colors, style.whiteOnBlack { attributes |= attr_t(picker_color_pair(Int32(Self.whiteOnBlackPair))) }
        return attributes
    }

    /// The colour pair of ``TextStyle/whiteOnBlack``, after the palette's.
    private static let whiteOnBlackPair = Int16(TextStyle.Color.allCases.count + 1)

    /// The colour pair of `color`.
    private static func pair(_ color: TextStyle.Color) -> Int16 { Int16(color.rawValue + 1) }
}
