import CPrefetch
import FoundationEssentials
import Glibc

/// Lines of text that a search included, in list order, as places in a text that holds their
/// bytes (the text searched, or its distinct names one after another).
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

    /// How many lines ahead a loop over the lines in list order asks for a name's bytes.
    static let lookahead = 16
    let lines: [Line]

    /// The number of lines.
    package var count: Int { lines.count }

    /// The lines as friends, the line number as id.
    package var friends: [Friend] {
        var friends: [Friend] = []
        friends.reserveCapacity(lines.count)
        forEach(in: 0..<count) { number, name in
            friends.append(Friend(id: String(number), name: String(decoding: name, as: UTF8.self)))
        }
        return friends
    }

    /// How many bytes the names of the lines at `positions` of the list order take, with a
    /// byte after each.
    package func textLength(in positions: Range<Int>) -> Int {
        lines[positions].reduce(0) { $0 + Int($1.end - $1.start) + 1 }
    }

    /// Calls `body` with the number and the UTF-8 name of each line at `positions` of the
    /// list order, in order.
    package func forEach(
        in positions: Range<Int>, _ body: (_ number: UInt32, _ name: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        text.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let base = bytes.baseAddress
            for index in positions {
                // The lines lie in the text's order, not the list's: the names a few lines on
                // are fetched while this one is read.
                if let base, index + Self.lookahead < positions.upperBound {
                    picker_prefetch(base + Int(lines[index + Self.lookahead].start))
                }
                let line = lines[index]
                body(line.number, UnsafeBufferPointer(rebasing: bytes[line.range]))
            }
        }
    }
}
