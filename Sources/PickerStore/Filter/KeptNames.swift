/// The names of the friends a ``FilterCandidates`` kept while every one of them is a name alone,
/// as lines of one text: each name followed by a line feed (which no line's place holds, so a
/// name may hold one), found as a line with its number (the friend's, from 1, in the order
/// friends came) and its score, to be ordered as the lines of a text are (``LineOrder``).
struct KeptNames {
    /// The names, each followed by a line feed.
    private(set) var text: [UInt8] = []
    /// Each name's number, place in `text` and score, in the order they came.
    private(set) var hits = LineHits()

    /// Adds `name`, friend `number` (from 1), of `score`; false, adding nothing, when the text
    /// would pass 4 GiB.
    mutating func append(_ name: UnsafeBufferPointer<UInt8>, number: Int, score: UInt8) -> Bool {
        guard let start = UInt32(exactly: text.count), let end = UInt32(exactly: text.count + name.count + 1),
            let number = UInt32(exactly: number)
        else { return false }
        text.append(contentsOf: name)
        text.append(0x0A)
        hits.append(number: number, place: start..<(end - 1), score: score)
        return true
    }

    /// Makes room for `total` names in all, their bytes as many per name as so far.
    mutating func reserve(_ total: Int) {
        GrowthPlan.reserve(&hits.lines, total)
        GrowthPlan.reserve(&hits.scores, total)
        GrowthPlan.reserve(&text, GrowthPlan.scaled(text.count, hits.count, to: total))
    }

    /// Calls `body` with the number and the name of each friend, in the order they came.
    func forEachName(_ body: (_ number: Int, _ name: UnsafeBufferPointer<UInt8>) -> Void) {
        text.withUnsafeBufferPointer { text in
            for index in 0..<hits.count {
                let place = hits.place(index)
                body(
                    Int(hits.lines[index].number),
                    UnsafeBufferPointer(rebasing: text[Int(place.lowerBound)..<Int(place.upperBound)]))
            }
        }
    }
}
