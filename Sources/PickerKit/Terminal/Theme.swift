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
        // The colours text comes with (--ansi): the whole palette, or the 8 basic colours.
        for number in 0..<256 {
            guard let pair = palettePair(UInt8(number)),
                let shown = TextStyle.shownPaletteColor(UInt8(number), colors: Int(picker_colors()))
            else { continue }
            init_pair(pair, Int16(shown), -1)
        }
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
        if colors, style.color == nil, let number = style.paletteColor, let pair = Self.palettePair(number),
            TextStyle.shownPaletteColor(number, colors: Int(picker_colors())) != nil
        {
            attributes |= attr_t(picker_color_pair(Int32(pair)))
        }
        return attributes
    }

    /// The colour pair of ``TextStyle/whiteOnBlack``, after the palette's.
    private static let whiteOnBlackPair = Int16(TextStyle.Color.allCases.count + 1)

    /// The colour pair of palette colour `number`, after the picker's own; nil past the pairs
    /// an attribute can name (255) or the terminal has: the few greys at the palette's end.
    private static func palettePair(_ number: UInt8) -> Int16? {
        let pair = Int(whiteOnBlackPair) + 1 + Int(number)
        return pair < min(256, Int(picker_color_pairs())) ? Int16(pair) : nil
    }

    /// The colour pair of `color`.
    private static func pair(_ color: TextStyle.Color) -> Int16 { Int16(color.rawValue + 1) }
}
