/// The colours a line of text carries as SGR escape sequences (`ESC [ … m`, what
/// `ls --color=always` and `grep --color=always` write), read for `--ansi`: taken out of the
/// text for the search and the output, and kept as a style for each character on the screen.
/// No other escape sequence is read: one stays in the text, where the screen shows it escaped.
package enum ColorCodes {
    /// How a character is drawn: a colour of the 256-colour palette and some attributes.
    package struct Style: Hashable, Sendable {
        /// The foreground, 0–255 (0–7 the basic colours, 8–15 their bright twins); nil for the
        /// terminal's own.
        package var foreground: UInt8?
        package var bold = false
        package var dim = false
        package var underline = false

        package init(foreground: UInt8? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false) {
            self.foreground = foreground
            self.bold = bold
            self.dim = dim
            self.underline = underline
        }

        /// Whether the style is the terminal's own.
        package var isPlain: Bool { self == Style() }
    }

    /// `text` without its SGR sequences.
    package static func stripped(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        return String(String.UnicodeScalarView(parsed(text).scalars))
    }

    /// `text` without its SGR sequences, and the style of each of its characters.
    package static func styled(_ text: String) -> (text: String, styles: [Style]) {
        guard text.utf8.contains(0x1B) else { return (text, Array(repeating: Style(), count: text.count)) }
        let (scalars, scalarStyles) = parsed(text)
        let plain = String(String.UnicodeScalarView(scalars))
        // A character takes the style of its first scalar.
        var styles: [Style] = []
        var index = 0
        for character in plain {
            styles.append(scalarStyles[index])
            index += character.unicodeScalars.count
        }
        return (plain, styles)
    }

    /// The scalars of `text` outside its SGR sequences, each with the style in force.
    private static func parsed(_ text: String) -> (scalars: [Unicode.Scalar], styles: [Style]) {
        let all = Array(text.unicodeScalars)
        var scalars: [Unicode.Scalar] = []
        var styles: [Style] = []
        var style = Style()
        var index = 0
        while index < all.count {
            if all[index] == "\u{1B}", index + 1 < all.count, all[index + 1] == "[" {
                var end = index + 2
                while end < all.count, ("0"..."9").contains(all[end]) || all[end] == ";" || all[end] == ":" { end += 1 }
                if end < all.count, all[end] == "m" {
                    let parameters = String(String.UnicodeScalarView(all[(index + 2)..<end]))
                    apply(parameters, to: &style)
                    index = end + 1
                    continue
                }
            }
            scalars.append(all[index])
            styles.append(style)
            index += 1
        }
        return (scalars, styles)
    }

    /// Applies the SGR parameters `parameters` (`1;31`, `38;5;208`, `38;2;255;128;0`).
    private static func apply(_ parameters: String, to style: inout Style) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0.split(separator: ":").first ?? "") ?? 0
        }
        var index = 0
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 22: (style.bold, style.dim) = (false, false)
            case 24: style.underline = false
            case 30...37: style.foreground = UInt8(number - 30)
            case 90...97: style.foreground = UInt8(number - 90 + 8)
            case 39: style.foreground = nil
            case 38:
                if index + 2 < numbers.count, numbers[index + 1] == 5 {
                    style.foreground = UInt8(clamping: numbers[index + 2])
                    index += 2
                } else if index + 4 < numbers.count, numbers[index + 1] == 2 {
                    style.foreground = nearest(numbers[index + 2], numbers[index + 3], numbers[index + 4])
                    index += 4
                }
            case 48:
                // A background is not drawn: the row's own shows; its numbers are passed over.
                if index + 1 < numbers.count { index += numbers[index + 1] == 5 ? 2 : numbers[index + 1] == 2 ? 4 : 0 }
            default: break
            }
            index += 1
        }
    }

    /// The colour of the 6×6×6 cube of the 256-colour palette nearest `red`, `green`, `blue`.
    private static func nearest(_ red: Int, _ green: Int, _ blue: Int) -> UInt8 {
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (min(255, value) - 35) / 40 }
        return UInt8(16 + 36 * level(red) + 6 * level(green) + level(blue))
    }
}
