@_spi(Inlining) import PickerStore

extension JSONFriendScanner {
    /// Reads JSON values at a place in a byte buffer, for ``JSONFriendScanner``: friends whole,
    /// other values checked (by ``JSONSyntax``) and passed over. Each read either completes or
    /// throws, and on ``Failure/truncated`` the caller goes back to where the unit began.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        /// The line ends before ``index``, counted as white space and values passed over are
        /// (``Lines/start`` an index in `bytes`).
        var lines: Lines

        var atEnd: Bool { index >= bytes.count }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0D, 0x09: index += 1
                case 0x0A:
                    index += 1
                    lines.count += 1
                    lines.start = index
                default: return
                }
            }
        }

        /// The colon after a key, after optional white space.
        @inline(__always)
        mutating func colon() throws(Failure) {
            skipWhitespace()
            guard let next = peek() else { throw .truncated }
            guard next == UInt8(ascii: ":") else { throw .syntax(offset: index, "expected ':'") }
            index += 1
        }

        /// An object key, at the cursor. A key the reader does not know must still be UTF-8.
        /// The keys of a friend's fields are told by the words they start.
        mutating func key() throws(Failure) -> Field {
            if index + 16 <= bytes.count, let base = bytes.baseAddress,
                let (key, length) = Self.friendKey(base + index)
            {
                index += length
                return key
            }
            let (range, escaped, _) = try stringRange()
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            let key: Field
            if escaped {
                let decoded = try Self.unescape(raw)
                key = decoded.withUnsafeBufferPointer { Field($0) }
                if key == .other, !decoded.withUnsafeBufferPointer({ UTF8Text.isValid($0) }) { throw .invalid }
            } else {
                key = Field(raw)
                if key == .other, !UTF8Text.isValid(raw) { throw .invalid }
            }
            return key
        }

        /// The key of a friend's field that the 16 bytes at `start` begin with, quotes and all,
        /// and its length; nil when they begin with no such key. The words are the keys' bytes
        /// as ``ByteLanes/load(_:)`` reads them.
        @inline(__always)
        private static func friendKey(_ start: UnsafePointer<UInt8>) -> (Field, length: Int)? {
            let word = ByteLanes.load(start)
            if word & 0xFFFF_FFFF == 0x2264_6922 { return (.id, 4) }  // "id"
            if word & 0xFFFF_FFFF_FFFF == 0x2265_6D61_6E22 { return (.name, 6) }  // "name"
            let next = ByteLanes.load(start + 8)
            switch word {
            case 0x6E5F_7473_7269_6622 where next & 0xFFFF_FFFF == 0x2265_6D61: return (.firstName, 12)  // "first_name"
            case 0x616E_5F74_7361_6C22 where next & 0xFF_FFFF == 0x22_656D: return (.lastName, 11)  // "last_name"
            case 0x5F65_6C64_6469_6D22 where next & 0xFF_FFFF_FFFF == 0x22_656D_616E:
                return (.middleName, 13)  // "middle_name"
            default: return nil
            }
        }

        /// What an object held for one of the fields the reader knows.
        private enum Member {
            /// The field is not in the object.
            case absent
            /// A string.
            case text(Text)
            /// A number, where an id or a date goes: where its text lies.
            case number(Range<Int>)
            case null
            /// Any other value.
            case other

            var isAbsent: Bool {
                if case .absent = self { return true }
                return false
            }
        }

        /// Past the `{` of the object at the cursor and the white space after it: false when the
        /// object is empty (its `}` passed too).
        @inline(__always)
        private mutating func openObject() throws(Failure) -> Bool {
            index += 1
            skipWhitespace()
            guard let first = peek() else { throw .truncated }
            if first == UInt8(ascii: "}") {
                index += 1
                return false
            }
            if first == UInt8(ascii: ",") { throw .invalid }
            return true
        }

        /// A member's key, its colon, and the white space before its value.
        @inline(__always)
        private mutating func memberKey() throws(Failure) -> Field {
            let key = try key()
            try colon()
            skipWhitespace()
            return key
        }

        /// After a member's value: true when another member follows (the cursor at its key),
        /// false past the `}` that ends the object. A comma before the `}` is allowed, as for
        /// the decoder.
        @inline(__always)
        private mutating func memberFollows() throws(Failure) -> Bool {
            skipWhitespace()
            guard let next = peek() else { throw .truncated }
            index += 1
            if next == UInt8(ascii: "}") { return false }
            guard next == UInt8(ascii: ",") else { throw .invalid }
            skipWhitespace()
            guard let following = peek() else { throw .truncated }
            if following == UInt8(ascii: "}") {
                index += 1
                return false
            }
            guard following == UInt8(ascii: "\"") else { throw .invalid }
            return true
        }

        /// A friend object at the cursor (its `{`), nested `depth` deep, appended to `texts`
        /// as its strings' bytes; or, when it is not a friend, what is wrong with it, at `path`
        /// (`data[3]`), in the order the decoder told it: the id, the name, then the parts. A
        /// friend without an id (or with a null one, as older answers have) gets one made from
        /// its name, as a CSV record without one does.
        /// Of two members with one key the first counts; a later one is checked and passed over.
        ///
        /// The fields are held as where their bytes lie (``Member``, ``Text``), those of strings
        /// with escapes in `decoded`, so that nothing is counted or released for each field.
        mutating func friend(into texts: inout FriendTexts, depth: Int, path: Path) throws(Failure) -> SkippedEntry? {
            var id = Member.absent
            var name = Member.absent
            var first = Member.absent
            var middle = Member.absent
            var last = Member.absent
            var decoded: [UInt8] = []
            if try openObject() {
                repeat {
                    switch try memberKey() {
                    case .id where id.isAbsent: id = try member(depth: depth + 1, number: true, into: &decoded)
                    case .name where name.isAbsent: name = try member(depth: depth + 1, into: &decoded)
                    case .firstName where first.isAbsent: first = try member(depth: depth + 1, into: &decoded)
                    case .middleName where middle.isAbsent: middle = try member(depth: depth + 1, into: &decoded)
                    case .lastName where last.isAbsent: last = try member(depth: depth + 1, into: &decoded)
                    default: try skipValue(depth: depth + 1)
                    }
                } while try memberFollows()
            }
            let idText: Text?
            switch id {
            case .text(let text): idText = text
            case .number(let range):
                idText = Self.idText(UnsafeBufferPointer(rebasing: bytes[range]), at: range, into: &decoded)
            case .absent, .null: idText = nil
            case .other: return Self.problem(id, .id, at: path)
            }
            guard case .text(let nameText) = name else { return Self.problem(name, .name, at: path) }
            if case .other = first { return Self.problem(first, .firstName, at: path) }
            if case .other = middle { return Self.problem(middle, .middleName, at: path) }
            if case .other = last { return Self.problem(last, .lastName, at: path) }
            let idBytes = idText ?? Self.append(StableID.of([string(nameText, decoded)]).utf8, to: &decoded)
            let raw = bytes
            decoded.withUnsafeBufferPointer { decoded in
                func part(_ member: Member) -> UnsafeBufferPointer<UInt8>? {
                    guard case .text(let text) = member else { return nil }
                    return text.bytes(raw, decoded)
                }
                texts.append(
                    id: idBytes.bytes(raw, decoded), name: nameText.bytes(raw, decoded), firstName: part(first),
                    middleName: part(middle), lastName: part(last))
            }
            return nil
        }

        /// An entry of the Facebook export's friends list at the cursor (its `{`), nested
        /// `depth` deep: its `name` and the `timestamp` the friendship began; other fields are
        /// checked and passed over. When it is not an entry, what is wrong with it, at `path`.
        mutating func exportFriend(depth: Int, path: Path) throws(Failure) -> ExportEntry {
            var name = Member.absent
            var timestamp = Member.absent
            var decoded: [UInt8] = []
            if try openObject() {
                repeat {
                    switch try memberKey() {
                    case .name where name.isAbsent: name = try member(depth: depth + 1, into: &decoded)
                    case .timestamp where timestamp.isAbsent:
                        timestamp = try member(depth: depth + 1, number: true, into: &decoded)
                    default: try skipValue(depth: depth + 1)
                    }
                } while try memberFollows()
            }
            guard case .text(let nameText) = name else { return .skipped(Self.problem(name, .name, at: path)) }
            var seconds: Int64?
            switch timestamp {
            case .absent, .null: break
            case .text, .other: return .skipped(SkippedEntry(place: "\(path).timestamp", problem: "expected a number"))
            case .number(let range):
                guard let value = JSONNumber.wholeValue(UnsafeBufferPointer(rebasing: bytes[range])) else {
                    return .skipped(SkippedEntry(place: "\(path).timestamp", problem: "expected a whole number"))
                }
                seconds = value
            }
            return .friend(FacebookExport.friend(name: string(nameText, decoded), timestamp: seconds))
        }

        /// An entry of the Facebook export's friends list, read: a friend, or why it is not one.
        enum ExportEntry {
            indirect case friend(Friend)
            case skipped(SkippedEntry)
        }

        /// The value of a field the reader knows, at the cursor, nested `depth` deep: a string
        /// (the bytes of its escapes appended to `decoded`), or with `number`, a number; `null`;
        /// or any other value, checked and passed over.
        private mutating func member(depth: Int, number: Bool = false, into decoded: inout [UInt8]) throws(Failure)
            -> Member
        {
            guard let byte = peek() else { throw .truncated }
            switch byte {
            case UInt8(ascii: "\""): return .text(try text(into: &decoded))
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-") where number, UInt8(ascii: "0")...UInt8(ascii: "9") where number:
                let start = index
                try self.number()
                return .number(start..<index)
            default:
                try skipValue(depth: depth)
                return .other
            }
        }

        /// What is wrong with a field that holds `member` where a string must be.
        private static func problem(_ member: Member, _ field: Field, at path: Path) -> SkippedEntry {
            switch member {
            case .absent: SkippedEntry(place: path.description, problem: "\"\(field.name)\" is missing")
            case .null: SkippedEntry(place: "\(path).\(field.name)", problem: "expected a string, found null")
            case .text, .number, .other: SkippedEntry(place: "\(path).\(field.name)", problem: "expected a string")
            }
        }

        /// A string value, at the cursor.
        mutating func string() throws(Failure) -> String {
            var decoded: [UInt8] = []
            return string(try text(into: &decoded), decoded)
        }

        /// The string `text` holds, whose escapes' bytes are in `decoded`.
        private func string(_ text: Text, _ decoded: [UInt8]) -> String {
            decoded.withUnsafeBufferPointer { String(decoding: text.bytes(bytes, $0), as: UTF8.self) }
        }

        /// A string value read: where its bytes lie between its quotes (or, for a number, the
        /// number's text) in the cursor's bytes, or, when it holds escapes, where the bytes they
        /// stand for lie in the bytes decoded beside them. Valid UTF-8 either way.
        enum Text {
            case raw(Range<Int>)
            case decoded(Range<Int>)

            /// Its bytes, in `raw` (the cursor's) or `decoded`.
            func bytes(_ raw: UnsafeBufferPointer<UInt8>, _ decoded: UnsafeBufferPointer<UInt8>)
                -> UnsafeBufferPointer<UInt8>
            {
                switch self {
                case .raw(let range): UnsafeBufferPointer(rebasing: raw[range])
                case .decoded(let range): UnsafeBufferPointer(rebasing: decoded[range])
                }
            }
        }

        /// A string value, at the cursor, as its bytes; those its escapes stand for are
        /// appended to `decoded`.
        private mutating func text(into decoded: inout [UInt8]) throws(Failure) -> Text {
            let (range, escaped, isASCII) = try stringRange()
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            if !escaped {
                guard isASCII || UTF8Text.isValid(raw) else { throw .invalid }
                return .raw(range)
            }
            let unescaped = try Self.unescape(raw)
            guard unescaped.withUnsafeBufferPointer({ UTF8Text.isASCII($0) || UTF8Text.isValid($0) }) else {
                throw .invalid
            }
            return Self.append(unescaped, to: &decoded)
        }

        /// `text` appended to `decoded`, where it lies there.
        private static func append(_ text: some Collection<UInt8>, to decoded: inout [UInt8]) -> Text {
            let start = decoded.count
            decoded += text
            return .decoded(start..<decoded.count)
        }

        /// The text of the id given as the number `literal`, which lies at `range`: a plain
        /// integer of up to 18 digits as it is written; any other whole number that 64 bits hold
        /// as its value's digits (appended to `decoded`), as the decoder gave it (`1e3` is
        /// `1000`, `-0` is `0`); any other number (`1.5`, `1e30`) as it is written.
        private static func idText(
            _ literal: UnsafeBufferPointer<UInt8>, at range: Range<Int>, into decoded: inout [UInt8]
        )
            -> Text
        {
            let negative = literal.first == UInt8(ascii: "-")
            let digits = literal.count - (negative ? 1 : 0)
            let isPlain =
                digits <= 18
                && literal.allSatisfy {
                    ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
                }
                && (literal[negative ? 1 : 0] != UInt8(ascii: "0") || (digits == 1 && !negative))
            if isPlain { return .raw(range) }
            guard let value = JSONNumber.wholeValue(literal) else { return .raw(range) }
            return append(String(value).utf8, to: &decoded)
        }

        /// Checks and passes over any JSON value, nested `depth` deep in the document (which,
        /// with `endsDocument`, ends with the bytes), counting its line ends.
        mutating func skipValue(depth: Int, endsDocument: Bool = false) throws(Failure) {
            let start = index
            do throws(JSONSyntax.Problem) {
                index = try JSONSyntax.value(in: bytes, at: index, depth: depth, endsDocument: endsDocument)
            } catch {
                if error.truncated { throw .truncated }
                throw .syntax(offset: error.offset, error.reason)
            }
            lines.pass(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
        }

        private mutating func literal(_ word: StaticString) throws(Failure) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            for byte in expected {
                guard let next = peek() else { throw .truncated }
                guard next == byte else { throw .invalid }
                index += 1
            }
        }

        /// A number as JSON spells it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        private mutating func number() throws(Failure) {
            if peek() == UInt8(ascii: "-") { index += 1 }
            guard let first = peek() else { throw .truncated }
            guard isDigit(first) else { throw .invalid }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if peek() == UInt8(ascii: ".") {
                index += 1
                try requireDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                try requireDigits()
            }
            if atEnd { throw .truncated }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        private mutating func skipDigits() {
            while let byte = peek(), isDigit(byte) { index += 1 }
        }

        private mutating func requireDigits() throws(Failure) {
            guard let byte = peek() else { throw .truncated }
            guard isDigit(byte) else { throw .invalid }
            skipDigits()
        }
    }
}
