import FoundationEssentials
import Glibc

/// One pass over a part of a text, one name per line: which lines a query includes, found
/// without storing any line's key.
///
/// Lines are counted as ``NameLines`` counts them (a trailing CR dropped, blank lines numbered
/// but never matched). A line without the query's ``LineProbe`` byte is passed over. Any other
/// is searched: an ASCII line folds to itself in lowercase, so it is searched where it lies,
/// ignoring case; any other line is checked as UTF-8 and folded into a scratch buffer, as
/// ``NameKeys`` folds a name.
struct LineScan: Sendable {
    /// A line that is not UTF-8: its number within the part, from 1, and the line.
    struct InvalidLine: Sendable {
        var number: Int
        var bytes: Range<Int>
    }

    /// The number of lines in the part.
    private(set) var lineCount = 0
    /// The line the scan stopped at, when one is not UTF-8.
    private(set) var invalidLine: InvalidLine?
    /// The lines that match, in text order, numbered from 1 within the part, with their scores.
    private(set) var matches = LineHits()

    /// Scans the lines of `range` of `text`, a text of at most 4 GiB; with `scoring`, each
    /// match keeps its score for the ranking.
    init(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ query: CompiledQuery, scoring: Bool) {
        guard let base = text.baseAddress else { return }
        var matcher = LineMatcher(query, scoring: scoring)
        let probe = LineProbe(query, text: UnsafeBufferPointer(rebasing: text[range]))
        defer { probe?.deallocate() }
        // Room for as many matches as the part has lines, told from its first 64 KB, so that the
        // matches are not copied as they grow (room not written to takes no memory).
        let sample = UnsafeBufferPointer(
            rebasing: text[range.lowerBound..<min(range.upperBound, range.lowerBound + 1 << 16)])
        let sampleLines = sample.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        matches.reserveCapacity(range.count / max(sample.count, 1) * sampleLines + sampleLines + 16)
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            lineCount += 1
            var newline: Int
            var isASCII = false
            var holds = true
            if let probe {
                (newline, isASCII, holds) = probe.lookAtLine(in: base, from: cursor, upTo: range.upperBound)
            } else {
                newline =
                    memchr(base + cursor, 0x0A, range.upperBound - cursor)
                    .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? range.upperBound
            }
            var end = newline
            if end > cursor, base[end - 1] == 0x0D { end -= 1 }
            let line = UnsafeBufferPointer(start: base + cursor, count: end - cursor)
            cursor = newline + 1
            // How far the line is known to be UTF-8; nil when it is not.
            var checked: Int? = 0
            if let probe {
                if isASCII {
                    if !holds { continue }
                } else {
                    switch probe.look(atFoldOf: line, folding: &matcher.folding) {
                    case .absent: continue
                    case .invalid: checked = nil
                    case .possible(let checkedUpTo): checked = checkedUpTo
                    }
                }
            }
            if probe == nil { isASCII = UTF8Text.isASCII(line) }
            guard let checked, isASCII || UTF8Text.isValid(UnsafeBufferPointer(rebasing: line[checked...])) else {
                invalidLine = InvalidLine(number: lineCount, bytes: (end - line.count)..<end)
                return
            }
            let score = matcher.score(line, isASCII: isASCII)
            if score != MatchTier.noMatch, !NameLine.isBlank(line) {
                matches.append(number: UInt32(lineCount), place: UInt32(end - line.count)..<UInt32(end), score: score)
            }
        }
    }
}
