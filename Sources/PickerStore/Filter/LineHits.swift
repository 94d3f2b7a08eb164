/// The lines of a text that a search found, in text order, as arrays side by side: each line's
/// number, where its bytes are in the text (without the line end) and its score.
struct LineHits: Sendable {
    var numbers: [UInt32] = []
    var starts: [UInt32] = []
    var ends: [UInt32] = []
    var scores: [UInt8] = []

    /// How many lines there are.
    var count: Int { numbers.count }

    /// Where line `index`'s bytes are in the text.
    @inline(__always)
    func place(_ index: Int) -> Range<UInt32> { starts[index]..<ends[index] }

    /// Adds a line.
    @inline(__always)
    mutating func append(number: UInt32, place: Range<UInt32>, score: UInt8) {
        numbers.append(number)
        starts.append(place.lowerBound)
        ends.append(place.upperBound)
        scores.append(score)
    }

    /// The lines of `parts` one after another: the numbers of part `i` raised by
    /// `linesBefore[i]`.
    static func joined(_ parts: [LineHits], linesBefore: [UInt32]) -> LineHits {
        if parts.count == 1, linesBefore.first == 0 { return parts[0] }
        let total = parts.reduce(0) { $0 + $1.count }
        var joined = LineHits()
        joined.numbers.reserveCapacity(total)
        joined.starts.reserveCapacity(total)
        joined.ends.reserveCapacity(total)
        joined.scores.reserveCapacity(total)
        // Copied whole, a part at a time; only the numbers change.
        for (part, before) in zip(parts, linesBefore) {
            joined.numbers += before == 0 ? part.numbers : part.numbers.map { $0 + before }
            joined.starts += part.starts
            joined.ends += part.ends
            joined.scores += part.scores
        }
        return joined
    }
}
