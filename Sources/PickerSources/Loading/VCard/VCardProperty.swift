import PickerStore

/// The head of a vCard content line, `[group.]NAME *(;PARAM) :`, with what the reader needs of
/// its parameters; the value follows the colon.
struct VCardProperty: Equatable {
    /// The property name, upper-cased (`FN`, `EMAIL`), without its group (`item1.`).
    var name: String
    /// How the value is encoded: `ENCODING=QUOTED-PRINTABLE` (or 2.1's bare `QUOTED-PRINTABLE`).
    var isQuotedPrintable = false
    /// `ENCODING=b` or `BASE64` (photos and other binary values).
    var isBase64 = false
    /// `CHARSET=…`, lower-cased, when given (2.1).
    var charset: String?
    /// How much the value is preferred: `PREF=n` (4.0), `1` for a `pref` type (3.0) or a bare
    /// `PREF` (2.1), else 101, after every `PREF` 4.0 allows.
    var preference = 101
    /// `SORT-AS="…"` (4.0), its values as written, separated by commas: how `N`'s family and
    /// given names sort (read as the name's reading); nil when not given.
    var sortAs: [String]?
    /// Whether a `SOUND` is the reading of `N`, written in `N`'s shape: `X-IRMC-N`, as Japanese
    /// phones export it (`SOUND;X-IRMC-N;CHARSET=SHIFT_JIS:ﾔﾏﾀﾞ;ﾀﾛｳ;;;`).
    var isNameReading = false

    /// The properties whose values the reader decodes; every other one is skipped undecoded.
    static let read: Set<String> = [
        "BEGIN", "END", "FN", "N", "UID", "EMAIL", "ORG", "NICKNAME", "TITLE", "TEL", "CATEGORIES", "BDAY", "NOTE",
        "KIND", "MEMBER", "X-ADDRESSBOOKSERVER-KIND", "X-ADDRESSBOOKSERVER-MEMBER", "X-PHONETIC-FIRST-NAME",
        "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME", "SOUND",
    ]

    /// Whether the reader decodes the property: one of ``read``, and a `SOUND` only when it is
    /// the name's reading (its other values are sounds).
    var isRead: Bool { Self.read.contains(name) && (name != "SOUND" || isNameReading) }

    /// Parses the head of `line`, which ends at its first colon outside double quotes. Only the
    /// parameters the reader uses (`ENCODING`, `CHARSET`, `PREF`, `TYPE`, `SORT-AS`, and 2.1's
    /// bare `QUOTED-PRINTABLE`, `BASE64`, `PREF` and `X-IRMC-N`) are read, as keywords but
    /// `SORT-AS`'s text.
    /// - Returns: the property and the offset of its value, or nil when the line has no colon.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> (property: VCardProperty, valueStart: Int)? {
        var inQuotes = false
        var fieldStart = 0
        var property = VCardProperty(name: "")
        var isFirstField = true
        for index in line.indices {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            guard !inQuotes, byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") else { continue }
            let field = UnsafeBufferPointer(rebasing: line[fieldStart..<index])
            if isFirstField {
                let nameStart = field.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
                property.name = keyword(UnsafeBufferPointer(rebasing: field[nameStart...]))
                isFirstField = false
            } else {
                property.take(parameter: field)
            }
            if byte == UInt8(ascii: ":") { return (property, index + 1) }
            fieldStart = index + 1
        }
        return nil
    }

    /// Takes a parameter, `KEY=VALUE[,VALUE]` or a bare 2.1 keyword.
    private mutating func take(parameter: UnsafeBufferPointer<UInt8>) {
        guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else {
            take(keyword: Self.keyword(parameter))
            return
        }
        let value = UnsafeBufferPointer(rebasing: parameter[(equals + 1)...])
        switch Self.keyword(UnsafeBufferPointer(rebasing: parameter[..<equals])) {
        case "ENCODING": take(keyword: Self.keyword(value))
        case "CHARSET": charset = Self.keyword(value).lowercased()
        case "PREF": if let rank = Int(Self.keyword(value)), (1...100).contains(rank) { preference = rank }
        case "SORT-AS":
            let text = String(decoding: value, as: UTF8.self).trimmingWhitespace
            let unquoted =
                text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
                ? text.dropFirst().dropLast() : text[...]
            sortAs = unquoted.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingWhitespace
            }
        case "TYPE":
            for type in value.split(separator: UInt8(ascii: ",")) {
                take(keyword: Self.keyword(UnsafeBufferPointer(rebasing: type)))
            }
        default: break
        }
    }

    /// Takes a type, an encoding or a bare 2.1 parameter: `PREF`, `QUOTED-PRINTABLE`, `B`,
    /// `BASE64`, `X-IRMC-N`; anything else says nothing the reader uses.
    private mutating func take(keyword: String) {
        switch keyword {
        case "PREF": preference = min(preference, 1)
        case "QUOTED-PRINTABLE": isQuotedPrintable = true
        case "B", "BASE64": isBase64 = true
        case "X-IRMC-N": isNameReading = true
        default: break
        }
    }

    /// `bytes` as a keyword: without the spaces, tabs and double quotes at its ends, ASCII
    /// letters upper-cased (names and keywords are ASCII in every real card; other bytes are
    /// replaced, never trusted).
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let isPadding: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "\"") }
        guard let first = bytes.firstIndex(where: { !isPadding($0) }),
            let last = bytes.lastIndex(where: { !isPadding($0) })
        else { return "" }
        return String(
            decoding: bytes[first...last].map { $0 &- UInt8(ascii: "a") < 26 ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
