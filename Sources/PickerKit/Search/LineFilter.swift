import Foundation

/// `--filter` over plain text, one name per line, without building a list: each half of the
/// text is searched on a core of its own, line by line and in place (an ASCII line is compared
/// ignoring case as it is; only a line with other characters is folded, into a scratch buffer);
/// only the lines that match get a sort entry and are sorted.
///
/// It gives what ``NameLines`` followed by ``FriendList/positions(matching:among:)`` gives —
/// the same friends, in list order, and the same error for a line that is not UTF-8 — without
/// keeping a key for any line that does not match.
public enum LineFilter {
    /// The lines of `data` that `query` includes, numbered from 1 as ``NameLines`` numbers
    /// them, in the order of a list sorted by `sortOrder`.
    /// - Throws: ``SourceError`` naming `source` and the first line that is not UTF-8, or
    ///   saying that the text is larger than the 4 GiB a search reads.
    public static func matches(
        in data: Data, source: String, matching query: String, sortOrder: NameOrder = .first
    ) throws(SourceError) -> LineMatches {
        guard data.count <= UInt32.max else { throw SourceError(source: source, problem: "holds more than 4 GiB of text") }
        let compiled = CompiledQuery(SearchQuery(query))
        var scans: [LineScan] = data.withUnsafeBytes { raw in
            let bytes = UncheckedSendable(raw.bindMemory(to: UInt8.self))
            let parts = lineAlignedParts(bytes.value)
            return Parallel.map(parts.count) { LineScan(bytes.value, parts[$0], compiled) }
        }
        if scans.contains(where: \.foundInvalidLine) {
            // The line reader words the error, with the byte offset.
            try NameLines.readPages(data, source: source) { _ in }
        }
        var lines: [LineMatches.Line] = []
        lines.reserveCapacity(scans.reduce(0) { $0 + $1.matchCount })
        var linesBefore: UInt32 = 0
        for index in scans.indices {
            lines += scans[index].takeMatches().lazy.map { LineMatches.Line(number: linesBefore + $0.number, bytes: $0.bytes) }
            linesBefore += UInt32(scans[index].lineCount)
        }
        return LineMatches(text: data, lines: inListOrder(lines, of: data, sortOrder: sortOrder))
    }

    /// `lines` of `data` sorted as a list sorted by `sortOrder` holds them: each gets its
    /// ``SortEntry`` (on every core), and the entries are sorted.
    private static func inListOrder(_ lines: [LineMatches.Line], of data: Data, sortOrder: NameOrder) -> [LineMatches.Line] {
        let parts = Parallel.ranges(lines.count, minimum: 16_384)
        var stores: [ByteStore] = data.withUnsafeBytes { raw in
            let bytes = UncheckedSendable(raw.bindMemory(to: UInt8.self))
            return Parallel.map(parts.count) { part in
                var entries = ByteStore()
                var folding = TextFolding()
                for line in lines[parts[part]] {
                    let name = UnsafeBufferPointer(rebasing: bytes.value[line.range])
                    var id = String(line.number)
                    id.withUTF8 { id in
                        SortEntry.append(name: name, id: id, givenParts: nil, sortOrder: sortOrder, folding: &folding, to: &entries.bytes)
                    }
                    entries.closeString()
                }
                return entries
            }
        }
        var entries = stores.isEmpty ? ByteStore() : stores.removeFirst()
        while !stores.isEmpty { entries.append(contentsOf: stores.removeFirst()) }
        return ListOrder.sorted(0..<lines.count, of: entries).numbers.map { lines[Int($0)] }
    }

    /// Byte ranges of `bytes`, one per core, each ending just after a newline (or at the end).
    private static func lineAlignedParts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        for rough in Parallel.ranges(bytes.count, minimum: 1 << 20) {
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

/// Lines of text that a search included, in list order, as places in the text.
public struct LineMatches: Sendable {
    /// A line: its number (from 1, blank lines counted) and where its bytes are, without the
    /// line end.
    struct Line: Sendable {
        var number: UInt32
        var bytes: LineScan.Bytes

        var range: Range<Int> { Int(bytes.start)..<Int(bytes.end) }
    }

    let text: Data
    let lines: [Line]

    /// The number of lines.
    public var count: Int { lines.count }

    /// The lines as friends, the line number as id.
    public var friends: [Friend] {
        var friends: [Friend] = []
        friends.reserveCapacity(lines.count)
        forEach(in: 0..<count) { number, name in
            friends.append(Friend(id: String(number), name: String(decoding: name, as: UTF8.self)))
        }
        return friends
    }

    /// Calls `body` with the number and the UTF-8 name of each line at `positions` of the
    /// list order, in order.
    func forEach(in positions: Range<Int>, _ body: (_ number: UInt32, _ name: UnsafeBufferPointer<UInt8>) -> Void) {
        text.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for line in lines[positions] { body(line.number, UnsafeBufferPointer(rebasing: bytes[line.range])) }
        }
    }
}
