/// The friends of a source read page by page that a query may include, found before any of them
/// is folded, keyed or sorted: `--filter` over a list of friends (a JSON document) then builds
/// a list of these alone, and searches it as it would have searched everyone.
///
/// A friend with more than a name to match (addresses, a card, members) is kept: the list's
/// search decides. Any other must first hold, once folded, every letter of the query's terms
/// (a name of printable ASCII) or the byte that every name the query includes holds (any
/// other: ``LineProbe``, the rarest of the terms' bytes); one that does is kept when the query
/// includes its name searched as a line of text is (``LineMatcher``), or at once when its name
/// is not all there is to search (parts, a reading). Never is one left out that the query
/// includes as written.
///
/// A friend whose id was given before is left out and counted, as a list leaves it out,
/// whether or not it is kept: every id is kept, with its hash, and once the source is read the
/// hashes are sorted and the ids of equal hashes compared.
///
/// The pages are taken on one thread at a time, the reader's, in the order they come.
package final class FilterCandidates: @unchecked Sendable {
    private let query: CompiledQuery
    /// The probe, chosen from the first page's names; nil until then, or when every friend may
    /// match (a query with no term a name must hold).
    private var probe: LineProbe?
    private var hasProbe = false
    /// Searches the names that are all there is to search of their friends.
    private var matcher: LineMatcher
    /// Every friend's id, and whether it was kept.
    private var seen = Seen()
    /// How many friends were kept.
    private var keptCount = 0

    /// Every friend's id, in the order they came, its hash, and whether it was kept.
    private struct Seen {
        var ids = ByteStore()
        var hashes: [UInt64] = []
        var kept: [Bool] = []

        /// Notes the next friend, of `id`, kept or not.
        mutating func note(_ id: UnsafeBufferPointer<UInt8>, kept: Bool) {
            hashes.append(FriendBatch.wideIDHash(id))
            ids.appendBytes(id)
            ids.closeString()
            self.kept.append(kept)
        }
    }

    /// The candidates for `query` (with `searchesAddresses`, as the picker's search takes it).
    package init(_ query: String, searchesAddresses: Bool) {
        self.query = CompiledQuery(SearchQuery(query, searchesAddresses: searchesAddresses))
        matcher = LineMatcher(self.query, scoring: false)
    }

    deinit { probe?.deallocate() }

    /// `page` with only the friends that may match; what it says of entries skipped and
    /// problems is kept.
    package func candidates(of page: FriendPage) -> FriendPage {
        var page = page
        let estimate = page.estimatedCount
        if let estimate, estimate > seen.hashes.count {
            seen.hashes.reserveCapacity(estimate)
            seen.kept.reserveCapacity(estimate)
        }
        page.announcedTotal = nil
        // What is noted of each friend goes into copies that are put back after the page: the
        // properties of a class are checked for exclusive access at each use.
        var seen = Seen()
        swap(&seen, &self.seen)
        var matcher = self.matcher
        defer { (self.seen, self.matcher) = (seen, matcher) }
        switch page.content {
        case .texts(let texts):
            if !hasProbe {
                chooseProbe { sample in
                    for index in 0..<min(texts.count, 4096) { texts.withText(index) { sample += $0.name } }
                }
            }
            var keptTexts = FriendTexts()
            let probe = probe
            for index in 0..<texts.count {
                texts.withText(index) { text in
                    let may = mayMatch(text, probe: probe, matcher: &matcher)
                    seen.note(text.id, kept: may)
                    if may { keptTexts.append(text) }
                }
            }
            page.content = .texts(keptTexts)
        case .friends(let friends):
            if !hasProbe { chooseProbe { sample in for friend in friends.prefix(4096) { sample += friend.name.utf8 } } }
            var keptFriends: [Friend] = []
            let probe = probe
            for friend in friends {
                let hasMore = !friend.emails.isEmpty || friend.card != nil || friend.members != nil
                let may = friend.withText { text in
                    let may = hasMore || mayMatch(text, probe: probe, matcher: &matcher)
                    seen.note(text.id, kept: may)
                    return may
                }
                if may { keptFriends.append(friend) }
            }
            page.content = .friends(keptFriends)
        }
        // The list makes room for as many of the source's friends as have been kept so far.
        keptCount += page.count
        page.estimatedCount = estimate.map { $0 * keptCount / max(seen.kept.count, 1) + 1 }
        return page
    }

    /// Once the source is read, and `list` made of the pages of candidates: the positions in it
    /// of the friends kept whose id a friend not kept gave before them (a list of everyone
    /// holds that one in their place, so they are not to be found); and how many friends of
    /// the source were left out for an id given before, kept or not.
    package func finish(in list: FriendList) -> (hidden: Set<Int>, leftOut: Int) {
        var hidden: Set<Int> = []
        var leftOut = 0
        forEachRepeat { first, repeated in
            leftOut += 1
            guard !seen.kept[first], seen.kept[repeated] else { return }
            let id = seen.ids.bytes.withUnsafeBufferPointer {
                String(decoding: $0[seen.ids.range(repeated)], as: UTF8.self)
            }
            if let position = list.position(ofID: id) { hidden.insert(position) }
        }
        return (hidden, leftOut)
    }

    /// Calls `body` with each friend whose id a friend before it gave, and the first that gave
    /// it (their numbers, in the order friends came): the friends in the order of their ids'
    /// hashes, the ids of equal hashes compared.
    private func forEachRepeat(_ body: (_ first: Int, _ repeated: Int) -> Void) {
        let (ids, hashes) = (seen.ids, seen.hashes)
        let order = RadixSort.order(of: hashes)
        ids.bytes.withUnsafeBufferPointer { bytes in
            func id(_ number: UInt32) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[ids.range(Int(number))])
            }
            var start = 0
            while start < order.count {
                var end = start + 1
                while end < order.count, hashes[Int(order[end])] == hashes[Int(order[start])] { end += 1 }
                // Equal hashes, in the order the friends came: each is compared with those before it.
                for later in (start + 1)..<end {
                    let number = order[later]
                    if let first = (start..<later).first(where: { IDIndex.sameID(id(order[$0]), id(number)) }) {
                        body(Int(order[first]), Int(number))
                    }
                }
                start = end
            }
        }
    }

    /// Whether the query may include the friend of `text` by its name (`probe` the one chosen,
    /// `matcher` the query's): a name of printable ASCII folds to itself in lowercase, and so its
    /// mask must hold the query's, as the search asks of a name's key; any other name must hold
    /// the probe's byte once folded. A name that passes, and is all there is to search (no
    /// parts, no reading), is then searched as a line of text is, which finds what the list's
    /// search finds.
    private func mayMatch(_ text: FriendText, probe: LineProbe?, matcher: inout LineMatcher) -> Bool {
        guard let probe else { return true }
        let name = text.name
        let isPrintableASCII = name.allSatisfy { $0 &- 0x20 < 0x5F }
        if isPrintableASCII {
            var mask: UInt32 = 0
            for byte in name { mask |= ByteMask.bit(UTF8Text.lowercasedASCII(byte)) }
            guard mask & query.mask == query.mask else { return false }
        } else {
            switch probe.look(atFoldOf: name, folding: &matcher.folding) {
            case .absent: return false
            case .invalid: return true
            case .possible: break
            }
        }
        guard !text.hasParts, text.reading == nil, !NameLine.isBlank(name) else { return true }
        return matcher.score(name, isASCII: isPrintableASCII || UTF8Text.isASCII(name)) != MatchTier.noMatch
    }

    /// Chooses the probe from the names `gather` puts together, the first page's.
    private func chooseProbe(_ gather: (inout [UInt8]) -> Void) {
        hasProbe = true
        var sample: [UInt8] = []
        gather(&sample)
        probe = sample.withUnsafeBufferPointer { LineProbe(query, text: $0) }
    }
}
