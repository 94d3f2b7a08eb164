import CPrefetch
import FoundationEssentials
import Glibc

/// Lines of text that a search included, in list order, as places in a text that holds their
/// bytes (the text searched, or its distinct names one after another); or the friends of a
/// JSON document that are names alone, their names as lines (see ``FilterCandidates``), each
/// with its id, among the friends found that are more than a name.
package struct FilteredLines: Sendable {
    /// A line: its number (from 1, blank lines counted) and where its bytes are, without the
    /// line end, in a text of at most 4 GiB; or one of the friends that are more than a name
    /// (``other``).
    struct Line: Sendable {
        var number: UInt32
        var start: UInt32
        var end: UInt32

        var range: Range<Int> { Int(start)..<Int(end) }

        /// The line that stands for friend `index` of the others, friend `number` of the source.
        static func other(_ index: Int, number: UInt32) -> Line {
            Line(number: number, start: .max, end: UInt32(truncatingIfNeeded: index))
        }

        /// The index among the others of the friend this line stands for; nil for a line of the text.
        var other: Int? { start == .max ? Int(end) : nil }
    }

    let text: Data
    /// The id of each friend, by its line's number less one; nil when the line numbers are the
    /// ids (lines of text).
    let ids: SeenIDs?
    /// The friends found that are more than a name, in the order their lines come.
    let others: [Friend]

    /// How many lines ahead a loop over the lines in list order asks for a name's bytes.
    static let lookahead = 16
    let lines: [Line]

    /// The number of lines.
    package var count: Int { lines.count }

    init(text: Data, lines: [Line], ids: SeenIDs? = nil, others: [Friend] = []) {
        self.text = text
        self.lines = lines
        self.ids = ids
        self.others = others
    }

    /// The first `count` lines, in list order.
    func prefix(_ count: Int) -> FilteredLines {
        FilteredLines(text: text, lines: Array(lines.prefix(count)), ids: ids, others: others)
    }

    /// The lines as friends: the id each has, or the line number; the others as they are.
    package var friends: [Friend] {
        var friends: [Friend] = []
        friends.reserveCapacity(lines.count)
        forEach(in: 0..<count) { number, id, name, other in
            friends.append(
                other
                    ?? Friend(
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
            if let other = line.other {
                return length + others[other].name.utf8.count + 1 + (withIDs ? others[other].id.utf8.count : 0)
            }
            return length + Int(line.end - line.start) + 1 + (ids.map { $0.length(Int(line.number) - 1) } ?? 0)
        }
    }

    /// Calls `body` with the number, the UTF-8 id (nil when the number is the id, or when not
    /// `withIDs`) and the UTF-8 name of each line at `positions` of the list order, in order,
    /// and the friend it stands for when it is one of the others.
    package func forEach(
        in positions: Range<Int>, withIDs: Bool = true,
        _ body: (
            _ number: UInt32, _ id: UnsafeBufferPointer<UInt8>?, _ name: UnsafeBufferPointer<UInt8>, _ other: Friend?
        ) -> Void
    ) {
        let ids = withIDs ? ids : nil
        text.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let base = bytes.baseAddress
            for index in positions {
                // The lines lie in the text's order, not the list's: the names a few lines on
                // are fetched while this one is read, and their ids' places (then, half as far
                // on, the ids).
                if let base, index + Self.lookahead < positions.upperBound {
                    let ahead = lines[index + Self.lookahead]
                    if ahead.other == nil { picker_prefetch(base + Int(ahead.start)) }
                    ids?.prefetchPlace(Int(ahead.number) - 1)
                }
                if let ids, index + Self.lookahead / 2 < positions.upperBound {
                    ids.prefetchBytes(Int(lines[index + Self.lookahead / 2].number) - 1)
                }
                let line = lines[index]
                if let other = line.other {
                    var friend = others[other]
                    friend.id.withUTF8 { id in
                        friend.name.withUTF8 { body(line.number, withIDs ? id : nil, $0, others[other]) }
                    }
                    continue
                }
                let name = UnsafeBufferPointer(rebasing: bytes[line.range])
                guard let ids else {
                    body(line.number, nil, name, nil)
                    continue
                }
                ids.withID(Int(line.number) - 1) { body(line.number, $0, name, nil) }
            }
        }
    }
}
