import PickerStore

extension JSONFriendScanner {
    /// Reads JSON values at a place in a byte buffer, for ``JSONFriendScanner``: friends whole,
    /// other values checked and skipped. Each read either completes or throws, and on
    /// ``Failure/truncated`` the caller goes back to where the unit began.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int

        /// Nesting deeper than this is left to Foundation.
        private static let maximumDepth = 100

        var atEnd: Bool { index >= bytes.count }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        /// Consumes `byte` after optional whitespace.
        mutating func expect(_ byte: UInt8) throws(Failure) {
            skipWhitespace()
            guard let next = peek() else { throw .truncated }
            guard next == byte else { throw .unsupported }
            index += 1
        }

        mutating func colon() throws(Failure) { try expect(UInt8(ascii: ":")) }

        /// An object key, after optional whitespace. A key the reader does not know must still be
        /// UTF-8, as Foundation requires.
        mutating func key() throws(Failure) -> Field {
            skipWhitespace()
            let (range, escaped, _) = try stringRange()
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            let key: Field
            if escaped {
                let decoded = try Self.unescape(raw)
                key = decoded.withUnsafeBufferPointer { Field($0) }
                if key == .other, !decoded.withUnsafeBufferPointer({ UTF8Text.isValid($0) }) { throw .unsupported }
            } else {
                key = Field(raw)
                if key == .other, !UTF8Text.isValid(raw) { throw .unsupported }
            }
            return key
        }

        /// A friend object, after optional whitespace, appended to `texts` as its strings'
        /// bytes; nothing is appended when it cannot be read.
        mutating func friend(into texts: inout FriendTexts) throws(Failure) {
            var id: Text?
            var name: Text?
            var first: Text?
            var middle: Text?
            var last: Text?
            var seenParts: UInt8 = 0
            try openMembers()
            repeat {
                let key = try memberKey()
                switch key {
                case .id:
                    guard id == nil else { throw .unsupported }
                    id = peek() == UInt8(ascii: "\"") ? try text() : try integer()
                case .name:
                    guard name == nil else { throw .unsupported }
                    name = try text()
                case .firstName, .middleName, .lastName:
                    let bit: UInt8 = key == .firstName ? 1 : (key == .middleName ? 2 : 4)
                    guard seenParts & bit == 0 else { throw .unsupported }
                    seenParts |= bit
                    let part = try optionalText()
                    switch key {
                    case .firstName: first = part
                    case .middleName: middle = part
                    default: last = part
                    }
                case .data, .other, .friendsV2, .friends, .timestamp:
                    try skipValue(depth: 1)
                }
            } while try memberFollows()
            guard let id, let name else { throw .unsupported }
            withBytes(id) { id in withBytes(name) { name in texts.append(id: id, name: name) } }
            // Each part on its own, not an array of the three: this runs for every friend.
            func appendPart(_ part: Text?) {
                guard let part else { return texts.appendPart(nil) }
                withBytes(part) { texts.appendPart($0) }
            }
            appendPart(first)
            appendPart(middle)
            appendPart(last)
        }

        /// An entry of the Facebook export's friends list, after optional whitespace: its `name`
        /// and the `timestamp` the friendship began; other fields are checked and passed over.
        mutating func exportFriend() throws(Failure) -> Friend {
            var name: String?
            var timestamp: Int64?
            var sawTimestamp = false
            try openMembers()
            repeat {
                let key = try memberKey()
                switch key {
                case .name:
                    guard name == nil else { throw .unsupported }
                    name = try string()
                case .timestamp:
                    guard !sawTimestamp else { throw .unsupported }
                    let digits = try integer()
                    guard let seconds = withBytes(digits, { Int64(String(decoding: $0, as: UTF8.self)) }) else {
                        throw .unsupported
                    }
                    sawTimestamp = true
                    timestamp = seconds
                default:
                    try skipValue(depth: 1)
                }
            } while try memberFollows()
            guard let name else { throw .unsupported }
            return FacebookExport.friend(name: name, timestamp: timestamp)
        }

        /// Past an object's `{` and the whitespace before its first member; an empty object is left
        /// to Foundation.
        @inline(__always)
        private mutating func openMembers() throws(Failure) {
            try expect(UInt8(ascii: "{"))
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { throw .unsupported }
        }

