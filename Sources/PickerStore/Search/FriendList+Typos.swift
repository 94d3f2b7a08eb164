extension FriendList {
    /// When `query` finds nobody (it must: a query of one term is not searched again): the
    /// friends it would find if each of its terms of at least
    /// ``OneTypo/minimumLength`` characters (scalars, folded) that matches nobody on its own
    /// (and is neither anchored, excluded nor an email term) matched a word one typo away instead (see
    /// ``OneTypo``); nil when no term is such, or nobody is one typo away either. A term
    /// matched that way counts as matching at its word's start, for the ranking.
    ///
    /// `known` gives, for a query, positions (ascending) among which are all the friends it
    /// finds, when a search has found them before (nil otherwise): the friends are then looked
    /// for among those that the terms matched as typed found. Where one term may be mistyped
    /// and they are known, the friends one typo away are looked for first, and whether the
    /// term matches nobody on its own (a scan of everyone) is asked only when some are: most
    /// often none are.
    /// - Complexity: O(n × name length): every name is read, or every name among those known.
    package func searchAllowingTypos(
        _ query: SearchQuery, known: (SearchQuery) -> Positions? = { _ in nil }, ranking: Ranking?
    ) -> SearchResult? {
        // The query of one term found nobody, so that term alone matches nobody: no scan for it.
        let alone = query.terms.count == 1
        let mayBeMistyped = query.terms.filter { term in
            term.isPositive && term.anchor == .anywhere && !SearchQuery.isEmailTerm(term)
                && term.bytes.lazy.filter({ $0 & 0xC0 != 0x80 }).count >= OneTypo.minimumLength
        }
        func matchesNobody(_ term: SearchQuery.Term) -> Bool {
            alone || positions(matching: SearchQuery(text: term.text, terms: [term])).isEmpty
        }
        let single = mayBeMistyped.count == 1
        let relaxed = single ? mayBeMistyped : mayBeMistyped.filter(matchesNobody)
        guard !relaxed.isEmpty else { return nil }
        let exactQuery = SearchQuery(text: query.text, terms: query.terms.filter { !relaxed.contains($0) })
        let candidates = exactQuery.hasPositiveTerms ? known(exactQuery) : nil
        // Among everyone, looking for typos costs more than asking first.
        let asksAfter = single && candidates != nil
        if single, !asksAfter, !matchesNobody(relaxed[0]) { return nil }
        let storage = relaxed.map { OneTypo.Storage($0.bytes) }
        let typos = zip(storage, relaxed).map { (typo: $0.typo, caseOnly: $1.strength == .caseOnly) }
        var result = typoScores(CompiledQuery(exactQuery), typos, among: candidates, ranking: ranking)
        withExtendedLifetime(storage) {}
        guard result.count > 0, !asksAfter || matchesNobody(relaxed[0]) else { return nil }
        result.typoTerms = relaxed.map(\.text)
        return result
    }

    /// The friends (among `candidates`, or among everyone) that pass `exact` and match each of
    /// `typos` one typo away, ranked with `ranking` when it is given.
    private func typoScores(
        _ exact: CompiledQuery, _ typos: [(typo: OneTypo, caseOnly: Bool)], among candidates: Positions?,
        ranking: Ranking?
    ) -> SearchResult {
        let details = details.isSearched ? details : nil
        guard let candidates, candidates.count < 4096 else {
            let within = candidates.map(candidateBits)
            let scores = matchScores(exact, within: within, details, typos: typos)
            return result(of: scores, among: candidates, ranking: ranking)
        }
        // A handful, checked one by one.
        return oneByOne(candidates, exact, details, scoring: true, ranking: ranking) { scanner, number in
            let score = scanner.score(number)
            return score == MatchTier.noMatch ? score : scanner.typoScore(score, typos, number)
        }
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
