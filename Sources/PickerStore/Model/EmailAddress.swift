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

    /// The address and the display name of `text` when it is exactly one mailbox written
    /// `Name <addr>` or `"Name" <addr>` (RFC 5322's `name-addr`, as some exporters write an
    /// address in a vCard's `EMAIL` or a CSV cell) around a plain address (``isPlain(_:)``): the
    /// name unquoted, nil when there is none or it is the address again; nil for any other
    /// text, a plain address and a list of mailboxes included.
    /// - Complexity: O(length of `text`).
    package static func mailbox(_ text: String) -> (name: String?, address: String)? {
        let scalars = text.trimmingWhitespace.unicodeScalars
        guard scalars.last == ">", let open = scalars.lastIndex(of: "<") else { return nil }
        let address = String(scalars[scalars.index(after: open)..<scalars.index(before: scalars.endIndex)])
            .trimmingWhitespace
        guard isPlain(address), let name = displayName(String(scalars[..<open]).trimmingWhitespace) else {
            return nil
        }
        return (name.isEmpty || name == address ? nil : name, address)
    }

    /// The name a mailbox's display part gives: a quoted string's text, its backslash escapes
    /// undone, or words without any of the characters a header gives a meaning (`< > , ; : @ "
    /// ( ) [ ] \`); nil for anything else.
    private static func displayName(_ phrase: String) -> String? {
        var rest = phrase.unicodeScalars.makeIterator()
        guard phrase.unicodeScalars.first == "\"" else {
            let specials = "<>,;:@\"()[]\\".unicodeScalars
            return phrase.unicodeScalars.contains(where: specials.contains) ? nil : phrase
        }
        _ = rest.next()
        var name = String.UnicodeScalarView()
        while let scalar = rest.next() {
            switch scalar {
            case "\\":
                guard let escaped = rest.next() else { return nil }
                name.append(escaped)
            case "\"":
                return rest.next() == nil ? String(name).trimmingWhitespace : nil
            default:
                name.append(scalar)
            }
        }
        return nil
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
