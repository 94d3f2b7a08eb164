import CPrefetch
import FoundationEssentials
import Glibc

/// Lines of text that a search included, in list order, as places in a text that holds their
/// bytes (the text searched, or its distinct names one after another); or the friends of a
/// JSON document that are names alone, their names as lines (see ``FilterCandidates``), each
/// with its id.
package struct FilteredLines: Sendable {
    /// A line: its number (from 1, blank lines counted) and where its bytes are, without the
    /// line end, in a text of at most 4 GiB.
    struct Line: Sendable {
        var number: UInt32
        var start: UInt32
        var end: UInt32

        var range: Range<Int> { Int(start)..<Int(end) }
    }

    let text: Data
    /// The id of each friend, by its line's number less one; nil when the line numbers are the
    /// ids (lines of text).
    let ids: ByteStore?

    /// How many lines ahead a loop over the lines in list order asks for a name's bytes.
    static let lookahead = 16
    let lines: [Line]

    /// The number of lines.
    package var count: Int { lines.count }

    init(text: Data, lines: [Line], ids: ByteStore? = nil) {
        self.text = text
        self.lines = lines
        self.ids = ids
    }

    /// The first `count` lines, in list order.
    func prefix(_ count: Int) -> FilteredLines {
        FilteredLines(text: text, lines: Array(lines.prefix(count)), ids: ids)
    }

    /// The lines as friends: the id each has, or the line number.
    package var friends: [Friend] {
        var friends: [Friend] = []
        friends.reserveCapacity(lines.count)
        forEach(in: 0..<count) { number, id, name in
            friends.append(
                Friend(
                    id: id.map { String(decoding: $0, as: UTF8.self) } ?? String(number),
                    name: String(decoding: name, as: UTF8.self)))
        }
        return friends
    }

    /// How many bytes the names of the lines at `positions` of the list order take, with a
    /// byte after each, and their ids `withIDs`, when they have some.
    package func textLength(in positions: Range<Int>, withIDs: Bool = true) -> Int {
        let ids = withIDs ? ids : nil
        return lines[positions].reduce(0) { length, line in
            length + Int(line.end - line.start) + 1 + (ids.map { $0.range(Int(line.number) - 1).count } ?? 0)
        }
    }

    /// Calls `body` with the number, the UTF-8 id (nil when the number is the id, or when not
    /// `withIDs`) and the UTF-8 name of each line at `positions` of the list order, in order.
    package func forEach(
        in positions: Range<Int>, withIDs: Bool = true,
        _ body: (_ number: UInt32, _ id: UnsafeBufferPointer<UInt8>?, _ name: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let ids = withIDs ? ids : nil
        text.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let base = bytes.baseAddress
            (ids?.bytes ?? []).withUnsafeBufferPointer { idBytes in
                (ids?.ends ?? []).withUnsafeBufferPointer { idEnds in
                    for index in positions {
                        // The lines lie in the text's order, not the list's: the names a few lines
                        // on are fetched while this one is read, and their ids' places (then, half
                        // as far on, the ids).
                        if let base, index + Self.lookahead < positions.upperBound {
                            let ahead = lines[index + Self.lookahead]
                            picker_prefetch(base + Int(ahead.start))
                            if ids != nil, let ends = idEnds.baseAddress {
                                picker_prefetch(ends + Int(ahead.number) - 1)
                            }
                        }
                        if let ids, let idBase = idBytes.baseAddress, index + Self.lookahead / 2 < positions.upperBound
                        {
                            picker_prefetch(
                                idBase + ids.range(Int(lines[index + Self.lookahead / 2].number) - 1).lowerBound)
                        }
                        let line = lines[index]
                        let id = ids.map { UnsafeBufferPointer(rebasing: idBytes[$0.range(Int(line.number) - 1)]) }
                        body(line.number, id, UnsafeBufferPointer(rebasing: bytes[line.range]))
                    }
                }
            }
        }
    }
}
