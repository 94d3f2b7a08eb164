import PickerSources
import PickerStore

/// Splits `text` into words as a POSIX shell does, without expanding anything: words are
/// separated by blanks; single quotes keep everything, double quotes keep all but `\"` and
/// `\\`, and a backslash outside quotes keeps the next character.
/// - Returns: the words, or nil when a quote is not closed.
func shellWords(_ text: String) -> [String]? {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    for character in text {
        if escaping {
            if quote == "\"", character != "\"", character != "\\" { current.append("\\") }
            current.append(character)
            escaping = false
            continue
        }
        switch (quote, character) {
        case (nil, "\\"), ("\"", "\\"):
            escaping = true
            inWord = true
        case (nil, "'"), (nil, "\""):
            quote = character
            inWord = true
        case ("'", "'"), ("\"", "\""):
            quote = nil
        case (nil, _) where character.isWhitespace:
            if inWord { words.append(current) }
            current = ""
            inWord = false
        default:
            current.append(character)
            inWord = true
        }
    }
    guard quote == nil, !escaping else { return nil }
    if inWord { words.append(current) }
    return words
}

/// `word` as a shell reads it back as one word (``shellWords(_:)``'s inverse): as it is when it
/// holds only letters, digits and `@%+=:,./-_`, else in single quotes, a quote inside written
/// `'\''`.
func shellQuotedWord(_ word: String) -> String {
    let plain =
        !word.isEmpty
        && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "@%+=:,./-_".unicodeScalars.contains(scalar)
        }
    return plain
        ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
