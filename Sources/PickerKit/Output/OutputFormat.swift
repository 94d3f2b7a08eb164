import PickerSources
import PickerStore

/// How the chosen friends are printed.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// One name per record.
    case names
    /// One id per record.
    case ids
    /// `id<TAB>name` per record.
    case tsv
    /// One JSON array of `{"id": …, "name": …}` objects, names exactly as given, with
    /// `"emails": […]` for friends that have addresses, and the contact's other fields where the
    /// source gives them (`nickname`, `reading`, `organization`, `title`, `phones`, `categories`,
    /// `birthday`, `note`, and a group's `members`).
    case json
    /// mutt's and neomutt's `query_command` shape: a line of message, then `email<TAB>name` for
    /// each address of each friend (each that is one plain address: see ``EmailAddress``; the
    /// name empty for a contact known only by its address).
    case mutt
    /// aerc's `address-book-cmd` shape: `email<TAB>name` for each address of each friend (each
    /// that is one plain address; the address alone for a contact known only by it).
    case aerc
    /// RFC 5322 mailboxes, `Name <email>`, one per friend (its first address that is one plain
    /// address), the name quoted when it needs to be; the address alone for a contact known
    /// only by it.
    case address
    /// `number<TAB>name` for each phone number of each friend, for SIP and SMS tools (khard's
    /// `phone --parsable`).
    case tel
    /// One mutt command, for `source 'picker … |'` in a compose macro: a `push` that opens the
    /// `To:` field and types the mailboxes of `address` at its end, each character behind
    /// `<quote-char>`, so that no name can become a key, a function or a second command (see
    /// ``MuttKeys``).
    case muttTo = "mutt-to"

    /// The UTF-8 to print for `friends`: records end in a newline, or in NUL with `print0`.
    /// What a name or an id holds is written as ``writesAsGiven(toTerminal:)`` says: as it is,
    /// or with its unsafe characters as visible escapes and its backslashes doubled, so that an
    /// escape is never the same text as one typed; JSON escapes as JSON does.
    package func render(_ friends: [Friend], print0: Bool, toTerminal: Bool = true) -> [UInt8] {
        var writer = RecordWriter(format: self, print0: print0, toTerminal: toTerminal, opensOutput: true)
        for friend in friends {
            var id = friend.id
            var name = friend.name
            id.withUTF8 { id in name.withUTF8 { writer.add(id: .text(id), name: $0, friend: friend) } }
        }
        return writer.finish()
    }

    /// The UTF-8 to print for the friends of `lines`, as for
    /// ``render(_:print0:toTerminal:)-([Friend],_,_)``: the pieces of
    /// ``pieces(_:print0:toTerminal:)`` put end to end.
    package func render(_ lines: FilteredLines, print0: Bool, toTerminal: Bool = true) -> [UInt8] {
        let pieces = pieces(lines, print0: print0, toTerminal: toTerminal)
        guard pieces.count > 1 else { return pieces.first ?? [] }
        var output: [UInt8] = []
        output.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { output.append(contentsOf: piece) }
        return output
    }

    /// The UTF-8 to print for the friends of `lines`, in pieces to write one after another: a
    /// piece of the lines on each core (reading the lines, which lie in the text's order, not
    /// the list's, is what takes the time).
    package func pieces(_ lines: FilteredLines, print0: Bool, toTerminal: Bool = true) -> [[UInt8]] {
        if printsOnePart { return [render(lines.friends, print0: print0, toTerminal: toTerminal)] }
        let parts = Parallel.ranges(lines.count, minimum: 16_384)
        let asGiven = writesAsGiven(toTerminal: toTerminal)
        if self == .names, asGiven {
            // The names as the text holds them, each with its terminator: copied, nothing to check.
            let terminator: UInt8 = print0 ? 0 : 0x0A
            return Parallel.map(parts.count) { part in
                [UInt8](unsafeUninitializedCapacity: lines.textLength(in: parts[part], withIDs: false)) {
                    output, written in
                    written = 0
                    lines.forEach(in: parts[part], withIDs: false) { _, _, name, _ in
                        _ = UnsafeMutableBufferPointer(rebasing: output[written...]).initialize(fromContentsOf: name)
                        output[written + name.count] = terminator
                        written += name.count + 1
                    }
                }
            }
        }
        // Names alone print no id: the friends' ids, which lie elsewhere, are not read.
        let withIDs = self != .names
        return Parallel.map(parts.count) { part in
            var writer = RecordWriter(
                format: self, print0: print0, toTerminal: toTerminal, opensOutput: part == 0,
                capacity: lines.textLength(in: parts[part], withIDs: withIDs))
            // Lines of one name are printed from one place, mostly one after another: the
            // check for characters to escape is made once for them.
            var checked: (name: UnsafePointer<UInt8>?, count: Int, isPlain: Bool) = (nil, -1, true)
            lines.forEach(in: parts[part], withIDs: withIDs) { number, id, name, other in
                if other != nil {
                    writer.add(id: id.map { .text($0) } ?? .number(number), name: name, friend: other)
                    return
                }
                if !asGiven && (name.baseAddress != checked.name || name.count != checked.count) {
                    checked = (name.baseAddress, name.count, RecordWriter.isPlain(name))
                }
                writer.add(id: id.map { .text($0) } ?? .number(number), name: name, nameIsPlain: checked.isPlain)
            }
            return part == parts.count - 1 ? writer.finish() : writer.output
        }
    }

    /// Whether names and ids are written as they are: in `names` and `ids` when standard output
    /// is not a terminal, as fzf writes its lines, so that a program reads back the bytes of
    /// the source (`--print0` keeps a name with a line break one record). On a terminal, and in
    /// the formats whose tabs and lines have a meaning (`tsv` and the mail formats), unsafe
    /// characters are visible escapes and backslashes are doubled.
    package func writesAsGiven(toTerminal: Bool) -> Bool {
        !toTerminal && (self == .names || self == .ids)
    }

    /// What the man page says of how names are written.
    package static let escapingHelp =
        "On a terminal, control characters, line and paragraph separators, bidirectional controls and invisible characters in names and ids are printed as visible escapes (\\x1b, \\u202e), and a backslash as two, so that an escape is never the same text as one typed; so are they in tsv and the mail formats wherever they are printed, whose tabs and lines have a meaning. Elsewhere, names and ids are written as the source holds them, as fzf writes its lines: a program reads back the bytes it was given, and --print0 keeps a name with a line break one record. json escapes as JSON does."
}

