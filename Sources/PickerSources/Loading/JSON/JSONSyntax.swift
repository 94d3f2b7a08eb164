@_spi(Inlining) import PickerStore

/// Finds where and why text is not JSON as Foundation's decoder reads it (RFC 8259, and a comma
/// allowed before a closing bracket), for messages: the byte offset of the first thing wrong,
/// and what was expected there.
///
/// It reads the whole grammar — values nested up to ``maximumDepth``, strings with their
/// escapes (surrogates in pairs) and UTF-8, numbers, literals — and builds nothing.
struct JSONSyntax {
    /// What is wrong, and where.
    struct Problem: Error, Equatable {
        /// The offset of the first byte that is wrong, or the length of the text when it ends
        /// too soon.
        var offset: Int
        /// What was expected there, or what is wrong with it.
        var reason: String
        /// Whether the text ends before the JSON is complete.
        var truncated: Bool
    }

    /// Nesting deeper than this is an error, as for Foundation's decoder.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// The first problem of `bytes` as one JSON document, or nil when it is valid.
    static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        var syntax = JSONSyntax(bytes: bytes)
        do throws(Problem) {
            try syntax.value(depth: 0)
            syntax.skipWhitespace()
            guard syntax.index == bytes.count else { throw syntax.wrong("text after the end of the JSON") }
            return nil
        } catch {
            return error
        }
    }

    /// Checks the one value that starts at `index` of `bytes` (after white space), nested
    /// `depth` deep in its document, and returns the index just past it: what
    /// ``JSONFriendScanner`` passes over, and how it says where and why a value it reads is not
    /// JSON.
    /// - Throws: the first ``Problem``, its offset in `bytes`; one that is `truncated` when the
    ///   bytes end before the value does, a number that runs to their end included (more
    ///   digits may follow), unless `endsDocument` says no more will.
    /// - Complexity: O(n) in the length of the value.
    static func value(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, depth: Int, endsDocument: Bool = false)
        throws(Problem) -> Int
    {
        var syntax = JSONSyntax(bytes: bytes)
        syntax.index = index
        syntax.skipWhitespace()
        let start = syntax.current
        try syntax.value(depth: depth)
        if !endsDocument, syntax.index == bytes.count, let start, start == UInt8(ascii: "-") || isDigit(start) {
            throw Problem(offset: bytes.count, reason: "the JSON stops before it is complete", truncated: true)
        }
        return syntax.index
    }

    /// Checks the string whose opening quote is at `index` of `bytes`, and returns the index just
    /// past its closing quote.
    /// - Throws: the first ``Problem``, as ``value(in:at:depth:)`` does.
    static func string(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(Problem) -> Int {
        var syntax = JSONSyntax(bytes: bytes)
        syntax.index = index
        guard syntax.current == UInt8(ascii: "\"") else { throw syntax.wrong("expected a name in quotes") }
        try syntax.string()
        return syntax.index
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func wrong(_ reason: String) -> Problem {
        index >= bytes.count
            ? Problem(offset: bytes.count, reason: "the JSON stops before it is complete", truncated: true)
            : Problem(offset: index, reason: reason, truncated: false)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func value(depth: Int) throws(Problem) {
        skipWhitespace()
        guard depth < Self.maximumDepth else { throw wrong("nested deeper than \(Self.maximumDepth)") }
        switch current {
        case UInt8(ascii: "{")?: try container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
        case UInt8(ascii: "[")?: try container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
        case UInt8(ascii: "\"")?: try string()
        case UInt8(ascii: "t")?: try literal("true")
        case UInt8(ascii: "f")?: try literal("false")
        case UInt8(ascii: "n")?: try literal("null")
        case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: try number()
        default: throw wrong("expected a value")
        }
    }

    private mutating func container(close: UInt8, keyed: Bool, depth: Int) throws(Problem) {
        index += 1
        skipWhitespace()
        if current == close {
            index += 1
            return
        }
        if current == UInt8(ascii: ",") { throw wrong("expected a value") }
        let expected = "expected ',' or '\(Character(Unicode.Scalar(close)))'"
        while true {
            skipWhitespace()
            if current == close {
                index += 1
                return
            }
            if keyed {
                guard current == UInt8(ascii: "\"") else { throw wrong("expected a name in quotes") }
                try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw wrong("expected ':'") }
                index += 1
            }
            try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case close?:
                index += 1
                return
            case UInt8(ascii: ",")?:
                index += 1
                skipWhitespace()
                // A comma right after the opening bracket, or twice, is still wrong.
                guard current != UInt8(ascii: ",") else { throw wrong("expected a value") }
            default:
                throw wrong(expected)
            }
        }
    }

    private mutating func string() throws(Problem) {
        index += 1
        while let byte = current {
            if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index += 1
                // Then eight plain ASCII bytes at a time: no quote, backslash, control or other byte.
                index = ByteLanes.plainStringRun(in: bytes, from: index, stoppingAtNonASCII: true).end
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = current else { throw wrong("") }
                if escape == UInt8(ascii: "u") {
                    try surrogateChecked()
                } else if !"\"\\/bfnrt".utf8.contains(escape) {
                    throw wrong("an escape that JSON does not have")
                }
                index += 1
            case 0x00..<0x20:
                throw wrong("a control character in a string (it must be escaped)")
            case 0x80...:
                guard let length = UTF8Text.scalar(in: bytes, at: index)?.length else {
                    // The bytes may end inside a character that more bytes would finish.
                    if bytes.count - index < 4, UTF8Text.isUnfinishedScalar(bytes[index...]) {
                        index = bytes.count
                        throw wrong("")
                    }
                    throw wrong("bytes that are not UTF-8")
                }
                index += length
            default:
                index += 1
            }
        }
        throw wrong("")
    }

    /// The code unit of a `\\u` escape whose `u` is at the cursor, left on its last digit; a
    /// high surrogate must be followed by the escape of a low one, and a low one come only
    /// after a high one.
    private mutating func surrogateChecked() throws(Problem) {
        let unit = try escapedUnit()
        if (0xDC00...0xDFFF).contains(unit) { throw wrong("a \\u escape of half a character (a lone surrogate)") }
        guard (0xD800...0xDBFF).contains(unit) else { return }
        index += 1
        guard current == UInt8(ascii: "\\") else { throw wrong("a \\u escape of half a character (a lone surrogate)") }
        index += 1
        guard current == UInt8(ascii: "u") else { throw wrong("a \\u escape of half a character (a lone surrogate)") }
        guard (0xDC00...0xDFFF).contains(try escapedUnit()) else {
            throw wrong("a \\u escape of half a character (a lone surrogate)")
        }
    }

    /// The four hexadecimal digits after the `u` at the cursor, read; the cursor left on the
    /// last.
    private mutating func escapedUnit() throws(Problem) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            index += 1
            guard let digit = current else { throw wrong("") }
            guard let value = HexDigit.value(digit) else { throw wrong("expected four hexadecimal digits after \\u") }
            unit = unit << 4 | UInt32(value)
        }
        return unit
    }

    private mutating func literal(_ word: String) throws(Problem) {
        for expected in word.utf8 {
            guard current == expected else { throw wrong("expected a value") }
            index += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(Problem) {
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw wrong("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(Problem) {
        guard let byte = current, Self.isDigit(byte) else { throw wrong("expected a digit") }
        skipDigits()
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

}
