/// What picker takes for an email address it may print for a mail client or a header.
///
/// A contact's address comes from a vCard's `EMAIL` or a CSV cell as whatever text the file
/// holds; printed as it is, `eve@x.org, boss@y.org` or `mal@x.org>` followed by more would add
/// recipients once pasted into a header. So only one plain address is printed: the dot-atom
/// form of RFC 5322's `addr-spec` that address books write, `local@domain`, with non-ASCII
/// letters allowed (RFC 6532). Quoted local parts (`"a b"@x.org`) and domain literals
/// (`a@[192.0.2.1]`), which no address book writes, are not taken either.
package enum EmailAddress {
    /// Whether `text` is one plain address: exactly one `@` with text on both sides, and no
    /// white space or control character, no invisible one, and none of `( ) , : ; < > [ \ ] "`.
    /// - Complexity: O(length of `text`).
    package static func isPlain(_ text: String) -> Bool {
        var ats = 0
        var beforeAt = 0
        var afterAt = 0
        for scalar in text.unicodeScalars {
            if scalar == "@" {
                ats += 1
                continue
            }
            guard isAllowed(scalar) else { return false }
            if ats == 0 { beforeAt += 1 } else { afterAt += 1 }
        }
        return ats == 1 && beforeAt > 0 && afterAt > 0
    }

    /// Whether `scalar` may stand in a local part or a domain: an ASCII letter, digit, `.` or
    /// other `atext` character, or a non-ASCII character that is neither white space nor one
    /// that may not reach a terminal (C1 controls, bidirectional controls, zero-width spaces).
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return !Whitespace.contains(scalar.value) && !TerminalText.isUnsafe(scalar) }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".": return true
        default: return "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
        }
    }
}
