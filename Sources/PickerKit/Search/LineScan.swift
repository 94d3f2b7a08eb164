import Foundation

/// One pass over a part of a text, one name per line: which lines a query includes, found
/// without storing any line's key.
///
/// Lines are counted as ``NameLines`` counts them (a trailing CR dropped, blank lines numbered
/// but never matched). An ASCII line folds to itself in lowercase, so it is searched where it
/// lies, ignoring case; any other line is checked as UTF-8 and folded into a scratch buffer,
/// as ``NameKeys`` folds a name.
struct LineScan: Sendable {
    /// Where a line's bytes are in a text of at most 4 GiB.
    struct Bytes: Sendable {
        var start: UInt32
        var end: UInt32
    }

    /// A matching line: its number within the part, from 1, and its bytes in the text.
    struct Match: Sendable {
        var number: UInt32
        var bytes: Bytes
    }

    /// The number of lines in the part.
    private(set) var lineCount = 0
    /// Whether the scan stopped at a line that is not UTF-8.
    private(set) var foundInvalidLine = false
    /// The lines that match, in text order.
    private var matches: [Match] = []

    /// How many lines match.
    var matchCount: Int { matches.count }

    /// The lines that match, in text order, handed over: the scan keeps none.
    mutating func takeMatches() -> [Match] {
        defer { matches = [] }
        return matches
    }

    init(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ query: CompiledQuery) {
        guard let base = text.baseAddress else { return }
        var matcher = LineMatcher(query)
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            lineCount += 1
            let newline = memchr(base + cursor, 0x0A, range.upperBound - cursor)
                .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? range.upperBound
            var end = newline
            if end > cursor, base[end - 1] == 0x0D { end -= 1 }
            let line = UnsafeBufferPointer(start: base + cursor, count: end - cursor)
            cursor = newline + 1
            let isASCII = UTF8Validation.isASCII(line)
            if !isASCII, !UTF8Validation.isValid(line) {
                foundInvalidLine = true
                return
            }
            if matcher.matches(line, isASCII: isASCII), !NameLines.isBlank(line) {
                matches.append(Match(number: UInt32(lineCount), bytes: Bytes(start: UInt32(end - line.count), end: UInt32(end))))
            }
        }
    }
}

/// Decides whether one line passes every term of a query, reusing its fold buffers from line
/// to line.
private struct LineMatcher {
    let query: CompiledQuery
    /// Whether a term needs the fold for case only (it has an accent).
    let needsCaseFold: Bool
    var folding = TextFolding()
    var accentFold: [UInt8] = []
    var caseFold: [UInt8] = []

    init(_ query: CompiledQuery) {
        self.query = query
        needsCaseFold = query.terms.contains(where: \.caseOnly)
    }

    mutating func matches(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        if isASCII { return query.terms.allSatisfy { Self.asciiLine(line, contains: $0.bytes) } }
        Self.fold(line, .caseAndAccents, with: &folding, into: &accentFold)
        if needsCaseFold { Self.fold(line, .caseOnly, with: &folding, into: &caseFold) }
        return accentFold.withUnsafeBufferPointer { accent in
            caseFold.withUnsafeBufferPointer { caseOnly in
                query.terms.allSatisfy { bytes($0.caseOnly ? caseOnly : accent, contain: $0.bytes) }
            }
        }
    }

    private static func fold(
        _ line: UnsafeBufferPointer<UInt8>, _ strength: TextFolding.Strength, with folding: inout TextFolding,
        into buffer: inout [UInt8]
    ) {
        buffer.removeAll(keepingCapacity: true)
        if !folding.appendFold(line, strength, to: &buffer) {
            buffer = folding.fold(String(decoding: line, as: UTF8.self), strength)
        }
    }

    /// Whether the ASCII `line`, lowercased, contains `needle`.
    @inline(__always)
    private static func asciiLine(_ line: UnsafeBufferPointer<UInt8>, contains needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= line.count else { return false }
        for start in 0...(line.count - needle.count) where lowercased(line[start]) == first {
            var matched = 1
            while matched < needle.count, lowercased(line[start + matched]) == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
