import FoundationEssentials
import Glibc

/// `--filter` over plain text, one name per line, without building a list: the text is cut
/// into a part per core (of at least a megabyte), each searched on its core, line by line and
/// in place (an ASCII line is compared ignoring case as it is; only a line with other
/// characters is folded, into a scratch buffer); the lines that match are told by their names
/// where names repeat (``LineNames``), and only the names get a sort key; ``LineOrder`` puts
/// the lines in order from them, by score first when ranked (see ``MatchTier``).
///
/// It gives what ``NameLines`` followed by ``FriendList/positions(matching:among:)`` gives —
/// the same friends, in list order, and the same error for a line that is not UTF-8 — without
/// keeping a key for any line that does not match.
package enum LineFilter {
    /// The lines of `data` that `query` includes, numbered from 1 as ``NameLines`` numbers
    /// them (lines ended by CR alone are first made to end in LF, see ``LineEnds``), in the
    /// order of a list sorted by `sortOrder` (or kept in `inputOrder`, when one is given:
    /// `--no-sort`), or, `ranked`, best first and in that order among equal scores, as the
    /// picker shows them.
    /// `partMinimum` is the fewest bytes a part of the text searched on a core of its own has.
    /// - Throws: ``SourceError`` naming `source` and the first line that is not UTF-8, or
    ///   saying that the text is too large to search (4 GiB).
    package static func matches(
        in data: Data, source: String, matching query: String, sortOrder: NameOrder = .first,
        inputOrder: InputOrder? = nil, ranked: Bool = true, partMinimum: Int = 1 << 20
    ) throws(SourceError) -> FilteredLines {
        guard data.count <= UInt32.max else {
            throw SourceError(source: source, problem: "holds more than 4 GiB of text")
        }
        let data = LineEnds.withLineFeeds(data)
        let searchQuery = SearchQuery(query)
        let compiled = CompiledQuery(searchQuery)
        let scoring = ranked && searchQuery.hasPositiveTerms
        let scans: [LineScan] = data.withUnsafeBytes { raw in
            let bytes = UncheckedSendable(raw.bindMemory(to: UInt8.self))
            let parts = lineAlignedParts(bytes.value, minimum: partMinimum)
            return Parallel.map(parts.count) { LineScan(bytes.value, parts[$0], compiled, scoring: scoring) }
        }
        var linesBefore: [UInt32] = []
        for index in scans.indices {
            let before = linesBefore.last.map { $0 + UInt32(scans[index - 1].lineCount) } ?? 0
            if let invalid = scans[index].invalidLine {
                throw data.withUnsafeBytes { raw in
                    NameLine.invalid(
                        Int(before) + invalid.number,
                        UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[invalid.bytes]),
                        at: invalid.bytes.lowerBound, source: source)
                }
            }
            linesBefore.append(before)
        }
        let lines = LineHits.joined(scans.map(\.matches), linesBefore: linesBefore)
        let names = data.withUnsafeBytes { LineNames(lines, in: $0.bindMemory(to: UInt8.self)) }
        let sorted = data.withUnsafeBytes { raw in
            LineOrder.sorted(
                lines, names: names, in: raw.bindMemory(to: UInt8.self), sortOrder: sortOrder, inputOrder: inputOrder,
                scored: scoring)
        }
        return FilteredLines(text: data, lines: sorted)
    }

    /// Byte ranges of `bytes`, one per core and of at least `minimum` bytes, each ending just
    /// after a newline (or at the end).
    private static func lineAlignedParts(_ bytes: UnsafeBufferPointer<UInt8>, minimum: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        for rough in Parallel.ranges(bytes.count, minimum: minimum) {
            guard rough.upperBound > start else { continue }
            var end = rough.upperBound
            if end < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[end...])
                end = rest.firstIndex(of: 0x0A).map { end + $0 + 1 } ?? bytes.count
            }
            parts.append(start..<end)
            start = end
        }
        return parts.isEmpty ? [0..<bytes.count] : parts
    }
}
