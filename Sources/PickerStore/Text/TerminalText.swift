/// Makes untrusted text safe to draw: nothing in it can act on the terminal.
///
/// Control characters (C0, DEL, C1), line and paragraph separators, bidirectional controls,
/// invisible format characters and tag characters are replaced by a visible escape (`\x1b`,
/// `\u202e`, `\ue0041`), so a name stays recognisable and cannot move the cursor, change the
/// title, break a line or reorder what is drawn after it, and nothing in it is drawn invisibly. A combining mark with nothing
/// to combine with is drawn on a dotted circle.
package enum TerminalText {
    /// `text` with every unsafe character replaced by its visible escape.
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) || startsWithMark(text) else {
            return text
        }
        return text.map(sanitized).joined()
    }

    /// `text` with every unsafe character replaced by its visible escape, and nothing else
    /// changed: for output, where a leading combining mark needs no circle to be drawn on.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// `text` with every unsafe character replaced by its visible escape and every backslash
    /// doubled, so that an escape (`\x09` for a tab) cannot be told from the same characters
    /// typed (`\\x09`): for output that programs and people read back.
    package static func escapedUnambiguously(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || $0 == "\\" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += escape(scalar)
            } else if scalar == "\\" {
                result += "\\\\"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether the UTF-8 text `utf8` is well-formed and holds no unsafe character, so that
    /// ``escaped(_:)`` would leave it as it is.
    /// - Complexity: O(n), an ASCII byte checked on its own.
    package static func isSafe(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F { return false }
                index += 1
                continue
            }
            guard let (value, length) = UTF8Text.multibyteScalar(in: utf8, at: index, lead: lead),
                let scalar = Unicode.Scalar(value), !isUnsafe(scalar)
            else { return false }
            index += length
        }
        return true
    }

    /// `character` as it may be drawn.
    package static func sanitized(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        if scalars.contains(where: isUnsafe) {
            return scalars.map { isUnsafe($0) ? escape($0) : String($0) }.joined()
        }
        if let first = scalars.first, isMark(first) { return "\u{25CC}" + String(character) }
        return String(character)
    }

    /// Whether `scalar` may not reach the terminal as it is.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069,
            0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return scalar.value < 0x100
            ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    private static func startsWithMark(_ text: String) -> Bool {
        text.unicodeScalars.first.map(isMark) ?? false
    }
}
