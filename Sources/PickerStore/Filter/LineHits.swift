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

    /// The lines of `parts` one after another, on every core: the numbers of part `i` raised by
    /// `linesBefore[i]`.
    static func joined(_ parts: [LineHits], linesBefore: [UInt32]) -> LineHits {
        if parts.count == 1, linesBefore.first == 0 { return parts[0] }
        let starts = parts.reduce(into: [0]) { starts, part in starts.append(starts[starts.count - 1] + part.count) }
        let total = starts[parts.count]
        func fill<Element: BitwiseCopyable>(
            _ element: @escaping @Sendable (_ part: Int, _ index: Int) -> Element
        ) -> [Element] {
            [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
                let output = UncheckedSendable(buffer)
                _ = Parallel.map(parts.count) { part in
                    for index in 0..<parts[part].count {
                        output.value.initializeElement(at: starts[part] + index, to: element(part, index))
                    }
                }
                initialized = total
            }
        }
        var joined = LineHits()
        joined.numbers = fill { part, index in parts[part].numbers[index] + linesBefore[part] }
        joined.starts = fill { part, index in parts[part].starts[index] }
        joined.ends = fill { part, index in parts[part].ends[index] }
        joined.scores = fill { part, index in parts[part].scores[index] }
        return joined
    }
}