/// Writes records of one format, given as the UTF-8 of an id and a name, into one buffer.
private struct RecordWriter {
    /// An id: text to escape, or a line number, which needs none.
    enum ID {
        case text(UnsafeBufferPointer<UInt8>)
        case number(UInt32)
    }

    let format: OutputFormat
    let terminator: UInt8
    /// Whether names and ids are written as they are (see
    /// ``OutputFormat/writesAsGiven(toTerminal:)``).
    let asGiven: Bool
    private(set) var output: [UInt8] = []
    /// How many email addresses the mail formats wrote.
    private var addresses = 0
    /// Whether a record was written before the next: in this buffer, or in the buffers whose
    /// output comes before it.
    private var follows: Bool
    private static let idKey = Array(#"{"id":"#.utf8)
    private static let nameKey = Array(#","name":"#.utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    /// A writer for the start of the output when `opensOutput`, else for a piece that follows
    /// another's records, with room for `capacity` bytes.
    init(format: OutputFormat, print0: Bool, toTerminal: Bool, opensOutput: Bool, capacity: Int = 0) {
        output.reserveCapacity(capacity)
        self.format = format
        asGiven = format.writesAsGiven(toTerminal: toTerminal)
        terminator = print0 ? 0 : 0x0A
        follows = !opensOutput
        if format == .json && opensOutput { output.append(UInt8(ascii: "[")) }
    }

    /// Adds the record of `id` and `name`, of `friend` when there is one (a line of text has
    /// none); `nameIsPlain` says whether the name needs no escape, when it is known (see
    /// ``isPlain(_:)``).
    mutating func add(id: ID, name: UnsafeBufferPointer<UInt8>, friend: Friend? = nil, nameIsPlain: Bool? = nil) {
        switch format {
        case .mutt, .aerc, .tel:
            let printed = friend.map { format.printedValues(of: $0).printed } ?? []
            for value in printed {
                appendEscaped(value)
                // A contact known only by an address has no name to print beside it.
                let hasName = !name.elementsEqual(value.utf8)
                if format == .mutt || hasName { output.append(0x09) }
                if hasName { appendEscaped(name) }
                output.append(terminator)
            }
            addresses += printed.count
            return
        case .address, .muttTo:
            guard let email = friend.flatMap({ format.printedValues(of: $0).printed.first }) else { return }
            // mutt's To: field takes a list: each mailbox follows ", ", which mutt passes over
            // before the first.
            if format == .muttTo { output += Array(", ".utf8) }
            if name.elementsEqual(email.utf8) {
                appendEscaped(email)
            } else {
                appendMailbox(name: name, email: email)
            }
            if format == .address { output.append(terminator) }
            addresses += 1
            return
        case .names:
            appendEscaped(name, isPlain: nameIsPlain)
        case .ids:
            append(id)
        case .tsv:
            append(id)
            output.append(0x09)
            appendEscaped(name, isPlain: nameIsPlain)
        case .json:
            if follows { output.append(UInt8(ascii: ",")) }
            output += Self.idKey
            switch id {
            case .text(let text): appendJSONString(text)
            case .number:
                output.append(UInt8(ascii: "\""))
                append(id)
                output.append(UInt8(ascii: "\""))
            }
            output += Self.nameKey
            appendJSONString(name)
            if let friend { appendJSONFields(of: friend) }
            output.append(UInt8(ascii: "}"))
        }
        if format != .json { output.append(terminator) }
        follows = true
    }

    /// Appends the fields of `friend` besides its id and name that it has, each as
    /// `,"key":value`: its email addresses, then its card's fields, then a group's members,
    /// then the sources it was found in (when several were read).
    private mutating func appendJSONFields(of friend: Friend) {
        func appendKey(_ key: String) {
            output += Array(",\"\(key)\":".utf8)
        }
        func appendText(_ key: String, _ value: String?) {
            guard var value else { return }
            appendKey(key)
            value.withUTF8 { appendJSONString($0) }
        }
        func appendList(_ key: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            appendKey(key)
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                var value = value
                value.withUTF8 { appendJSONString($0) }
            }
            output.append(UInt8(ascii: "]"))
        }
        appendList("emails", friend.emails)
        if let card = friend.card {
            appendText("nickname", card.nickname)
            appendText("reading", card.reading)
            appendText("organization", card.organization)
            appendText("title", card.title)
            appendList("phones", card.phones)
            appendList("categories", card.categories)
            appendText("birthday", card.birthday)
            appendText("note", card.note)
        }
        if let members = friend.members { appendList("members", members) }
        appendList("sources", friend.sources)
    }

    mutating func finish() -> [UInt8] {
        if format == .json { output += [UInt8(ascii: "]"), terminator] }
        if format == .mutt {
            output = Array(MailPrintout.muttMessage(addresses: addresses).utf8) + [terminator] + output
        }
        if format == .muttTo && addresses > 0 { output = MuttKeys.pushToField(typing: output) + [terminator] }
        return output
    }

    /// Appends `Name <email>`, the name a quoted string when it holds more than letters,
    /// digits, spaces and the other characters of an RFC 5322 atom.
    private mutating func appendMailbox(name: UnsafeBufferPointer<UInt8>, email: String) {
        var display: [UInt8] = []
        Self.appendEscaped(name, to: &display)
        while display.last == 0x20 { display.removeLast() }
        while display.first == 0x20 { display.removeFirst() }
        if !display.isEmpty {
            if display.allSatisfy(Self.isAtomText) {
                output += display
            } else {
                output.append(UInt8(ascii: "\""))
                for byte in display {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { output.append(UInt8(ascii: "\\")) }
                    output.append(byte)
                }
                output.append(UInt8(ascii: "\""))
            }
            output.append(0x20)
        }
        output.append(UInt8(ascii: "<"))
        appendEscaped(email)
        output.append(UInt8(ascii: ">"))
    }

    /// Whether `byte` may stand in a display name unquoted: an RFC 5322 `atext` byte, a space
    /// between words, or a byte of a UTF-8 character (RFC 6532).
    private static func isAtomText(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...0xFF, 0x20:
            return true
        default:
            return "!#$%&'*+-/=?^_`{|}~".utf8.contains(byte)
        }
    }

