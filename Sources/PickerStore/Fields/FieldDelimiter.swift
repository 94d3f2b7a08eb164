import Glibc

/// What separates the fields of a line (`--delimiter`), as fzf reads it: by default runs of
/// spaces and tabs (AWK's way: the blanks before the first field belong to none, those after
/// a field to it); else a string, or a POSIX extended regular expression when the string is
/// one that is not a single character (`\t` stands for a tab).
///
/// A field is kept with the delimiter after it, so that fields joined back read as the line
/// did; ``strippingLast(_:)`` takes the delimiter off the end of what is joined.
package struct FieldDelimiter: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        case blanks
        case literal([UInt8])
        case pattern(CompiledPattern)
    }

    private let kind: Kind

    /// Spaces and tabs, AWK's way: fzf's default.
    package static let blanks = FieldDelimiter(kind: .blanks)

    private init(kind: Kind) { self.kind = kind }

    /// The delimiter `given` stands for, as fzf's `--delimiter` reads it: `\t` is a tab; a
    /// string of one character, with no character special to a regular expression, or that is
    /// not a valid one, is looked for as it is; any other is a regular expression.
    /// - Throws: a message when `given` is empty.
    package init(_ given: String) throws(FieldError) {
        let text = given.replacing("\\t", with: "\t")
        guard !text.isEmpty else { throw FieldError("--delimiter needs a string or a regular expression, not ''") }
        let special = Set("\\^$.|?*+()[]{}")
        if text.count == 1 || !text.contains(where: special.contains) {
            self.init(kind: .literal(Array(text.utf8)))
        } else if let compiled = CompiledPattern(text) {
            self.init(kind: .pattern(compiled))
        } else {
            self.init(kind: .literal(Array(text.utf8)))
        }
    }

    /// The fields of `line`: the byte ranges of each, the delimiter after it included.
    package func fields(of line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        switch kind {
        case .blanks: return Self.blankFields(line)
        case .literal(let delimiter): return Self.literalFields(line, delimiter)
        case .pattern(let pattern): return pattern.fields(line)
        }
    }

    /// The end of `text` (its bytes, `range`) without the delimiter that ends it, if one does:
    /// the spaces and tabs at its end, by default.
    package func strippingLast(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        switch kind {
        case .blanks:
            var end = range.upperBound
            while end > range.lowerBound, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
            return end
        case .literal(let delimiter):
            guard range.count >= delimiter.count,
                text[(range.upperBound - delimiter.count)..<range.upperBound].elementsEqual(delimiter)
            else { return range.upperBound }
            return range.upperBound - delimiter.count
        case .pattern(let pattern):
            return pattern.endWithoutLastMatch(text, range)
        }
    }

    private static func blankFields(_ line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var index = 0
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while index < line.count, isBlank(line[index]) { index += 1 }
        while index < line.count {
            let start = index
            while index < line.count, !isBlank(line[index]) { index += 1 }
            while index < line.count, isBlank(line[index]) { index += 1 }
            fields.append(start..<index)
        }
        return fields
    }

    private static func literalFields(_ line: UnsafeBufferPointer<UInt8>, _ delimiter: [UInt8]) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var start = 0
        var index = 0
        let first = delimiter[0]
        while index + delimiter.count <= line.count {
            if line[index] == first,
                delimiter.count == 1 || line[index..<(index + delimiter.count)].elementsEqual(delimiter)
            {
                index += delimiter.count
                fields.append(start..<index)
                start = index
            } else {
                index += 1
            }
        }
        // As Go's SplitAfter cuts for fzf: a delimiter at the end leaves an empty last field.
        fields.append(start..<line.count)
        return fields
    }
}

/// A regular expression compiled once by the C library (POSIX extended syntax, with glibc's
/// `\s`, `\w` and their kin), matched on byte ranges from any thread.
final class CompiledPattern: Hashable, @unchecked Sendable {
    let source: String
    /// Compiled once, then only read: `regexec` takes it as constant.
    private let regex = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)

    init?(_ source: String) {
        self.source = source
        regex.initialize(to: regex_t())
        guard regcomp(regex, source, REG_EXTENDED) == 0 else {
            regex.deallocate()
            return nil
        }
    }

    deinit {
        regfree(regex)
        regex.deallocate()
    }

    static func == (left: CompiledPattern, right: CompiledPattern) -> Bool { left.source == right.source }
    func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The first match in `string[start..<end]` that is not empty, as a range of `string`.
    private func firstMatch(_ string: UnsafePointer<CChar>, from start: Int, to end: Int) -> Range<Int>? {
        var from = start
        while from < end {
            var match = regmatch_t()
            match.rm_so = regoff_t(from)
            match.rm_eo = regoff_t(end)
            let flags = REG_STARTEND | (from > 0 ? REG_NOTBOL : 0)
            guard regexec(regex, string, 1, &match, flags) == 0 else { return nil }
            let range = Int(match.rm_so)..<Int(match.rm_eo)
            if !range.isEmpty { return range }
            from = range.lowerBound + 1
        }
        return nil
    }

    /// `body` given the bytes of `text` before `end` and a NUL after them: `regexec` is given a
    /// string that ends, as C strings do, even where `REG_STARTEND` bounds what it matches
    /// (AddressSanitizer's `regexec` reads a string to its NUL; a line of a text has none).
    private func terminated<Result>(
        _ text: UnsafeBufferPointer<UInt8>, upTo end: Int, _ body: (UnsafePointer<CChar>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: end + 1) { buffer in
            for index in 0..<end { buffer[index] = CChar(bitPattern: text[index]) }
            buffer[end] = 0
            return body(UnsafePointer(buffer.baseAddress.unsafelyUnwrapped))
        }
    }

    func fields(_ line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var start = 0
        terminated(line, upTo: line.count) { string in
            while start < line.count, let match = firstMatch(string, from: start, to: line.count) {
                fields.append(start..<match.upperBound)
                start = match.upperBound
            }
        }
        if start < line.count { fields.append(start..<line.count) }
        return fields
    }

    func endWithoutLastMatch(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        terminated(text, upTo: range.upperBound) { string in
            var start = range.lowerBound
            while start < range.upperBound, let match = firstMatch(string, from: start, to: range.upperBound) {
                if match.upperBound == range.upperBound { return match.lowerBound }
                start = match.upperBound
            }
            return range.upperBound
        }
    }
}
