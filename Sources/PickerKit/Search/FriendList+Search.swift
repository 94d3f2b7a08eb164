extension FriendList {
    /// The positions, in list order, of the friends that pass `query`, looked for among
    /// `candidates` (ascending positions in list order) or among everyone.
    ///
    /// A handful of candidates are checked one by one. Otherwise the keys are scanned in the
    /// order friends arrived, which reads memory front to back (skipping friends who are not
    /// candidates), into a bit per friend; the positions are then read off the list order.
    /// Both steps run on every core.
    /// - Complexity: O(n / 64 + total length of the candidates' names × terms).
    public func positions(matching query: SearchQuery, among candidates: Positions? = nil) -> Positions {
        let candidates = candidates.flatMap { $0.isEveryone(of: count) ? nil : $0 }
        if query.isEmpty { return candidates ?? .everyone(count) }
        if searchesEmails(query) { return positions(matchingEmails: query, among: candidates) }
        let compiled = CompiledQuery(query)
        if let candidates, candidates.count < 4096 {
            return Positions(keys.withView { view in candidates.filter { view.matches(Int(order[$0]), compiled) } })
        }
        // Many candidates are scanned as fast among everyone, with no bit per candidate to set;
        // the hits are then kept for the candidates alone.
        let within = candidates.flatMap { $0.count * 4 > count ? nil : candidateBits($0) }
        return positions(of: matchBits(compiled, within: within), among: candidates)
    }

    /// The positions (among `candidates`, or among everyone) of the friends whose bit is set
    /// in `hits`, read off the list order piece by piece on every core.
    private func positions(of hits: [UInt64], among candidates: Positions?) -> Positions {
        let total = candidates?.count ?? count
        let parts = Parallel.ranges(total, minimum: 8192)
        let pieces = hits.withUnsafeBufferPointer { hits in
            order.withUnsafeBufferPointer { order in
                let (hits, order) = (UncheckedSendable(hits), UncheckedSendable(order))
                return Parallel.map(parts.count) { part in
                    var kept: [UInt32] = []
                    for index in parts[part] {
                        let position = candidates?[index] ?? index
                        let number = Int(order.value[position])
                        if hits.value[number >> 6] & (1 << UInt64(number & 63)) != 0 {
                            kept.append(UInt32(truncatingIfNeeded: position))
                        }
                    }
                    return kept
                }
            }
        }
        return Positions(pieces.count == 1 ? pieces[0] : Array(pieces.joined()))
    }

    /// One bit per friend number, set for the friends at `positions`.
    private func candidateBits(_ positions: Positions) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (keys.count + 63) / 64)
        for position in positions {
            let number = Int(order[position])
            bits[number >> 6] |= 1 << UInt64(number & 63)
        }
        return bits
    }

    /// One bit per friend number, set when the friend passes `compiled`; only the friends
    /// whose bit is set in `within` are looked at, when it is given.
    private func matchBits(_ compiled: CompiledQuery, within: [UInt64]?) -> [UInt64] {
        let words = (keys.count + 63) / 64
        let parts = Parallel.ranges(words, minimum: 128)
        let total = keys.count
        let pieces = Parallel.map(parts.count) { part in
            keys.withView { view in
                parts[part].map { word in
                    let first = word * 64
                    var candidates = within?[word] ?? (first + 64 <= total ? ~0 : (1 << UInt64(total - first)) - 1)
                    // Keep the candidates whose masks allow a match, 64 masks at a time.
                    let mask = compiled.mask
                    var allowed: UInt64 = 0
                    for bit in 0..<min(64, total - first) where view.masks[first + bit] & mask == mask {
                        allowed |= 1 << UInt64(bit)
                    }
                    candidates &= allowed
                    if compiled.decidedByMask { return candidates }
                    var bits: UInt64 = 0
                    while candidates != 0 {
                        let bit = candidates.trailingZeroBitCount
                        candidates &= candidates - 1
                        if view.matches(first + bit, compiled) { bits |= 1 << UInt64(bit) }
                    }
                    return bits
                }
            }
        }
        return Array(pieces.joined())
    }
}
