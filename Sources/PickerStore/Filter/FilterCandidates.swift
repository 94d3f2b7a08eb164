import Dispatch
import FoundationEssentials

/// The friends of a source read page by page that a query may include, found before any of them
/// is folded, keyed or sorted: `--filter` over a list of friends (a JSON document) then orders
/// the names alone among them as lines of text are ordered, and builds a list of the others
/// alone, whose search finds them as a list of everyone would.
///
/// A friend with more than a name to match (addresses, a card, members) is handed on: the
/// list's search decides. Any other must first hold, once folded, every letter of the query's
/// terms (a name of printable ASCII) or the byte that every name the query includes holds (any
/// other: ``LineProbe``, the rarest of the terms' bytes). One that does and is a name alone (an
/// id and a name, nothing else searched or printed: no reading, and no parts but the words of
/// the name as written) is searched as a line of text is (``LineMatcher``) and, when the query
/// includes it, kept apart with its score, as a line of a text (``KeptNames``); any other is
/// handed on. Never is one left out that the query includes as written.
///
/// A friend whose id was given before is left out and counted, as a list leaves it out,
/// whether or not it is kept: every id is kept, and once the source is read their hashes are
/// sorted and the ids of equal hashes compared.
///
/// The pages are taken on one thread at a time, in the order they come; once the source is
/// read (``lines(among:sortOrder:inputOrder:)``), the repeats are looked for on another core
/// while the names are ordered.
package final class FilterCandidates: @unchecked Sendable {
    private let search: SearchQuery
    private let query: CompiledQuery
    /// The probe, chosen from the first page's names; nil until then, or when every friend may
    /// match (a query with no term a name must hold).
    private var probe: LineProbe?
    private var hasProbe = false
    /// Searches the names that are all there is to search of their friends.
    private var matcher: LineMatcher
    /// Every friend's id, and where it went.
    private var seen = SeenFriends()
    /// How many friends were handed on.
    private var listedCount = 0
    /// The names alone kept apart.
    private var names = KeptNames()
    /// Whether the friends found are ranked.
    private let ranked: Bool
    /// Whether the names kept are scored, to be ranked.
    private let scoresNames: Bool

    /// The candidates for `query` (with `searchesAddresses`, as the picker's search takes it),
    /// to be ordered best first when `ranked`.
    package init(_ query: String, searchesAddresses: Bool, ranked: Bool = true) {
        let search = SearchQuery(query, searchesAddresses: searchesAddresses)
        self.search = search
        self.query = CompiledQuery(search)
        self.ranked = ranked
        scoresNames = ranked && search.hasPositiveTerms
        matcher = LineMatcher(self.query, scoring: scoresNames)
    }

    deinit { probe?.deallocate() }

    /// `page` with only the friends that may match and are more than names alone, for the list;
    /// what it says of entries skipped and problems is kept.
    package func candidates(of page: FriendPage) -> FriendPage {
        var page = page
        let estimate = page.estimatedCount
        if let estimate, estimate > seen.count { seen.reserve(estimate) }
        page.announcedTotal = nil
        // What is noted of each friend goes into copies that are put back after the page: the
        // properties of a class are checked for exclusive access at each use (and so are the
        // variables a function nested here would share with it).
        var seen = SeenFriends()
        var names = KeptNames()
        swap(&seen, &self.seen)
        swap(&names, &self.names)
        var matcher = self.matcher
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
                        at: text, hasMore: false, probe: probe, matcher: &matcher)
                    let place = Self.place(text, found, number: seen.count + 1, in: &names)
                    seen.note(text.id, place)
                    if place == .listed { keptTexts.append(text) }
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
                let place = friend.withText { text in
                    let found = look(
                        at: text, hasMore: hasMore, probe: probe, matcher: &matcher)
                    let place = Self.place(text, found, number: seen.count + 1, in: &names)
                    seen.note(text.id, place)
                    return place
                }
                if place == .listed { keptFriends.append(friend) }
            }
            page.content = .friends(keptFriends)
        }
        // The list and the names make room for as many of the source's friends as each has
        // taken so far.
        listedCount += page.count
        page.estimatedCount = estimate.map { $0 * listedCount / max(seen.count, 1) + 1 }
        if let estimate { names.reserve(estimate * names.hits.count / max(seen.count, 1) + 1) }
        return page
    }

    /// Where the friend of `text`, found `found`, friend `number` (from 1), goes: left out, kept
    /// apart among `names` (while they hold no more than 4 GiB), or on the page.
    private static func place(
        _ text: FriendText, _ found: Found, number: Int, in names: inout KeptNames
    ) -> SeenFriends.Place {
        switch found {
        case .left: return .left
        case .name(let score): return names.append(text.name, number: number, score: score) ? .line : .listed
        case .kept: return .listed
        }
    }

    /// Once the source is read, and `list` made of the pages handed on: the friends that the
    /// query includes, in the order of a list of everyone sorted by `sortOrder` (or kept in
    /// `inputOrder`), best first when ranked: the names kept as ``LineFilter`` orders lines,
    /// each with its id, and those the list finds put among them; and how many friends of the source were left out for an id given before. A friend
    /// whose id one before it gave, kept or not, is not among them: a list of everyone holds
    /// the first.
    /// - Complexity: O(n) for the n friends of the source, O(k log k) for the k names kept, and
    ///   as a search of the list.
    package func lines(
        among list: FriendList, sortOrder: NameOrder, inputOrder: InputOrder?
    ) -> (lines: FilteredLines, leftOut: Int) {
        // The repeats are found on another core while the names are ordered, all of them: the
        // order of those left then is the order they have among themselves.
        let repeats = Repeats()
        let found = DispatchGroup()
        DispatchQueue.global().async(group: found) { [self] in
            seen.forEachRepeat { _, repeated in repeats.numbers.append(UInt32(repeated + 1)) }
        }
        let listed =
            list.count == 0
            ? [] : ListedMatch.all(in: list, search, ranked: ranked, numbers: seen.listedNumbers())
        var isRepeat: [Bool] = []
        func waitForRepeats() {
            found.wait()
            guard !repeats.numbers.isEmpty else { return }
            isRepeat = [Bool](repeating: false, count: seen.count)
            for number in repeats.numbers { isRepeat[Int(number) - 1] = true }
        }
        let (lines, others) = names.text.withUnsafeBufferPointer { text in
            let lineNames = LineNames(names.hits, in: text)
            guard listed.isEmpty else {
                let ordered = LineOrder.ordered(
                    names.hits, names: lineNames, in: text, sortOrder: sortOrder, inputOrder: inputOrder,
                    scored: scoresNames)
                waitForRepeats()
                return ordered.merged(with: listed) { !isRepeat.isEmpty && isRepeat[Int($0) - 1] }
            }
            var sorted = LineOrder.sorted(
                names.hits, names: lineNames, in: text, sortOrder: sortOrder, inputOrder: inputOrder,
                scored: scoresNames)
            waitForRepeats()
            if !isRepeat.isEmpty { sorted.removeAll { isRepeat[Int($0.number) - 1] } }
            return (sorted, [])
        }
        return (
            FilteredLines(text: Data(names.text), lines: lines, ids: seen.ids, others: others), repeats.numbers.count
        )
    }

    /// The friends whose id a friend before them gave (their numbers, from 1), found on a core
    /// of their own.
    private final class Repeats: @unchecked Sendable {
        var numbers: [UInt32] = []
    }

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
    /// A name that passes, with no reading, is then searched as a line of text is, which finds
    /// what the list's search finds when the name is all there is to search: when it has no
    /// parts but its words (``NameKeys/isPlain(_:accentKey:)``); one that is
    /// all there is to print besides its id is searched even with no probe, or blank, and found
    /// with its score.
    private func look(
        at text: FriendText, hasMore: Bool, probe: LineProbe?, matcher: inout LineMatcher
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
        }
        guard text.reading == nil else { return .kept }
        let isASCII = isPrintableASCII || UTF8Text.isASCII(name)
        let score = matcher.score(name, isASCII: isASCII)
        guard score != MatchTier.noMatch else { return .left }
        // Parts that are not the words may start where no word does (`王`, `小明`), which ranks
        // the friend higher: the list decides.
        guard text.hasParts else { return .name(score: score) }
        let isPlain =
            isASCII
            ? NameKeys.isPlain(text, accentKey: nil)
            : matcher.withAccentKey(of: name) { NameKeys.isPlain(text, accentKey: $0) }
        return isPlain ? .name(score: score) : .kept
    }

    /// Chooses the probe from the names `gather` puts together, the first page's.
    private func chooseProbe(_ gather: (inout [UInt8]) -> Void) {
        hasProbe = true
        var sample: [UInt8] = []
        gather(&sample)
        probe = sample.withUnsafeBufferPointer { LineProbe(query, text: $0) }
    }
}
