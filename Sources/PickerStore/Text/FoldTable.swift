/// The folds of the Unicode scalars that folding changes: for each, what Foundation's
/// `folding(options:locale:)` makes of it ignoring case, and ignoring case and accents, in
/// composed form, with the letters whose stroke or bar Foundation keeps (`ł`, `ø`, `đ`…) taken
/// to their base letter when accents are ignored, as fzf does, so that `lukasz` finds
/// `Łukasz`, and the letters people without the key write as Latin letters spelled so
/// (`æ` as `ae`, `þ` as `th`), so that `aegir` finds `Ægir`.
///
/// The table is written by `swift run generate-fold-table` from Foundation's folding (a test checks it
/// is current), so that the picker folds as Foundation does without linking Foundation's
/// string functions, which would bring ICU and 45 MB into the binary.
package enum FoldTable {
    /// The table read from ``entries`` into arrays, on first use: the scalars in order, and
    /// their folds one after another in a pool of scalars.
    private struct Folds: Sendable {
        /// The scalars folding changes, in increasing order.
        var scalars: [UInt32] = []
        /// For the scalar at index `i`: its fold ignoring case starts at `bounds[2i]`, its fold
        /// ignoring accents too at `bounds[2i + 1]` and ends at `bounds[2i + 2]`.
        var bounds: [Int] = [0]
        var pool: [Unicode.Scalar] = []
    }

    /// The folds, read in one pass over the bytes of ``entries`` (a split into lines and
    /// fields would take milliseconds, each start of a picker).
    private static let table: Folds = {
        var table = Folds()
        table.scalars.reserveCapacity(2048)
        table.pool.reserveCapacity(8192)
        var field = 0
        var number: UInt32 = 0
        var digits = 0
        func end() {
            guard digits > 0 else { return }
            if field == 0 {
                table.scalars.append(number)
            } else if let scalar = Unicode.Scalar(number) {
                table.pool.append(scalar)
            }
            number = 0
            digits = 0
        }
        for byte in entries.utf8 {
            if let digit = HexDigit.value(byte) {
                number = number << 4 | UInt32(digit)
                digits += 1
                continue
            }
            switch byte {
            case UInt8(ascii: ";"):
                end()
                field += 1
                // The fold ignoring case ends where the one ignoring accents too starts.
                if field == 2 { table.bounds.append(table.pool.count) }
            case UInt8(ascii: "\n"):
                end()
                if field == 2 { table.bounds.append(table.pool.count) }
                field = 0
            default:
                end()
            }
        }
        end()
        if field == 2 { table.bounds.append(table.pool.count) }
        return table
    }()

    /// The scalars `scalar` folds to at `strength`; nil when folding leaves it as it is.
    /// - Complexity: O(log n) in the number of scalars folding changes.
    static func fold(_ scalar: Unicode.Scalar, _ strength: TextFolding.Strength) -> ArraySlice<Unicode.Scalar>? {
        let table = Self.table
        let low = BinarySearch.firstIndex(in: table.scalars.indices) { table.scalars[$0] >= scalar.value }
        guard low < table.scalars.count, table.scalars[low] == scalar.value else { return nil }
        let range =
            strength == .caseOnly
            ? table.bounds[2 * low]..<table.bounds[2 * low + 1] : table.bounds[2 * low + 1]..<table.bounds[2 * low + 2]
        return table.pool[range]
    }

    /// Lowercase letters with a stroke, bar or dot that Foundation does not decompose, and the
    /// letter they are written on.
    static let baseLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ŧ": "t", "ƀ": "b", "ɨ": "i",
        "ƶ": "z", "ǥ": "g", "ɍ": "r", "ʉ": "u", "ɏ": "y",
    ]

    /// Letters of their own that people who lack the key write with Latin letters, and
    /// typographic apostrophes and hyphens, which they type as ASCII: what each is spelled as
    /// when accents are ignored.
    static let spellings: [Unicode.Scalar: String] = [
        "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "\u{2019}": "'", "\u{2018}": "'", "\u{02BC}": "'",
        "\u{2010}": "-", "\u{2011}": "-",
    ]

    /// The fold of a text ignoring case and accents, as Foundation gives it, made what the
    /// table holds: the stroke letters taken to their base letter, the ``spellings`` spelled out.
    package static func adjusted(_ foundationFold: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in foundationFold.unicodeScalars {
            let base = baseLetters[scalar] ?? scalar
            if let spelled = spellings[base] {
                scalars.append(contentsOf: spelled.unicodeScalars)
            } else {
                scalars.append(base)
            }
        }
        return String(scalars)
    }

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
    package static func source(_ foundationFold: (String, TextFolding.Strength) -> String) -> String {
        var lines: [String] = []
        for value in UInt32(0)...0x10FFFF where !unchanged.contains(where: { $0.contains(value) }) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let text = String(Character(scalar))
            let caseOnly = foundationFold(text, .caseOnly)
            let caseAndAccents = adjusted(foundationFold(text, .caseAndAccents))
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
            "// Written by `swift run generate-fold-table` from Foundation's folding: do not edit.",
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
