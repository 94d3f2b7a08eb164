/// Finds which characters of a name the query's terms matched, for highlighting.
///
/// Works on one name at a time, folding it the same way the search keys were folded, so a
/// highlighted part is always the part that made the friend pass.
struct NameHighlighter {
    private var folding = TextFolding()

    /// For each character of `name`, whether a term of `query` matched it (each term marks its
    /// first occurrence).
    /// - Complexity: O(name length × terms); meant for the few names on screen.
    mutating func matchedCharacters(in name: String, query: SearchQuery) -> [Bool] {
        let characters = Array(name)
        var matched = [Bool](repeating: false, count: characters.count)
        guard !query.isEmpty else { return matched }
        for strength in [TextFolding.Strength.caseAndAccents, .caseOnly] {
            let terms = query.terms.filter { $0.strength == strength }
            guard !terms.isEmpty else { continue }
            var bytes: [UInt8] = []
            var owner: [Int] = []
            for (index, character) in characters.enumerated() {
                let folded = folding.fold(character, strength)
                bytes += folded
                owner += [Int](repeating: index, count: folded.count)
            }
            for term in terms {
                let found = bytes.withUnsafeBufferPointer { haystack in
                    term.bytes.withUnsafeBufferPointer { firstOccurrence(of: $0, in: haystack, from: 0) }
                }
                guard let start = found else { continue }
                for byte in start..<(start + term.bytes.count) { matched[owner[byte]] = true }
            }
        }
        return matched
    }
}
