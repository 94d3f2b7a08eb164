/// How many terminal columns text takes.
///
/// Follows the rules the terminal itself applies, code point by code point (the C library's
/// `wcwidth`, which ncurses places text with and tmux and most terminals draw with): East Asian
/// wide and full-width characters and emoji take 2 columns, combining marks and invisible format
/// characters 0, everything else 1. A grapheme cluster takes the sum of its code points, so the
/// columns computed here are the columns the terminal moves by.
package enum DisplayWidth {
    /// The columns `character` takes.
    package static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The columns `text` takes.
    package static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// The columns `scalar` takes; 0 for control characters, which are never drawn raw.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if zeroWidthRanges.contains(where: { $0.contains(value) }) { return 0 }
        switch scalar.properties.generalCategory {
        case .control: return 0
        case .nonspacingMark, .enclosingMark: return 0
        case .format: return visibleFormatCharacters.contains(where: { $0.contains(value) }) ? 1 : 0
        default: break
        }
        if regionalIndicators.contains(value) { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains(where: { $0.contains(value) }) ? 2 : 1
    }

    /// `text` cut to at most `columns` columns, ending in `…` when something was cut.
    package static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            kept.append(character)
            used += width
        }
        return kept + "…"
    }

    /// Hangul medial vowels and final consonants, and an Ahom sign, drawn joined to what
    /// precedes them.
    private static let zeroWidthRanges: [ClosedRange<UInt32>] = [
        0x1160...0x11FF, 0xD7B0...0xD7FB, 0x1171E...0x1171E,
    ]

    /// Format characters that are drawn: the soft hyphen and the prepended concatenation marks.
    private static let visibleFormatCharacters: [ClosedRange<UInt32>] = [
        0x00AD...0x00AD, 0x0600...0x0605, 0x06DD...0x06DD, 0x070F...0x070F, 0x0890...0x0891,
        0x08E2...0x08E2, 0x110BD...0x110BD, 0x110CD...0x110CD,
    ]

    /// Regional indicator letters, one column each until a terminal pairs them into a flag.
    private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

    /// East Asian Wide and Fullwidth blocks: Hangul Jamo, CJK, kana, Yijing, Hangul syllables,
    /// CJK compatibility, full-width forms, Tangut, Khitan, kana extensions, supplementary
    /// ideographs.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FF1, 0x17000...0x18D08,
        0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]
}
