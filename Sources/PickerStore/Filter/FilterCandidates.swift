import Dispatch
import FoundationEssentials

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
/// whether or not it is kept: every id is kept, and once the source is read their hashes are
/// sorted and the ids of equal hashes compared.
///
/// Asked to keep names (`keepsNames`), it keeps the friends found while every one of them is a
/// name alone (an id and a name, nothing else searched or printed: the reader's texts without
/// parts, or friends without parts, addresses, a card, members or sources) apart, as lines of
/// a text (``KeptNames``), and hands the pages on without them: then the friends the query
/// includes are ordered as the lines of a text are, without a list
/// (``lines(sortOrder:inputOrder:)``). At the first friend kept that is more than a name, the
/// names kept so far go back on that page, before it, and every friend kept from there on is
/// handed on: the list decides, as it would have.
///
/// The pages are taken on one thread at a time, in the order they come; once the source is
/// read, the repeats are looked for on another core while the names are ordered.
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
    /// The friends kept, while every one is a name alone; nil once one is not, or when names
    /// are not kept.
    private var names: KeptNames?
    /// Whether the names kept are scored, to be ranked.
    private let scoresNames: Bool

    /// Every friend's id, in the order they came, and whether it was kept.
    private struct Seen {
        var ids = ByteStore()
        var kept: [Bool] = []

        /// Notes the next friend, of `id`, kept or not.
        mutating func note(_ id: UnsafeBufferPointer<UInt8>, kept: Bool) {
            ids.appendBytes(id)
            ids.closeString()
            self.kept.append(kept)
        }

        /// Makes room for `total` friends in all.
        mutating func reserve(_ total: Int) {
            ids.reserve(total)
            GrowthPlan.reserve(&kept, total)
        }

        /// The hash of each id (``FriendBatch/wideIDHash(_:)``), on every core.
        func hashes() -> [UInt64] {
            let ids = ids
            let parts = Parallel.ranges(ids.count, minimum: 65_536)
            return Parallel.concatenated(
                Parallel.map(parts.count) { part in
                    ids.bytes.withUnsafeBufferPointer { bytes in
                        parts[part].map { FriendBatch.wideIDHash(UnsafeBufferPointer(rebasing: bytes[ids.range($0)])) }
                    }
                })
        }

        /// Calls `body` with the id of friend `number` (from 1, in the order friends came).
        func withID<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            ids.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[ids.range(number - 1)])) }
        }
    }

    /// The candidates for `query` (with `searchesAddresses`, as the picker's search takes it);
    /// with `keepsNames`, the friends that are names alone kept apart, to be ordered best first
    /// when `ranked`.
    package init(_ query: String, searchesAddresses: Bool, keepsNames: Bool = false, ranked: Bool = true) {
        let search = SearchQuery(query, searchesAddresses: searchesAddresses)
        self.query = CompiledQuery(search)
        scoresNames = keepsNames && ranked && search.hasPositiveTerms
        matcher = LineMatcher(self.query, scoring: scoresNames)
        names = keepsNames ? KeptNames() : nil
    }

    deinit { probe?.deallocate() }

    /// `page` with only the friends that may match (none while names are kept apart); what it
    /// says of entries skipped and problems is kept.
    package func candidates(of page: FriendPage) -> FriendPage {
        var page = page
        let estimate = page.estimatedCount
        if let estimate, estimate > seen.kept.count { seen.reserve(estimate) }
        page.announcedTotal = nil
        // What is noted of each friend goes into copies that are put back after the page: the
        // properties of a class are checked for exclusive access at each use (and so are the
        // variables a function nested here would share with it).
        var seen = Seen()
        var names: KeptNames?
        swap(&seen, &self.seen)
        swap(&names, &self.names)
        var matcher = self.matcher
        let namesBefore = names?.hits.count ?? 0
        defer { (self.seen, self.names, self.matcher) = (seen, names, matcher) }
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
                    let found = look(
                        at: text, hasMore: false, probe: probe, matcher: &matcher, keepsNames: names != nil)
                    seen.note(text.id, kept: found != .left)
                    guard !Self.keepsApart(text, found, number: seen.kept.count, in: &names) else { return }
                    if let kept = names {
                        // The first friend kept that is more than a name: the names go back before it.
                        names = nil
                        kept.forEachName { number, name in
                            seen.withID(number) { id in
                                keptTexts.append(id: id, name: name, firstName: nil, middleName: nil, lastName: nil)
                            }
                        }
                    }
                    keptTexts.append(text)
                }
            }
            page.content = .texts(keptTexts)
        case .friends(let friends):
            if !hasProbe { chooseProbe { sample in for friend in friends.prefix(4096) { sample += friend.name.utf8 } } }
            var keptFriends: [Friend] = []
            let probe = probe
            for friend in friends {
                // More to search, or to print, than the name.
                let hasMore =
                    !friend.emails.isEmpty || friend.card != nil || friend.members != nil || !friend.sources.isEmpty
                let onPage = friend.withText { text in
                    let found = look(
                        at: text, hasMore: hasMore, probe: probe, matcher: &matcher, keepsNames: names != nil)
                    seen.note(text.id, kept: found != .left)
                    return !Self.keepsApart(text, found, number: seen.kept.count, in: &names)
                }
                guard onPage else { continue }
                if let kept = names {
                    names = nil
                    kept.forEachName { number, name in
                        keptFriends.append(
                            Friend(
                                id: seen.withID(number) { String(decoding: $0, as: UTF8.self) },
                                name: String(decoding: name, as: UTF8.self)))
                    }
                }
                keptFriends.append(friend)
            }
            page.content = .friends(keptFriends)
        }
        // The list (or the names) makes room for as many of the source's friends as have been
        // kept so far.
        keptCount += page.count + (names?.hits.count ?? 0) - namesBefore
        page.estimatedCount = estimate.map { $0 * keptCount / max(seen.kept.count, 1) + 1 }
        if let expected = page.estimatedCount { names?.reserve(expected) }
        return page
    }

    /// Whether the friend of `text`, found `found`, friend `number` (from 1), is left out or
    /// kept apart among `names`: false when it goes on the page (then `names`, when there are
    /// some, go before it).
    private static func keepsApart(_ text: FriendText, _ found: Found, number: Int, in names: inout KeptNames?) -> Bool
    {
        switch found {
        case .left: return true
        case .name(let score): return names?.append(text.name, number: number, score: score) == true
        case .kept: return false
        }
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

    /// Once the source is read, when every friend kept was a name alone (and names were kept
    /// apart): those of them that the query includes, in the order of a list sorted by
    /// `sortOrder` (or kept in `inputOrder`), best first when ranked, as ``LineFilter`` orders
    /// lines, each with its id; and how many friends of the source were left out for an id
    /// given before. A friend kept whose id one before it gave, kept or not, is not among them:
    /// the list holds the first. Nil when a friend kept was more than a name: the list of the
    /// pages handed on decides (``finish(in:)``).
    /// - Complexity: O(n) for the n friends of the source, and O(k log k) for the k kept.
    package func lines(sortOrder: NameOrder, inputOrder: InputOrder?) -> (lines: FilteredLines, leftOut: Int)? {
        guard let names else { return nil }
        // The repeats are found on another core while the names are ordered, all of them: the
        // order of those left then is the order they have among themselves.
        let repeats = Repeats()
        let found = DispatchGroup()
        DispatchQueue.global().async(group: found) { [self] in
            forEachRepeat { _, repeated in repeats.numbers.append(UInt32(repeated + 1)) }
        }
        var sorted = names.text.withUnsafeBufferPointer { text in
            LineOrder.sorted(
                names.hits, names: LineNames(names.hits, in: text), in: text, sortOrder: sortOrder,
                inputOrder: inputOrder, scored: scoresNames)
        }
        found.wait()
        if !repeats.numbers.isEmpty {
            var isRepeat = [Bool](repeating: false, count: seen.kept.count)
            for number in repeats.numbers { isRepeat[Int(number) - 1] = true }
            sorted.removeAll { isRepeat[Int($0.number) - 1] }
        }
        return (FilteredLines(text: Data(names.text), lines: sorted, ids: seen.ids), repeats.numbers.count)
    }

    /// The friends whose id a friend before them gave (their numbers, from 1), found on a core
    /// of their own.
    private final class Repeats: @unchecked Sendable {
        var numbers: [UInt32] = []
    }

    /// Calls `body` with each friend whose id a friend before it gave, and the first that gave
    /// it (their numbers, in the order friends came): the friends in the order of the first
    /// bits of their ids' hashes (``hashBits``, by a radix sort, which keeps the order they came
    /// in), each run of equal bits (rarely of more than one friend) by whole hash, the ids of
    /// equal hashes compared.
    private func forEachRepeat(_ body: (_ first: Int, _ repeated: Int) -> Void) {
        let (ids, hashes) = (seen.ids, seen.hashes())
        let shift = UInt64(64 - Self.hashBits)
        let keyed = RadixSort.keyed(hashes.map { UInt32(truncatingIfNeeded: $0 >> shift) })
        ids.bytes.withUnsafeBufferPointer { bytes in
            func id(_ number: UInt32) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[ids.range(Int(number))])
            }
            var run: [UInt32] = []
            var start = 0
            while start < keyed.count {
                var end = start + 1
                while end < keyed.count, keyed[end] >> 32 == keyed[start] >> 32 { end += 1 }
                defer { start = end }
                guard end - start > 1 else { continue }
                run.removeAll(keepingCapacity: true)
                for item in keyed[start..<end] { run.append(UInt32(truncatingIfNeeded: item)) }
                run.sort { a, b in hashes[Int(a)] == hashes[Int(b)] ? a < b : hashes[Int(a)] < hashes[Int(b)] }
                var first = 0
                while first < run.count {
                    var equal = first + 1
                    while equal < run.count, hashes[Int(run[equal])] == hashes[Int(run[first])] { equal += 1 }
                    // Equal hashes, in the order the friends came: each is compared with those
                    // before it.
                    for later in (first + 1)..<equal {
                        let number = run[later]
                        if let giver = (first..<later).first(where: { IDIndex.sameID(id(run[$0]), id(number)) }) {
                            body(Int(run[giver]), Int(number))
                        }
                    }
                    first = equal
                }
            }
        }
    }

    /// How many of the first bits of the ids' hashes ``forEachRepeat(_:)`` sorts by: three
    /// passes of 11 bits at most, which leave few friends of ten million in a run of equal bits
    /// (22 bits, two passes, left a fifth of a million in runs, sorted again).
    private static let hashBits = 32

    /// What the query may make of a friend.
    private enum Found: Equatable {
        /// Not included: left out.
        case left
        /// Perhaps included: the list decides.
        case kept
        /// Included, a name alone, of this score.
        case name(score: UInt8)
    }

    /// What the query may make of the friend of `text`, with more than its name to search or
    /// print when `hasMore` (`probe` the one chosen, `matcher` the query's): a name of
    /// printable ASCII folds to itself in lowercase, and so its mask must hold the query's, as
    /// the search asks of a name's key; any other name must hold the probe's byte once folded.
    /// A name that passes, and is all there is to search (no parts, no reading), is then
    /// searched as a line of text is, which finds what the list's search finds; one that is
    /// all there is to print besides its id, while names are kept (`keepsNames`), is searched
    /// even with no probe, or blank, and found with its score.
    private func look(
        at text: FriendText, hasMore: Bool, probe: LineProbe?, matcher: inout LineMatcher, keepsNames: Bool
    ) -> Found {
        if hasMore { return .kept }
        let name = text.name
        let isPrintableASCII = name.allSatisfy { $0 &- 0x20 < 0x5F }
        if let probe {
            if isPrintableASCII {
                var mask: UInt32 = 0
                for byte in name { mask |= ByteMask.bit(UTF8Text.lowercasedASCII(byte)) }
                guard mask & query.mask == query.mask else { return .left }
            } else {
                switch probe.look(atFoldOf: name, folding: &matcher.folding) {
                case .absent: return .left
                case .invalid: return .kept
                case .possible: break
                }
            }
        } else if !keepsNames {
            return .kept
        }
        guard !text.hasParts, text.reading == nil, keepsNames || !NameLine.isBlank(name) else { return .kept }
        let score = matcher.score(name, isASCII: isPrintableASCII || UTF8Text.isASCII(name))
        return score == MatchTier.noMatch ? .left : .name(score: score)
    }

    /// Chooses the probe from the names `gather` puts together, the first page's.
    private func chooseProbe(_ gather: (inout [UInt8]) -> Void) {
        hasProbe = true
        var sample: [UInt8] = []
        gather(&sample)
        probe = sample.withUnsafeBufferPointer { LineProbe(query, text: $0) }
    }
}
