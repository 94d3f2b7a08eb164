/// The lines of a text that a search found, in text order, as three arrays side by side: each
/// line's number, the number of its name among the distinct names (``DistinctNames``), and its
/// score (see ``MatchTier``). Where a line lies is its name's place, so it is not kept.
struct MatchedLines: Sendable {
    var numbers: [UInt32] = []
    var names: [UInt32] = []
    var scores: [UInt8] = []

    /// How many lines there are.
    var count: Int { numbers.count }

    /// Adds a line.
    @inline(__always)
    mutating func append(number: UInt32, name: UInt32, score: UInt8) {
        numbers.append(number)
        names.append(name)
        scores.append(score)
    }

    /// Adds the lines of `other`, their numbers raised by `linesBefore` and their names renumbered
    /// by `renumbered` when given.
    mutating func append(_ other: MatchedLines, linesBefore: UInt32, renumbered: [UInt32]?) {
        numbers.append(contentsOf: other.numbers.lazy.map { $0 + linesBefore })
        if let renumbered {
            names.append(contentsOf: other.names.lazy.map { renumbered[Int($0)] })
        } else {
            names.append(contentsOf: other.names)
        }
        scores.append(contentsOf: other.scores)
    }
}
