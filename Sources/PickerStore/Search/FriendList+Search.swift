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
        if query.isEmpty { return MatchTier.nameStart }
        let compiled = CompiledQuery(query)
        let details = details.isSearched ? details : nil
        return keys.withView { view in
            var scanner = KeyScanner(view, compiled, scoring: true, details: details)
            return scanner.score(Int(order[position]))
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
            let (kept, scores) = keys.withView { view in
                var scanner = KeyScanner(view, compiled, scoring: ranking != nil, details: details)
                var kept: [UInt32] = []
                var scores: [UInt8] = []
                for position in candidates {
                    let score = scanner.score(Int(order[position]))
                    guard score != MatchTier.noMatch else { continue }
                    kept.append(UInt32(truncatingIfNeeded: position))
                    scores.append(score)
                }
                return (kept, scores)
            }
            return SearchResult(positions: kept, scores: scores, ranking: ranking)
        }
        // Many candidates are scanned as fast among everyone, with no bit per candidate to set;
        // the hits are then kept for the candidates alone.
        let within = candidates.flatMap { $0.count * 4 > count ? nil : candidateBits($0) }
        guard let ranking else {
            return SearchResult(
                positions: positions(of: matchBits(compiled, within: within, details), among: candidates))
        }
        let (kept, scores) = scoredPositions(of: matchScores(compiled, within: within, details), among: candidates)
        return SearchResult(positions: kept, scores: scores, ranking: ranking)
    }

    /// The positions (among `candidates`, or among everyone) of the friends whose bit is set
    /// in `hits`, read off the list order piece by piece on every core.
    private func positions(of hits: [UInt64], among candidates: Positions?) -> Positions {
        let pieces = hits.withUnsafeBufferPointer { readOff(among: candidates, HitBits(words: $0)) }
        return Positions(Parallel.concatenated(pieces.map(\.positions)))
    }

    /// The positions (among `candidates`, or among everyone) of the friends whose score in
    /// `scores` says they pass, with those scores, read off the list order on every core.
    func scoredPositions(of scores: [UInt8], among candidates: Positions?) -> (
        positions: [UInt32], scores: [UInt8]
    ) {
        let pieces = scores.withUnsafeBufferPointer { readOff(among: candidates, ScoreBytes(scores: $0)) }
        guard pieces.count > 1 else { return pieces.first ?? ([], []) }
        return (Parallel.concatenated(pieces.map(\.positions)), Parallel.concatenated(pieces.map(\.scores)))
    }

    /// Walks the list order (the positions among `candidates`, or every position) in pieces on
    /// every core, keeping each position whose friend number `lookup` gives a score other than
    /// ``MatchTier/noMatch``, with that score, in order. Each piece is written into memory
    /// reserved for the most it can keep; the lookup is a type, so that the loop is compiled
    /// with it.
    private func readOff<Lookup: ScoreLookup>(among candidates: Positions?, _ lookup: Lookup) -> [(
        positions: [UInt32], scores: [UInt8]
    )] {
        let total = candidates?.count ?? count
        let parts = Parallel.ranges(total, minimum: 8192)
        return order.withUnsafeBufferPointer { order in
            let order = UncheckedSendable(order)
            return Parallel.map(parts.count) { part in
                let range = parts[part]
                var scores: [UInt8] = []
                let positions = [UInt32](unsafeUninitializedCapacity: range.count) { positions, kept in
                    scores = [UInt8](unsafeUninitializedCapacity: range.count) { scores, keptScores in
                        var found = 0
                        for index in range {
                            let position = candidates?[index] ?? index
                            let value = lookup.score(Int(order.value[position]))
                            guard value != MatchTier.noMatch else { continue }
                            positions[found] = UInt32(truncatingIfNeeded: position)
                            scores[found] = value
                            found += 1
                        }
                        keptScores = found
                    }
                    kept = scores.count
                }
                return (positions, scores)
            }
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
    /// them must also match a word one typo away (see ``FriendList/searchAllowingTypos(_:ranking:)``).
    func matchScores(
        _ compiled: CompiledQuery, within: [UInt64]?, _ details: ContactDetails?,
        typos: [(typo: OneTypo, caseOnly: Bool)] = []
    ) -> [UInt8] {
        let total = keys.count
        let words = (total + 63) / 64
        let parts = Parallel.ranges(words, minimum: 128)
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            let scores = UncheckedSendable(buffer)
            _ = Parallel.map(parts.count) { part in
                keys.withView { view in
                    var scanner = KeyScanner(view, compiled, scoring: true, details: details)
                    let mask = compiled.mask
                    let checksTypos = !typos.isEmpty
                    for word in parts[part] {
                        let first = word * 64
                        let end = min(first + 64, total)
                        let allowed = within?[word] ?? ~0
                        for number in first..<end {
                            let bit = allowed & (1 << UInt64(number - first)) != 0
                            var score =
                                bit && view.masks[number] & mask == mask ? scanner.score(number) : MatchTier.noMatch
                            if checksTypos, score != MatchTier.noMatch {
                                score = scanner.typoScore(score, typos, number)
                            }
                            scores.value[number] = score
                        }
                    }
                }
            }
            initialized = total
        }
    }

    /// The friends scanned 64 at a time on every core: for each word of 64 friend numbers, the
    /// candidates whose masks allow a match (and that are in `within`) go to `body` with the
    /// first number of the word, which appends what it finds (about `perWord` elements a
    /// word); the parts are put together in order.
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
                for word in parts[part] {
                    let first = word * 64
                    var candidates = within?[word] ?? (first + 64 <= total ? ~0 : (1 << UInt64(total - first)) - 1)
                    // Keep the candidates whose masks allow a match, 64 masks at a time.
                    let mask = compiled.mask
                    var allowed: UInt64 = 0
                    for bit in 0..<min(64, total - first) where view.masks[first + bit] & mask == mask {
                        allowed |= 1 << UInt64(bit)
                    }
                    candidates &= allowed
                    body(&scanner, first, candidates, &result)
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

/// A score per friend number.
private struct ScoreBytes: ScoreLookup, @unchecked Sendable {
    let scores: UnsafeBufferPointer<UInt8>

    @inline(__always)
    func score(_ number: Int) -> UInt8 { scores[number] }
}
