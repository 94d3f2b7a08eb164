extension FriendList {
    /// When `query` finds nobody: the friends it would find if each of its terms of at least
    /// ``OneTypo/minimumLength`` characters (scalars, folded) that matches nobody on its own (and is neither
    /// anchored, excluded nor an email term) matched a word one typo away instead (see
    /// ``OneTypo``); nil when no term is such, or nobody is one typo away either. A term
    /// matched that way counts as matching at its word's start, for the ranking.
    /// - Complexity: O(n × name length): every name is read.
    public func searchAllowingTypos(_ query: SearchQuery, ranking: Ranking?) -> SearchResult? {
        let relaxed = query.terms.filter { term in
            term.isPositive && term.anchor == .anywhere && !SearchQuery.isEmailTerm(term)
                && OneTypo.Storage(term.bytes).typo.term.count >= OneTypo.minimumLength
                && positions(matching: SearchQuery(text: term.text, terms: [term])).isEmpty
        }
        guard !relaxed.isEmpty else { return nil }
        let exact = CompiledQuery(SearchQuery(text: query.text, terms: query.terms.filter { !relaxed.contains($0) }))
        let storage = relaxed.map { OneTypo.Storage($0.bytes) }
        let typos = zip(storage, relaxed).map { (typo: $0.typo, caseOnly: $1.strength == .caseOnly) }
        let details = details.hasEmails ? details : nil
        let total = keys.count
        let scores: [UInt8] = scan(exact, within: nil, details, scoring: true, perWord: 64) {
            (scanner: inout KeyScanner, first: Int, candidates: UInt64, scores: inout [UInt8]) in
            typos.withUnsafeBufferPointer { typos in
                Self.appendScores(first: first, candidates, total: total, to: &scores) { number in
                    var score = scanner.score(number)
                    for index in typos.indices where score != MatchTier.noMatch {
                        score =
                            scanner.typoTier(typos[index].typo, caseOnly: typos[index].caseOnly, number).map {
                                MatchTier.adding(score, $0)
                            } ?? MatchTier.noMatch
                    }
                    return score
                }
            }
        }
        let (kept, keptScores) = scoredPositions(of: scores, among: nil)
        guard !kept.isEmpty else { return nil }
        withExtendedLifetime(storage) {}
        var result = SearchResult(positions: kept, scores: keptScores, ranking: ranking)
        result.typoTerms = relaxed.map(\.text)
        return result
    }
}

extension KeyScanner {
    /// The tier at which `typo` matches a word of friend `number`'s key (for case only, or
    /// case and accents), nil when it does not.
    mutating func typoTier(_ typo: OneTypo, caseOnly: Bool, _ number: Int) -> UInt8? {
        guard typo.mayMatch(mask: view.masks[number]) else { return nil }
        let key = caseOnly ? view.caseKey(number) : view.accentKey(number)
        let starts = view.partStarts.of(number, caseOnly: caseOnly)
        guard let match = typo.match(in: key, partStarts: starts, word: &typoScratch) else { return nil }
        return match.start == 0 ? MatchTier.nameStart : MatchTier.wordStart
    }
}
