import PickerStore

/// An XML element of a WebDAV answer, read by ``parse(_:)``: its name without namespace
/// prefix, its child elements and its text.
///
/// WebDAV answers are small documents of known shape (`multistatus`, `response`, `href`,
/// `propstat`, `prop`), so elements are known by their local names: a server's prefixes
/// (`d:`, `D:`, `card:`, none with a default namespace) do not matter, and the two namespaces
/// used (`DAV:` and CardDAV's) share no local name picker reads. Attributes, comments,
/// processing instructions and the document type are passed over; character and entity
/// references are decoded, CDATA kept as it is.
package struct DAVXML: Hashable, Sendable {
    /// The local name: `href` for `<d:href>`.
    package var name: String
    package var children: [DAVXML] = []
    /// The element's own text, its children's left out.
    package var text = ""

    /// The deepest nesting read: deeper is no WebDAV answer.
    static let maximumDepth = 64

    /// Why a body is not XML picker can read.
    package struct Failure: Error, Hashable, Sendable {
        package var problem: String
    }

    /// The first child named `name`.
    func child(_ name: String) -> DAVXML? {
        children.first { $0.name == name }
    }

    /// Every child named `name`.
    func all(_ name: String) -> [DAVXML] {
        children.filter { $0.name == name }
    }

    /// The element reached by following `path` from here, one child name after another.
    func at(_ path: String...) -> DAVXML? {
        var current = self
        for name in path {
            guard let next = current.child(name) else { return nil }
            current = next
        }
        return current
    }

    /// The text without white space at its ends.
    var trimmedText: String { text.trimmingWhitespace }

    /// The root element of `bytes`.
    /// - Throws: ``Failure`` when the bytes are not well-formed XML of at most
    ///   ``maximumDepth`` levels, or not UTF-8.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> DAVXML {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }

    /// Text with `&`, `<`, `>` and quotes escaped, for an XML body.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension DAVXML {
    /// A reader over the bytes of a document.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func document() throws(Failure) -> DAVXML {
            var root: DAVXML?
            var stack: [DAVXML] = []
            // Puts an element whose end was read into its parent, or makes it the root; false
            // when there is a root already.
            func close(_ element: DAVXML) -> Bool {
                guard !stack.isEmpty else {
                    guard root == nil else { return false }
                    root = element
                    return true
                }
                stack[stack.count - 1].children.append(element)
                return true
            }
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let start = index
                    while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
                    let text = try decoded(start..<index)
                    if stack.isEmpty {
                        guard text.allSatisfy(\.isWhitespace) else { throw fail("text outside the root element") }
                    } else {
                        stack[stack.count - 1].text += text
                    }
                    continue
                }
                if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>")
                    guard !stack.isEmpty else { throw fail("CDATA outside the root element") }
                    stack[stack.count - 1].text += try utf8(start..<(index - 3))
                } else if starts(with: "<?") {
                    try skip(past: "?>")
                } else if starts(with: "<!") {
                    try skip(past: ">")
                } else if starts(with: "</") {
                    index += 2
                    let name = localName(try tagName())
                    try skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("a broken end tag") }
                    index += 1
                    guard let element = stack.popLast(), element.name == name else {
                        throw fail("</\(name)> closes no open element")
                    }
                    guard close(element) else { throw fail("two root elements") }
                } else {
                    index += 1
                    let element = DAVXML(name: localName(try tagName()))
                    let closed = try skipAttributes()
                    if closed {
                        guard close(element) else { throw fail("two root elements") }
                    } else {
                        guard stack.count < maximumDepth else { throw fail("nested deeper than \(maximumDepth)") }
                        stack.append(element)
                    }
                }
            }
            guard stack.isEmpty else { throw fail("<\(stack[stack.count - 1].name)> is not closed") }
            guard let root else { throw fail("no element") }
            return root
        }

        private func fail(_ problem: String) -> Failure {
            Failure(problem: "not XML at byte \(index): \(problem)")
        }

        private func starts(with prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            return bytes.count - index >= prefix.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
        }

        private mutating func skip(past end: String) throws(Failure) {
            let end = Array(end.utf8)
            while index < bytes.count {
                if bytes.count - index >= end.count && bytes[index..<(index + end.count)].elementsEqual(end) {
                    index += end.count
                    return
                }
                index += 1
            }
            throw fail("\(String(decoding: end, as: UTF8.self)) is missing")
        }

        private mutating func skipSpace() throws(Failure) {
            while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private mutating func tagName() throws(Failure) -> String {
            let start = index
            while index < bytes.count,
                ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index])
            {
                index += 1
            }
            guard index > start else { throw fail("a tag without a name") }
            return try utf8(start..<index)
        }

        /// Passes over the attributes of a start tag and its end; true when it closed itself
        /// (`/>`).
        private mutating func skipAttributes() throws(Failure) -> Bool {
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if let open = quote {
                    if byte == open { quote = nil }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: ">"): return index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
                default: break
                }
            }
            throw fail("a tag is not closed")
        }

        private func localName(_ name: String) -> String {
            guard let colon = name.lastIndex(of: ":") else { return name }
            return String(name[name.index(after: colon)...])
        }

        private func utf8(_ range: Range<Int>) throws(Failure) -> String {
            guard let text = bytes[range].withUnsafeBufferPointer({ UTF8Text.string($0) }) else {
                throw fail("not UTF-8")
            }
            return text
        }

        /// The text of `range`, its references decoded.
        private func decoded(_ range: Range<Int>) throws(Failure) -> String {
            let text = try utf8(range)
            guard text.contains("&") else { return text }
            var result = ""
            var rest = text[...]
            while let ampersand = rest.firstIndex(of: "&") {
                result += rest[..<ampersand]
                guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { throw fail("an unended reference") }
                let name = rest[rest.index(after: ampersand)..<semicolon]
                switch name {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let number: UInt32?
                    if name.hasPrefix("#x") || name.hasPrefix("#X") {
                        number = UInt32(name.dropFirst(2), radix: 16)
                    } else if name.hasPrefix("#") {
                        number = UInt32(name.dropFirst())
                    } else {
                        number = nil
                    }
                    guard let number, let scalar = Unicode.Scalar(number) else {
                        throw fail("an unknown reference &\(name.prefix(20));")
                    }
                    result.unicodeScalars.append(scalar)
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}
