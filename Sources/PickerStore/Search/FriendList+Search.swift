extension FriendList {
    /// The positions in the list of the friends that pass `query`: best first when `ranked`
    /// (see ``NameMatch/score``; equals in list order), else in list order.
    /// - Complexity: O(n / 64) over every core for n friends, O(n) more when ranking.
    public func positions(matching query: SearchQuery, ranked: Bool) -> [Int] {
        search(query, ranking: ranked ? Ranking() : nil).inOrder
    }

    /// The score of the friend at `position` for `query` (see ``MatchTier``), or
    /// ``MatchTier/noMatch`` when it does not pass.
    /// - Complexity: O(name length × terms).
    package func score(atPosition position: Int, for query: SearchQuery) -> UInt8 {
        scores(atPositions: [position], for: query)[0]
    }

    /// The friends at `candidates` (a handful, ascending positions in list order), checked one
    /// by one: those `score` (given the scanner of `compiled`, `scoring` or not, and a friend
    /// number) passes, ranked with `ranking` when it is given.
    func oneByOne(
        _ candidates: Positions, _ compiled: CompiledQuery, _ details: ContactDetails?, scoring: Bool,
        ranking: Ranking?, score: (inout KeyScanner, Int) -> UInt8
    ) -> SearchResult {
        let (kept, scores) = keys.withView { view in
            var scanner = KeyScanner(view, compiled, scoring: scoring, details: details)
            var kept: [UInt32] = []
            var scores: [UInt8] = []
            for position in candidates {
                let found = score(&scanner, Int(order[position]))
                guard found != MatchTier.noMatch else { continue }
                kept.append(UInt32(truncatingIfNeeded: position))
                scores.append(found)
            }
            return (kept, scores)
        }
        return SearchResult(positions: kept, scores: scores, ranking: ranking)
    }

    /// The score of each friend at `positions` for `query`, as ``score(atPosition:for:)``
    /// finds it.
    /// - Complexity: O(total length of their names × terms).
    func scores(atPositions positions: [Int], for query: SearchQuery) -> [UInt8] {
        if query.isEmpty { return [UInt8](repeating: MatchTier.nameStart, count: positions.count) }
        let compiled = CompiledQuery(query)
        let details = details.isSearched ? details : nil
        return keys.withView { view in
            var scanner = KeyScanner(view, compiled, scoring: true, details: details)
            return positions.map { scanner.score(Int(order[$0])) }
        }
    }

    /// The positions, in list order, of the friends that pass `query`, looked for among
    /// `candidates` (ascending positions in list order) or among everyone.
    /// - Complexity: as ``search(_:among:ranking:)``, without the ranking.
    package func positions(matching query: SearchQuery, among candidates: Positions? = nil) -> Positions {
        search(query, among: candidates, ranking: nil).positions
    }

    /// The friends that pass `query`, looked for among `candidates` (ascending positions in
    /// list order) or among everyone; with a `ranking`, in the order to show them, best first
    /// (see ``MatchTier``), when the query has a term a name must match.
    ///
    /// A handful of candidates are checked one by one. Otherwise the keys are scanned in the
    /// order friends arrived, which reads memory front to back (skipping friends who are not
    /// candidates), into a bit per friend, or a score per friend when ranking; the positions
    /// are then read off the list order. Both steps run on every core; the ranking is a
    /// counting sort on the scores.
    /// - Complexity: O(n / 64 + total length of the candidates' names × terms), O(n) more
    ///   when ranking.
    package func search(_ query: SearchQuery, among candidates: Positions? = nil, ranking: Ranking?) -> SearchResult {
        let candidates = candidates.flatMap { $0.isEveryone(of: count) ? nil : $0 }
        if query.isEmpty { return SearchResult(positions: candidates ?? .everyone(count)) }
        let compiled = CompiledQuery(query)
        let details = details.isSearched ? details : nil
        let ranking = query.hasPositiveTerms ? ranking : nil
        if let candidates, candidates.count < 4096 {
            return oneByOne(candidates, compiled, details, scoring: ranking != nil, ranking: ranking) { $0.score($1) }
        }
        // Many candidates are scanned as fast among everyone, with no bit per candidate to set;
        // the hits are then kept for the candidates alone.
        let within = candidates.flatMap { $0.count * 4 > count ? nil : candidateBits($0) }
        guard let ranking else {
            let hits = matchBits(compiled, within: within, details)
            guard hits.contains(where: { $0 != 0 }) else { return SearchResult(pieces: [], ranking: nil) }
            return hits.withUnsafeBufferPointer { hits in
                readOff(among: candidates, HitBits(words: hits)) { SearchResult(pieces: $0, ranking: nil) }
            }
        }
        return SearchScratch.with(bytes: keys.count) { scratch in
            let scores = scratch.bindMemory(to: UInt8.self)
            matchScores(compiled, within: within, details, into: scores)
            guard Self.anyPasses(UnsafeBufferPointer(scores)) else { return SearchResult(pieces: [], ranking: ranking) }
            return readOff(among: candidates, ScoreBytes(scores: UnsafeBufferPointer(scores))) {
                SearchResult(pieces: $0, ranking: ranking)
            }
        }
    }

    /// The friends (among `candidates`, or among everyone) whose score in `scores` says they
    /// pass, ranked with `ranking` when it is given.
    func result(of scores: [UInt8], among candidates: Positions?, ranking: Ranking?) -> SearchResult {
        scores.withUnsafeBufferPointer { scores in
            guard Self.anyPasses(scores) else { return SearchResult(pieces: [], ranking: ranking) }
            return readOff(among: candidates, ScoreBytes(scores: scores)) { SearchResult(pieces: $0, ranking: ranking) }
        }
    }

    /// Whether any of `scores` is not ``MatchTier/noMatch``, read 8 at a time: when nobody
    /// passes (a query that finds nobody, nobody one typo away), the list order is not read.
    private static func anyPasses(_ scores: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = UnsafeRawBufferPointer(scores)
        var offset = 0
        while offset + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != ~0 { return true }
            offset += 8
        }
        return bytes[offset...].contains { $0 != MatchTier.noMatch }
    }

    /// Walks the list order (the positions among `candidates`, or every position) in pieces on
    /// every core, keeping each position whose friend number `lookup` gives a score other than
    /// ``MatchTier/noMatch``, with that score, in order, and hands the pieces to `body`. Each
    /// piece is written where its part of the list order starts in memory kept from search to
    /// search (see ``SearchScratch``), every position and score written and the count moved
    /// on only for those kept: no branch that half the friends take. The lookup is a type, so
    /// that the loop is compiled with it.
    private func readOff<Lookup: ScoreLookup, Result>(
        among candidates: Positions?, _ lookup: Lookup, _ body: ([FoundPiece]) -> Result
    ) -> Result {
        let total = candidates?.count ?? count
        let parts = Parallel.ranges(total, minimum: 8192)
        let stride = MemoryLayout<UInt32>.stride + MemoryLayout<UInt8>.stride
        return SearchScratch.with(bytes: total * stride) { scratch in
            let positions = UnsafeMutableRawBufferPointer(rebasing: scratch[..<(total * 4)]).bindMemory(to: UInt32.self)
            let scores = UnsafeMutableRawBufferPointer(rebasing: scratch[(total * 4)...]).bindMemory(to: UInt8.self)
            let buffers = UncheckedSendable((positions: positions, scores: scores))
            let pieces = order.withUnsafeBufferPointer { order in
                let order = UncheckedSendable(order)
                return Parallel.map(parts.count) { part in
                    let range = parts[part]
                    let (positions, scores) = (buffers.value.positions, buffers.value.scores)
                    // At each step at most as many are kept as were read: the writes stay
                    // within the part.
                    var found = range.lowerBound
                    func keep(_ position: Int) {
                        let value = lookup.score(Int(order.value[position]))
                        positions[found] = UInt32(truncatingIfNeeded: position)
                        scores[found] = value
                        found &+= value != MatchTier.noMatch ? 1 : 0
                    }
                    if let candidates {
                        for index in range { keep(candidates[index]) }
                    } else {
                        for position in range { keep(position) }
                    }
                    return FoundPiece(
                        positions: UnsafeBufferPointer(rebasing: positions[range.lowerBound..<found]),
                        scores: UnsafeBufferPointer(rebasing: scores[range.lowerBound..<found]))
                }
            }
            return body(pieces)
        }
    }

    /// One bit per friend number, set for the friends at `positions`.
    func candidateBits(_ positions: Positions) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (keys.count + 63) / 64)
        for position in positions {
            let number = Int(order[position])
            bits[number >> 6] |= 1 << UInt64(number & 63)
        }
        return bits
    }

    /// One bit per friend number, set when the friend passes `compiled`; only the friends
    /// whose bit is set in `within` are looked at, when it is given.
    private func matchBits(_ compiled: CompiledQuery, within: [UInt64]?, _ details: ContactDetails?) -> [UInt64] {
        scan(compiled, within: within, details, scoring: false, perWord: 1) { scanner, first, candidates, bits in
            guard !compiled.decidedByMask else {
                bits.append(candidates)
                return
            }
            var word: UInt64 = 0
            var rest = candidates
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                rest &= rest - 1
                if scanner.score(first + bit) != MatchTier.noMatch { word |= 1 << UInt64(bit) }
            }
            bits.append(word)
        }
    }

    /// One score per friend number (``MatchTier/noMatch`` for friends that do not pass
    /// `compiled`, or are not in `within` when it is given), each part written where it goes.
    /// One-letter terms are scored from the masks and initials alone. With `typos`, each of
    /// them must also match a word one typo away (see ``FriendList/searchAllowingTypos(_:known:ranking:)``).
    func matchScores(
        _ compiled: CompiledQuery, within: [UInt64]?, _ details: ContactDetails?,
        typos: [(typo: OneTypo, caseOnly: Bool)] = []
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: keys.count) { buffer, initialized in
            matchScores(compiled, within: within, details, typos: typos, into: buffer)
            initialized = keys.count
        }
    }

    /// ``matchScores(_:within:_:typos:)`` written into `buffer`, which holds at least one byte
    /// per friend. The friends whose mask or pairs rule them out are found 64 at a time
    /// (``KeyScanner/candidates(_:)``), a word ahead, so that the keys of the next word's few
    /// are fetched while this word's are scored; only those are scored one by one, a query
    /// of one plain term by ``KeyScanner/plainScore(_:_:)``.
    func matchScores(
        _ compiled: CompiledQuery, within: [UInt64]?, _ details: ContactDetails?,
        typos: [(typo: OneTypo, caseOnly: Bool)] = [], into buffer: UnsafeMutableBufferPointer<UInt8>
    ) {
        let total = keys.count
        let words = (total + 63) / 64
        let parts = Parallel.ranges(words, minimum: 128)
        let scores = UncheckedSendable(buffer)
        _ = Parallel.map(parts.count) { part in
            keys.withView { view in
                if compiled.decidedByMask, details?.hasCards != true, typos.isEmpty {
                    Self.scoreByInitials(compiled, view, words: parts[part], total: total, within, into: scores.value)
                    return
                }
                var scanner = KeyScanner(view, compiled, scoring: true, details: details)
                let checksTypos = !typos.isEmpty
                let plain = details == nil && !checksTypos ? compiled.plainTerm : nil
                let words = parts[part]
                var next = words.isEmpty ? 0 : scanner.candidates(ofWord: words.lowerBound, total: total, within)
                for word in words {
                    let first = word * 64
                    let end = min(first + 64, total)
                    var candidates = next
                    if word + 1 < words.upperBound {
                        next = scanner.candidates(ofWord: word + 1, total: total, within)
                        scanner.prefetchKeys(ifFew: next, from: end)
                    }
                    UnsafeMutableBufferPointer(rebasing: scores.value[first..<end]).initialize(
                        repeating: MatchTier.noMatch)
                    while candidates != 0 {
                        let number = first + candidates.trailingZeroBitCount
                        candidates &= candidates - 1
                        var score = plain.map { scanner.plainScore($0, number) } ?? scanner.score(number)
                        if checksTypos, score != MatchTier.noMatch {
                            score = scanner.typoScore(score, typos, number)
                        }
                        scores.value[number] = score
                    }
                }
            }
        }
    }

    /// The scores of the friends of `words` (64 friend numbers each, below `total`; those of
    /// `within` alone, when it is given) for a query whose terms are one letter each (see
    /// ``CompiledQuery/decidedByMask``), in names alone: the masks say who passes, the
    /// initials how well (``Initials/tier(ofLetter:_:)``). Each score is worked out, then kept
    /// or not, with no branch on whether the friend passes, which about half of them do.
    private static func scoreByInitials(
        _ compiled: CompiledQuery, _ view: KeyView, words: Range<Int>, total: Int, _ within: [UInt64]?,
        into scores: UnsafeMutableBufferPointer<UInt8>
    ) {
        let mask = compiled.mask
        let terms = compiled.terms
        if within == nil, terms.count == 1 {
            // One letter among everyone: a loop the compiler can run several friends at a time.
            let letter = terms[0].bytes[0]
            for number in (words.lowerBound * 64)..<min(words.upperBound * 64, total) {
                let tier = Initials.tier(ofLetter: letter, view.initials[number])
                scores[number] = view.masks[number] & mask == mask ? tier : MatchTier.noMatch
            }
            return
        }
        for word in words {
            let first = word * 64
            let end = min(first + 64, total)
            let allowed = within?[word] ?? ~0
            for number in first..<end {
                let initials = view.initials[number]
                var score = MatchTier.nameStart
                for term in terms { score = MatchTier.adding(score, Initials.tier(ofLetter: term.bytes[0], initials)) }
                let inWithin = UInt32(truncatingIfNeeded: allowed >> UInt64(number - first)) & 1
                let hasLetters: UInt32 = view.masks[number] & mask == mask ? 1 : 0
                scores[number] = inWithin & hasLetters != 0 ? score : MatchTier.noMatch
            }
        }
    }

    /// The friends scanned 64 at a time on every core: for each word of 64 friend numbers, the
    /// candidates whose masks and pairs allow a match (and that are in `within`) go to `body`
    /// with the first number of the word, which appends what it finds (about `perWord`
    /// elements a word); the parts are put together in order. The candidates are found a word
    /// ahead, as in ``matchScores(_:within:_:typos:into:)``.
    private func scan<Element: Sendable>(
        _ compiled: CompiledQuery, within: [UInt64]?, _ details: ContactDetails?, scoring: Bool, perWord: Int,
        _ body: @escaping @Sendable (inout KeyScanner, Int, UInt64, inout [Element]) -> Void
    ) -> [Element] {
        let words = (keys.count + 63) / 64
        let parts = Parallel.ranges(words, minimum: 128)
        let total = keys.count
        let pieces = Parallel.map(parts.count) { part in
            keys.withView { view in
                var scanner = KeyScanner(view, compiled, scoring: scoring, details: details)
                var result: [Element] = []
                result.reserveCapacity(parts[part].count * perWord)
                let words = parts[part]
                var next = words.isEmpty ? 0 : scanner.candidates(ofWord: words.lowerBound, total: total, within)
                for word in words {
                    let candidates = next
                    if word + 1 < words.upperBound {
                        next = scanner.candidates(ofWord: word + 1, total: total, within)
                        scanner.prefetchKeys(ifFew: next, from: (word + 1) * 64)
                    }
                    body(&scanner, word * 64, candidates, &result)
                }
                return result
            }
        }
        return Parallel.concatenated(pieces)
    }
}

/// What a scan found for each friend number, as ``FriendList`` reads it off the list order.
private protocol ScoreLookup: Sendable {
    /// Friend `number`'s score, ``MatchTier/noMatch`` when it did not pass.
    func score(_ number: Int) -> UInt8
}

/// A bit per friend number, set for those that passed.
private struct HitBits: ScoreLookup, @unchecked Sendable {
    let words: UnsafeBufferPointer<UInt64>

    @inline(__always)
    func score(_ number: Int) -> UInt8 {
        words[number >> 6] & (1 << UInt64(number & 63)) != 0 ? MatchTier.nameStart : MatchTier.noMatch
    }
}

/// What one core kept of its part of the list order: positions ascending, with their scores.
struct FoundPiece: @unchecked Sendable {
    let positions: UnsafeBufferPointer<UInt32>
    let scores: UnsafeBufferPointer<UInt8>
}

/// A score per friend number.
private struct ScoreBytes: ScoreLookup, @unchecked Sendable {
    let scores: UnsafeBufferPointer<UInt8>

    @inline(__always)
    func score(_ number: Int) -> UInt8 { scores[number] }
}
