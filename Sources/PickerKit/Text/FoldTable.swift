/// The folds of the Unicode scalars that folding changes: for each, what Foundation's
/// `folding(options:locale:)` makes of it ignoring case, and ignoring case and accents, in
/// composed form, with the letters whose stroke or bar Foundation keeps (`ł`, `ø`, `đ`…) taken
/// to their base letter when accents are ignored, as fzf does, so that `lukasz` finds
/// `Łukasz`.
///
/// The table is written by `swift run picker-docs` from Foundation's folding (a test checks it
/// is current), so that the picker folds as Foundation does without linking Foundation's
/// string functions, which would bring ICU and 45 MB into the binary.
public enum FoldTable {
    /// The folds of one scalar.
    struct Folds {
        var caseOnly: [Unicode.Scalar]
        var caseAndAccents: [Unicode.Scalar]
    }

    /// The folds of every scalar folding changes, read from ``entries`` on first use.
    static let folds: [UInt32: Folds] = {
        var folds: [UInt32: Folds] = [:]
        for line in entries.split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(scalars)
            guard fields.count == 3, let scalar = fields[0].first else { continue }
            folds[scalar.value] = Folds(caseOnly: fields[1], caseAndAccents: fields[2])
        }
        return folds
    }()

    /// The scalars written in `field`: hexadecimal values separated by spaces.
    private static func scalars(_ field: Substring) -> [Unicode.Scalar] {
        field.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
    }

    /// The scalars `scalar` folds to at `strength`.
    static func fold(_ scalar: Unicode.Scalar, _ strength: TextFolding.Strength) -> [Unicode.Scalar]? {
        guard let folds = folds[scalar.value] else { return nil }
        return strength == .caseOnly ? folds.caseOnly : folds.caseAndAccents
    }

    /// Lowercase letters with a stroke, bar or dot that Foundation does not decompose, and the
    /// letter they are written on.
    static let baseLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ŧ": "t", "ƀ": "b", "ɨ": "i",
        "ƶ": "z", "ǥ": "g", "ɍ": "r", "ʉ": "u", "ɏ": "y",
    ]

    /// Ranges of scalars that fold to themselves, left out of the table: CJK ideographs and
    /// Hangul syllables (thousands of letters without case or accents), private use and
    /// surrogates.
    static let unchanged: [ClosedRange<UInt32>] = [
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xD800...0xF8FF, 0x20000...0x2EBEF, 0x30000...0x323AF,
        0xF0000...0x10FFFF,
    ]

    /// The source of ``entries``: one line per scalar that folding changes, `scalar;case
    /// fold;case and accents fold`, each in hexadecimal, the scalars of a fold separated by
    /// spaces. `foundationFold` is Foundation's folding of a text, composed.
    public static func source(_ foundationFold: (String, TextFolding.Strength) -> String) -> String {
        var lines: [String] = []
        for value in UInt32(0)...0x10FFFF where !unchanged.contains(where: { $0.contains(value) }) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let text = String(Character(scalar))
            let caseOnly = foundationFold(text, .caseOnly)
            var caseAndAccents = foundationFold(text, .caseAndAccents)
            caseAndAccents = String(
                String.UnicodeScalarView(caseAndAccents.unicodeScalars.map { baseLetters[$0] ?? $0 }))
            guard caseOnly != text || caseAndAccents != text else { continue }
            let hex = { (folded: String) in
                folded.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            }
            lines.append("\(hex(text));\(hex(caseOnly));\(hex(caseAndAccents))")
        }
        // Laid out as `swift format` lays it out, so that formatting leaves it as it is.
        let quotes = String(repeating: "\"", count: 3)
        let body = lines.map { "        " + $0 }.joined(separator: "\n")
        return [
            "// Written by `swift run picker-docs` from Foundation's folding: do not edit.",
            "extension FoldTable {",
            "    /// The folds of every scalar that folding changes (see ``FoldTable/source(_:)``).",
            "    static let entries = \(quotes)",
            body,
            "        \(quotes)",
            "}",
            "",
        ].joined(separator: "\n")
    }
}
