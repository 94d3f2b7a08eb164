/// How the chosen friends are printed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One name per record.
    case names
    /// One id per record.
    case ids
    /// `id<TAB>name` per record.
    case tsv
    /// One JSON array of `{"id": …, "name": …}` objects, names exactly as given.
    case json

    /// The text to print for `friends`: records end in a newline, or in NUL with `print0`.
    /// In every format but JSON, control characters in names and ids are written as visible
    /// escapes, so a record is always one line.
    public func render(_ friends: [Friend], print0: Bool) -> String {
        let terminator = print0 ? "\0" : "\n"
        switch self {
        case .names: return friends.map { TerminalText.escaped($0.name) + terminator }.joined()
        case .ids: return friends.map { TerminalText.escaped($0.id) + terminator }.joined()
        case .tsv:
            return friends.map {
                TerminalText.escaped($0.id) + "\t" + TerminalText.escaped($0.name) + terminator
            }.joined()
        case .json:
            let objects = friends.map { "{\"id\":\(Self.jsonString($0.id)),\"name\":\(Self.jsonString($0.name))}" }
            return "[" + objects.joined(separator: ",") + "]" + terminator
        }
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
