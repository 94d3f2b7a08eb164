/// The lines of a text that a search found, in text order: each line's number and where its
/// bytes are in the text (without the line end), side by side with its score.
struct LineHits: Sendable {
    var lines: [FilteredLines.Line] = []
    var scores: [UInt8] = []

    /// How many lines there are.
    var count: Int { lines.count }

    /// Where line `index`'s bytes are in the text.
    @inline(__always)
    func place(_ index: Int) -> Range<UInt32> { lines[index].start..<lines[index].end }

    /// Makes room for `count` lines.
    mutating func reserveCapacity(_ count: Int) {
        lines.reserveCapacity(count)
        scores.reserveCapacity(count)
    }

    /// Adds a line.
    @inline(__always)
    mutating func append(number: UInt32, place: Range<UInt32>, score: UInt8) {
        lines.append(FilteredLines.Line(number: number, start: place.lowerBound, end: place.upperBound))
        scores.append(score)
    }

    /// The lines of `parts` one after another: the numbers of part `i` raised by
    /// `linesBefore[i]`.
    static func joined(_ parts: [LineHits], linesBefore: [UInt32]) -> LineHits {
        if parts.count == 1, linesBefore.first == 0 { return parts[0] }
        let total = parts.reduce(0) { $0 + $1.count }
        var joined = LineHits()
        joined.lines.reserveCapacity(total)
        joined.scores.reserveCapacity(total)
        // Copied whole, a part at a time; only the numbers change.
        for (part, before) in zip(parts, linesBefore) {
            if before == 0 {
                joined.lines += part.lines
            } else {
                joined.lines += part.lines.lazy.map {
                    FilteredLines.Line(number: $0.number + before, start: $0.start, end: $0.end)
                }
            }
            joined.scores += part.scores
        }
        return joined
    }
}