    private mutating func append(_ id: ID) {
        switch id {
        case .text(let text): appendEscaped(text)
        case .number(let number):
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { digits in
                var start = digits.count
                var rest = number
                repeat {
                    start -= 1
                    digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
            }
        }
    }

    /// Appends `text` as it is, when names and ids are written as given, else with every
    /// unsafe character written as its visible escape and every backslash doubled; `isPlain`
    /// says whether it needs no escape, when that is known.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, isPlain: Bool? = nil) {
        if asGiven || isPlain == true {
            output.append(contentsOf: text)
        } else {
            Self.appendEscaped(text, to: &output)
        }
    }

    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped($0) }
    }

    /// Appends `text` to `bytes` with every unsafe character written as its visible escape and
    /// every backslash doubled.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if isPlain(text) {
            bytes.append(contentsOf: text)
        } else {
            bytes += Array(TerminalText.escapedUnambiguously(String(decoding: text, as: UTF8.self)).utf8)
        }
    }

    /// Whether the UTF-8 text `text` needs no escape: well-formed, without an unsafe character
    /// (see ``TerminalText/isSafe(_:)``) or a backslash.
    static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        TerminalText.isSafe(text) && !text.contains(UInt8(ascii: "\\"))
    }

    /// Appends `text` as a JSON string literal: quote, backslash and control characters escaped.
    private mutating func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0..<0x20, 0x7F: output += Array(#"\u00"#.utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
