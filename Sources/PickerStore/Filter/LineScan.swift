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
        var matcher = Matcher(query, scoring: scoring)
        let probe = LineProbe(query, text: UnsafeBufferPointer(rebasing: text[range]))
        defer { probe?.deallocate() }
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

    /// Decides whether one line passes every term of a query, and its score, reusing its fold
    /// buffers from line to line.
    private struct Matcher {
        let query: CompiledQuery
        let scoring: Bool
        /// Whether a term needs the fold for case only (it has an accent).
        let needsCaseFold: Bool
        var folding = TextFolding()
        var accentFold: [UInt8] = []
        var caseFold: [UInt8] = []
        var joined: [UInt8] = []

        init(_ query: CompiledQuery, scoring: Bool) {
            self.query = query
            self.scoring = scoring
            needsCaseFold = query.terms.contains(where: \.caseOnly)
        }

        /// The line's score, or ``MatchTier/noMatch`` when it does not pass. An ASCII line
        /// folds to itself in lowercase, for either strength, so it is searched where it lies,
        /// its capitals compared as small letters; it is folded only to be searched without its
        /// punctuation, when it holds the term's first letter and some punctuation.
        mutating func score(_ line: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> UInt8 {
            if query.terms.isEmpty { return MatchTier.nameStart }
            let noStarts = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
            let (query, scoring) = (query, scoring)
            if isASCII {
                var folded = false
                return query.score { term in
                    let (match, holdsFirst) = MatchTier.best(
                        term.bytes, inASCIILine: line, anchor: term.anchor, scoring: scoring)
                    if let match { return match.tier }
                    guard term.joinsPunctuation, holdsFirst, line.contains(where: JoinedKey.isPunctuation) else {
                        return nil
                    }
                    if !folded {
                        accentFold.removeAll(keepingCapacity: true)
                        for byte in line { accentFold.append(UTF8Text.lowercasedASCII(byte)) }
                        folded = true
                    }
                    return accentFold.withUnsafeBufferPointer { accent in
                        term.tier(in: accent, partStarts: noStarts, mayJoin: true, scoring: scoring, joined: &joined)
                    }
                }
            }
            Self.fold(line, .caseAndAccents, with: &folding, into: &accentFold)
            if needsCaseFold { Self.fold(line, .caseOnly, with: &folding, into: &caseFold) }
            return accentFold.withUnsafeBufferPointer { accent in
                caseFold.withUnsafeBufferPointer { caseOnly in
                    query.score { term in
                        term.tier(
                            in: term.caseOnly ? caseOnly : accent, partStarts: noStarts, mayJoin: true,
                            scoring: scoring, joined: &joined)
                    }
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
    }
}
