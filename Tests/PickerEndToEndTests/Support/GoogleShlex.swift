/// `text` split into words as github.com/google/shlex's `Split` splits it, with which aerc 0.14
/// to 0.16 split `address-book-cmd` and ran the words without a shell: blanks (newlines
/// included) separate words; `'…'` keeps everything; `"…"` keeps all but a backslash, which
/// keeps the next character whatever it is; a backslash outside quotes keeps the next
/// character; and a `#` that starts a word starts a comment, dropped up to the end of the
/// line. Nil where shlex fails (a quote not closed, a backslash at the end), when aerc runs
/// nothing.
func googleShlexWords(_ text: String) -> [String]? {
    enum State { case start, word, escaping, escapingInQuotes, doubleQuotes, singleQuotes, comment }
    var words: [String] = []
    var word = ""
    var state = State.start
    for character in text.unicodeScalars.map(Character.init) {
        switch state {
        case .start:
            switch character {
            case " ", "\t", "\r", "\n": break
            case "\"": state = .doubleQuotes
            case "'": state = .singleQuotes
            case "\\": state = .escaping
            case "#": state = .comment
            default:
                word.append(character)
                state = .word
            }
        case .word:
            switch character {
            case " ", "\t", "\r", "\n":
                words.append(word)
                word = ""
                state = .start
            case "\"": state = .doubleQuotes
            case "'": state = .singleQuotes
            case "\\": state = .escaping
            default: word.append(character)
            }
        case .escaping:
            word.append(character)
            state = .word
        case .escapingInQuotes:
            word.append(character)
            state = .doubleQuotes
        case .doubleQuotes:
            switch character {
            case "\"": state = .word
            case "\\": state = .escapingInQuotes
            default: word.append(character)
            }
        case .singleQuotes:
            if character == "'" { state = .word } else { word.append(character) }
        case .comment:
            if character == "\n" { state = .start }
        }
    }
    switch state {
    case .start, .comment: return words
    case .word: return words + [word]
    case .escaping, .escapingInQuotes, .doubleQuotes, .singleQuotes: return nil
    }
}
