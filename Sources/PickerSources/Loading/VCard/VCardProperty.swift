import PickerStore

/// The head of a vCard content line, `[group.]NAME *(;PARAM) :`, with what the reader needs of
/// its parameters; the value follows the colon.
struct VCardProperty: Equatable {
    /// The names of the properties the reader acts on, recognised from their bytes; every
    /// other name is ``other``.
    enum Name: String, CaseIterable {
        case begin = "BEGIN"
        case end = "END"
        case formattedName = "FN"
        case name = "N"
        case uid = "UID"
        case email = "EMAIL"
        case organization = "ORG"
        case nickname = "NICKNAME"
        case title = "TITLE"
        case phone = "TEL"
        case categories = "CATEGORIES"
        case birthday = "BDAY"
        case note = "NOTE"
        case kind = "KIND"
        case member = "MEMBER"
        case appleKind = "X-ADDRESSBOOKSERVER-KIND"
        case appleMember = "X-ADDRESSBOOKSERVER-MEMBER"
        case phoneticFirstName = "X-PHONETIC-FIRST-NAME"
        case phoneticMiddleName = "X-PHONETIC-MIDDLE-NAME"
        case phoneticLastName = "X-PHONETIC-LAST-NAME"
        case sound = "SOUND"
        /// 2.1's agent, whose card may follow it (see ``VCardReader``).
        case agent = "AGENT"
        case other = ""

        /// The names' UTF-8, one after another, and where each is in it, for ``init(_:)``.
        private static let spellings: (utf8: [UInt8], places: [(start: Int, count: Int, name: Name)]) = {
            var utf8: [UInt8] = []
            var places: [(start: Int, count: Int, name: Name)] = []
            for name in allCases where name != .other {
                places.append((utf8.count, name.rawValue.utf8.count, name))
                utf8 += name.rawValue.utf8
            }
            return (utf8, places)
        }()

        /// The name `keyword` spells (see ``VCardProperty/spells(_:_:)``).
        init(_ keyword: UnsafeBufferPointer<UInt8>) {
            self = Self.spellings.utf8.withUnsafeBufferPointer { utf8 in
                for (start, count, name) in Self.spellings.places where count == keyword.count {
                    if VCardProperty.spells(keyword, UnsafeBufferPointer(rebasing: utf8[start..<(start + count)])) {
                        return name
                    }
                }
                return .other
            }
        }
    }

    /// The property name, without its group (`item1.`): one the reader acts on, or ``Name/other``.
    var name: Name
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

    /// Whether the reader decodes the property: one it acts on but 2.1's `AGENT`, and a `SOUND`
    /// only when it is the name's reading (its other values are sounds); every other one is
    /// skipped undecoded.
    var isRead: Bool {
        switch name {
        case .other, .agent: false
        case .sound: isNameReading
        default: true
        }
    }

    /// Parses the head of `line`, which ends at its first colon outside double quotes. Only the
    /// parameters the reader uses (`ENCODING`, `CHARSET`, `PREF`, `TYPE`, `SORT-AS`, and 2.1's
    /// bare `QUOTED-PRINTABLE`, `BASE64`, `PREF` and `X-IRMC-N`) are read, as keywords but
    /// `SORT-AS`'s text.
    /// - Returns: the property and the offset of its value, or nil when the line has no colon.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> (property: VCardProperty, valueStart: Int)? {
        var inQuotes = false
        var fieldStart = 0
        var property = VCardProperty(name: .other)
        var isFirstField = true
        for index in line.indices {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            guard !inQuotes, byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") else { continue }
            let field = UnsafeBufferPointer(rebasing: line[fieldStart..<index])
            if isFirstField {
                let nameStart = field.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
                property.name = Name(keyword(UnsafeBufferPointer(rebasing: field[nameStart...])))
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
        let key = Self.keyword(UnsafeBufferPointer(rebasing: parameter[..<equals]))
        if Self.spells(key, "TYPE") {
            for type in value.split(separator: UInt8(ascii: ",")) {
                take(keyword: Self.keyword(UnsafeBufferPointer(rebasing: type)))
            }
        } else if Self.spells(key, "ENCODING") {
            take(keyword: Self.keyword(value))
        } else if Self.spells(key, "CHARSET") {
            charset = Self.text(Self.keyword(value)).lowercased()
        } else if Self.spells(key, "PREF") {
            if let rank = Int(Self.text(Self.keyword(value))), (1...100).contains(rank) { preference = rank }
        } else if Self.spells(key, "SORT-AS") {
            let text = String(decoding: value, as: UTF8.self).trimmingWhitespace
            let unquoted =
                text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
                ? text.dropFirst().dropLast() : text[...]
            sortAs = unquoted.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingWhitespace
            }
        }
    }

    /// Takes a type, an encoding or a bare 2.1 parameter: `PREF`, `QUOTED-PRINTABLE`, `B`,
    /// `BASE64`, `X-IRMC-N`; anything else says nothing the reader uses.
    private mutating func take(keyword: UnsafeBufferPointer<UInt8>) {
        if Self.spells(keyword, "PREF") {
            preference = min(preference, 1)
        } else if Self.spells(keyword, "QUOTED-PRINTABLE") {
            isQuotedPrintable = true
        } else if Self.spells(keyword, "B") || Self.spells(keyword, "BASE64") {
            isBase64 = true
        } else if Self.spells(keyword, "X-IRMC-N") {
            isNameReading = true
        }
    }

    /// `bytes` as a keyword: without the spaces, tabs and double quotes at its ends (names and
    /// keywords are ASCII in every real card, and compared in any case by ``spells(_:_:)``).
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let isPadding: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "\"") }
        guard let first = bytes.firstIndex(where: { !isPadding($0) }),
            let last = bytes.lastIndex(where: { !isPadding($0) })
        else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
        return UnsafeBufferPointer(rebasing: bytes[first...last])
    }

    /// Whether the keyword `bytes` is `word`, an upper-case ASCII word, in any case.
    fileprivate static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == word.count else { return false }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard (byte &- UInt8(ascii: "a") < 26 ? byte - 0x20 : byte) == word[index] else { return false }
        }
        return true
    }

    /// Whether the keyword `bytes` is `word`, an upper-case ASCII word written in the code, in
    /// any case.
    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        spells(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// The keyword `bytes` as text, ASCII letters upper-cased (other bytes are replaced, never
    /// trusted).
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.map { $0 &- UInt8(ascii: "a") < 26 ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
