/// mutt commands that carry text picker does not trust: the `push` of `--format mutt-to` and
/// the `echo` of its failures.
///
/// mutt reads a line of `source 'command |'` output as its configuration file: a single-quoted
/// token keeps everything but the quote that ends it (no `$` variable, no backtick command, no
/// `;` or `#`), except that `push` turns `^x` into a control key even there; the pushed string
/// then turns every `<…>` that names a key or a function into that key or function, whatever
/// its neighbours; and a key typed into a prompt is what the editor binds it to. So every
/// character typed is pushed behind `<quote-char>`, which inserts the next key (the first byte
/// of a UTF-8 character, whose other bytes no key binds) as it is, `^` is written
/// `^^`, and a quote closes the token, is escaped, and opens it again (`'\''`). Between two
/// `<quote-char>` functions there is one character, so no `<` of a name can reach a `>`
/// without the function's own `<` between them: the only names read are the functions
/// written here.
enum MuttKeys {
    private static let quoteChar = Array("<quote-char>".utf8)

    /// The `push` command that opens the compose menu's `To:` field, goes to its end, types
    /// `text` there, and presses Enter: the whole line of `--format mutt-to`, without its end.
    static func pushToField(typing text: [UInt8]) -> [UInt8] {
        var command = Array("push '<edit-to><eol>".utf8)
        command.reserveCapacity(command.count + text.count * (quoteChar.count + 1) + 9)
        for byte in text {
            // A character's other bytes follow its first: the line stays UTF-8, and they
            // reach the editor as the rest of the character that <quote-char> began.
            if byte & 0xC0 != 0x80 { command += quoteChar }
            switch byte {
            case UInt8(ascii: "'"): command += Array(#"'\''"#.utf8)
            case UInt8(ascii: "^"): command += [byte, byte]
            default: command.append(byte)
            }
        }
        command += Array("<enter>'".utf8)
        return command
    }

    /// The `echo` command that shows `message` (one line, without control characters) on
    /// mutt's message line.
    static func echo(_ message: String) -> String {
        "echo '" + message.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
