extension FriendList {
    /// When `query` finds nobody (it must: a query of one term is not searched again): the
    /// friends it would find if each of its terms of at least
    /// ``OneTypo/minimumLength`` characters (scalars, folded) that matches nobody on its own
    /// (and is neither anchored, excluded nor an email term) matched a word one typo away instead (see
    /// ``OneTypo``); nil when no term is such, or nobody is one typo away either. A term
    /// matched that way counts as matching at its word's start, for the ranking.
    /// - Complexity: O(n × name length): every name is read.
    package func searchAllowingTypos(_ query: SearchQuery, ranking: Ranking?) -> SearchResult? {
        // The query of one term found nobody, so that term alone matches nobody: no scan for it.
        let alone = query.terms.count == 1
        let relaxed = query.terms.filter { term in
            term.isPositive && term.anchor == .anywhere && !SearchQuery.isEmailTerm(term)
                && term.bytes.lazy.filter({ $0 & 0xC0 != 0x80 }).count >= OneTypo.minimumLength
                && (alone || positions(matching: SearchQuery(text: term.text, terms: [term])).isEmpty)
        }
        guard !relaxed.isEmpty else { return nil }
        let exact = CompiledQuery(SearchQuery(text: query.text, terms: query.terms.filter { !relaxed.contains($0) }))
        let storage = relaxed.map { OneTypo.Storage($0.bytes) }
        let typos = zip(storage, relaxed).map { (typo: $0.typo, caseOnly: $1.strength == .caseOnly) }
        let scores = matchScores(exact, within: nil, details.isSearched ? details : nil, typos: typos)
        withExtendedLifetime(storage) {}
        var result = result(of: scores, among: nil, ranking: ranking)
        guard result.count > 0 else { return nil }
        result.typoTerms = relaxed.map(\.text)
        return result
    }
}

extension KeyScanner {
    /// `score` with the tier of each of `typos` in friend `number` added, or
    /// ``MatchTier/noMatch`` when one of them matches no word of it.
    mutating func typoScore(_ score: UInt8, _ typos: [(typo: OneTypo, caseOnly: Bool)], _ number: Int) -> UInt8 {
        var score = score
        for (typo, caseOnly) in typos {
            guard let tier = typoTier(typo, caseOnly: caseOnly, number) else { return MatchTier.noMatch }
            score = MatchTier.adding(score, tier)
        }
        return score
    }

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
