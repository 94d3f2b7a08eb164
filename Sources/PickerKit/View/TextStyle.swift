import PickerSources
import PickerStore

/// How text is drawn: the attributes and the colour of a frame's role, which both painters
/// (ncurses on the full screen, terminfo inline) follow.
///
/// Colours are foregrounds on the terminal's own background, mid-tones that read on dark and
/// light backgrounds alike; reverse, bold, underline and dim carry every meaning on their own,
/// so that nothing is lost without colours.
package struct TextStyle: Hashable, Sendable {
    /// A colour of the picker's palette.
    package enum Color: Int, Hashable, Sendable, CaseIterable {
        case accent, match, checked, warning

        /// The colour's number in the 256-colour palette.
        package var richNumber: Int {
            switch self {
            case .accent: return 32
            case .match: return 166
            case .checked: return 28
            case .warning: return 160
            }
        }

        /// The colour's number among the 8 basic ones (blue, magenta, green, red).
        package var basicNumber: Int {
            switch self {
            case .accent: return 4
            case .match: return 5
            case .checked: return 2
            case .warning: return 1
            }
        }
    }

    package var bold = false
    package var dim = false
    package var underline = false
    package var reverse = false
    package var color: Color?
    /// A colour of the 256-colour palette the text came with (`--ansi`), drawn where the
    /// picker's own ``color`` is not set.
    package var paletteColor: UInt8?
    /// White on black whatever the terminal's colours, as a picture is (a QR code); the
    /// terminal's own colours without colours.
    package var whiteOnBlack = false

    package init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false, color: Color? = nil,
        whiteOnBlack: Bool = false
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.color = color
        self.whiteOnBlack = whiteOnBlack
    }

    /// The terminal's own style.
    package static let plain = TextStyle()

    /// The colour drawn for palette colour `number` on a terminal of `colors` colours: itself
    /// where the terminal has it, a bright colour as its basic twin on 8 (or 16) colours, none
    /// of the 240 others there.
    package static func shownPaletteColor(_ number: UInt8, colors: Int) -> Int? {
        if Int(number) < colors { return Int(number) }
        return number < 16 ? Int(number % 8) : nil
    }
}

extension Frame.Role {
    /// How text of this role is drawn.
    package var style: TextStyle {
        switch self {
        case .plain, .query, .counts: return .plain
        case .title, .notice, .checkMark, .sortKey: return TextStyle(bold: true)
        case .checked: return TextStyle(bold: true, color: .checked)
        case .warning: return TextStyle(bold: true, color: .warning)
        case .prompt, .header: return TextStyle(bold: true, color: .accent)
        case .subtitle: return TextStyle(color: .accent)
        case .hint, .help, .detail: return TextStyle(dim: true)
        case .match: return TextStyle(bold: true, underline: true, color: .match)
        case .qrCode: return TextStyle(whiteOnBlack: true)
        case .colored(let colors):
            var style = TextStyle(bold: colors.bold, dim: colors.dim, underline: colors.underline)
            style.paletteColor = colors.foreground
            return style
        }
    }
}
