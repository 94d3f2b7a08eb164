/// Finds which characters of a name the query's terms matched, for highlighting.
///
/// Works on one name at a time, folding it the same way the search keys were folded and
/// choosing each term's match as the ranking does (``MatchTier/best(_:in:anchor:scoring:partStarts:)``),
/// so a highlighted part is always the part that made the friend pass: at the start of the
/// name or of a word when it matched there, across the punctuation it skipped, or the word
/// a typo matched. Excluded terms mark nothing.
package struct NameHighlighter {
    private var folding = TextFolding()
    private var joined: [UInt8] = []
    private var origins: [Int] = []
    private var word = OneTypo.Scratch()

    package init() {}

    /// For each character of `name`, whether a term of `query` matched it. `parts` is the
    /// friend whose given name parts count as words, when `name` is its name as given;
    /// `typoTerms` are the terms matched one typo away.
    /// - Complexity: O(name length × terms); meant for the few names on screen.
    package mutating func matchedCharacters(
        in name: String, query: SearchQuery, parts: Friend? = nil, typoTerms: [String] = []
    ) -> [Bool] {
        let characters = Array(name)
        var matched = [Bool](repeating: false, count: characters.count)
        guard query.hasPositiveTerms else { return matched }
        for strength in [TextFolding.Strength.caseAndAccents, .caseOnly] {
            let terms = query.terms.filter { $0.strength == strength && $0.isPositive }
            guard !terms.isEmpty else { continue }
            var bytes: [UInt8] = []
            var owner: [Int] = []
            for (index, character) in characters.enumerated() {
                let folded = folding.fold(character, strength)
                bytes += folded
                owner += [Int](repeating: index, count: folded.count)
            }
            var utf8 = name
            let starts =
                parts.map { friend in
                    utf8.withUTF8 { PartStarts.offsets(friend, utf8: $0, strength, folding: &folding) }
                } ?? []
            for term in terms {
                for byte in matchedBytes(term, in: bytes, partStarts: starts, typo: typoTerms.contains(term.text)) {
                    matched[owner[byte]] = true
                }
            }
        }
        return matched
    }

    /// The offsets in `bytes` (a folded name) of the bytes `term` matched.
    private mutating func matchedBytes(_ term: SearchQuery.Term, in bytes: [UInt8], partStarts: [UInt16], typo: Bool)
        -> [Int]
    {
        bytes.withUnsafeBufferPointer { key in
            partStarts.withUnsafeBufferPointer { starts in
                term.bytes.withUnsafeBufferPointer { needle in
                    if typo {
                        let storage = OneTypo.Storage(term.bytes)
                        let found = storage.typo.match(in: key, partStarts: starts, word: &word)
                        withExtendedLifetime(storage) {}
                        guard let found else { return [] }
                        return Array(found.start..<(found.start + found.length))
                    }
                    if let found = MatchTier.best(
                        needle, in: key, anchor: term.anchor, scoring: true, partStarts: starts)
                    {
                        return Array(found.start..<(found.start + needle.count))
                    }
                    guard term.joinsPunctuation, JoinedKey.make(key, into: &joined, origins: &origins) else {
                        return []
                    }
                    let found = joined.withUnsafeBufferPointer { joined in
                        MatchTier.best(
                            needle, in: joined, anchor: term.anchor, scoring: true,
                            partStarts: UnsafeBufferPointer(start: nil, count: 0))
                    }
                    guard let found else { return [] }
                    return (found.start..<(found.start + needle.count)).map { origins[$0] }
                }
            }
        }
    }
}