        /// A member's key, its colon, and the whitespace before its value.
        @inline(__always)
        private mutating func memberKey() throws(Failure) -> Field {
            let key = try key()
            try colon()
            skipWhitespace()
            return key
        }

        /// After a member's value: true at a `,` (another member follows), false at the `}` that
        /// ends the object.
        @inline(__always)
        private mutating func memberFollows() throws(Failure) -> Bool {
            skipWhitespace()
            guard let next = peek() else { throw .truncated }
            index += 1
            if next == UInt8(ascii: "}") { return false }
            guard next == UInt8(ascii: ",") else { throw .unsupported }
            return true
        }

        /// A string or `null`, at the cursor.
        private mutating func optionalText() throws(Failure) -> Text? {
            if peek() == UInt8(ascii: "n") {
                try literal("null")
                return nil
            }
            return try text()
        }

        /// A string value, at the cursor.
        mutating func string() throws(Failure) -> String {
            withBytes(try text()) { String(decoding: $0, as: UTF8.self) }
        }

        /// A string value read: where its bytes lie between its quotes, or, when it holds
        /// escapes, the bytes they stand for. Valid UTF-8 either way.
        enum Text {
            case raw(Range<Int>)
            case decoded([UInt8])
        }

        /// A string value, at the cursor, as its bytes.
        private mutating func text() throws(Failure) -> Text {
            let (range, escaped, isASCII) = try stringRange()
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            if !escaped {
                guard isASCII || UTF8Text.isValid(raw) else { throw .unsupported }
                return .raw(range)
            }
            let decoded = try Self.unescape(raw)
            guard decoded.withUnsafeBufferPointer({ UTF8Text.isASCII($0) || UTF8Text.isValid($0) }) else {
                throw .unsupported
            }
            return .decoded(decoded)
        }

        /// Calls `body` with the bytes of `text`.
        private func withBytes<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            switch text {
            case .raw(let range): body(UnsafeBufferPointer(rebasing: bytes[range]))
            case .decoded(let decoded): decoded.withUnsafeBufferPointer(body)
            }
        }

        /// An id given as a number: a plain integer that fits 64 bits, in decimal as Foundation
        /// writes it. Fractions, exponents and `-0` are left to Foundation.
        private mutating func integer() throws(Failure) -> Text {
            let start = index
            if peek() == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            guard !atEnd else { throw .truncated }
            let digits = index - digitsStart
            guard digits > 0, digits <= 18, bytes[digitsStart] != UInt8(ascii: "0") || digits == 1 else {
                throw .unsupported
            }
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw .unsupported
            default: break
            }
            // `-0` is left to Foundation too.
            guard start == digitsStart || digits > 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
                throw .unsupported
            }
            return .raw(start..<index)
        }

        /// Checks and passes over any JSON value.
        mutating func skipValue(depth: Int) throws(Failure) {
            guard depth < Self.maximumDepth else { throw .unsupported }
            skipWhitespace()
            guard let byte = peek() else { throw .truncated }
            switch byte {
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "{"): try skipContainer(close: UInt8(ascii: "}"), keyed: true, depth: depth)
            case UInt8(ascii: "["): try skipContainer(close: UInt8(ascii: "]"), keyed: false, depth: depth)
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw .unsupported
            }
        }

        private mutating func skipContainer(close: UInt8, keyed: Bool, depth: Int) throws(Failure) {
            index += 1
            skipWhitespace()
            guard let first = peek() else { throw .truncated }
            if first == close {
                index += 1
                return
            }
            while true {
                if keyed {
                    skipWhitespace()
                    _ = try string()
                    try colon()
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard let next = peek() else { throw .truncated }
                index += 1
                if next == close { return }
                guard next == UInt8(ascii: ",") else { throw .unsupported }
            }
        }

        private mutating func literal(_ word: StaticString) throws(Failure) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            for byte in expected {
                guard let next = peek() else { throw .truncated }
                guard next == byte else { throw .unsupported }
                index += 1
            }
        }

        /// A number as JSON spells it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        private mutating func number() throws(Failure) {
            if peek() == UInt8(ascii: "-") { index += 1 }
            guard let first = peek() else { throw .truncated }
            guard isDigit(first) else { throw .unsupported }
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
            guard isDigit(byte) else { throw .unsupported }
            skipDigits()
        }
    }
}
