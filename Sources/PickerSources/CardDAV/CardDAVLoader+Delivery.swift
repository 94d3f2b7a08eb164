import FoundationEssentials
import PickerStore

extension CardDAVLoader {
    /// How many cards that cannot be read are named one by one; the count tells the rest.
    static let namedProblems = 5

    /// How many cards are read together: the friends of the first run go out (and are shown)
    /// before the next run is read, and a card that cannot be read sends only its run to be
    /// read card by card.
    static let cardsPerRead = 256

    /// Delivers the friends of every card of `state`, with `problems` after them. The cards are
    /// read by the vCard reader ``cardsPerRead`` at a time, as one file; when that fails or
    /// skips a card, each card of that run is read on its own, so that a card that cannot be
    /// read costs only itself, and is told by its address.
    static func deliver(
        _ state: CardDAVState, source: String, problems: [SourceError] = [], cardsPerRead: Int = cardsPerRead,
        _ deliver: (FriendPage) -> Void
    ) {
        let cards = state.collections.flatMap { $0.cards.sorted(by: { $0.key < $1.key }).map(\.value) }
        var unreadable = Unreadable(source: source, problems: problems)
        for start in stride(from: 0, to: cards.count, by: max(1, cardsPerRead)) {
            let run = cards[start..<min(start + max(1, cardsPerRead), cards.count)]
            if let pages = readTogether(run, source: source) {
                for page in pages { deliver(page) }
            } else {
                readEach(run, source: source, unreadable: &unreadable, deliver)
            }
        }
        let told = unreadable.problems
        guard !told.isEmpty else { return }
        var page = FriendPage(friends: [])
        page.problems = told
        deliver(page)
    }

    /// The pages of `cards` read as one file; nil when that fails or skips a card.
    private static func readTogether(_ cards: ArraySlice<CardDAVState.Card>, source: String) -> [FriendPage]? {
        var joined = Data()
        joined.reserveCapacity(cards.reduce(0) { $0 + $1.data.count + 2 })
        for card in cards {
            joined.append(contentsOf: card.data)
            if card.data.last != 0x0A { joined.append(contentsOf: [0x0D, 0x0A]) }
        }
        var pages: [FriendPage] = []
        var reader = VCardReader(source: source)
        guard (try? reader.readAll(.bytes(joined), source: source, { pages.append($0) })) != nil,
            pages.allSatisfy({ $0.skipped == 0 })
        else { return nil }
        return pages
    }

    /// Delivers the friends of `cards`, each read on its own; the cards that cannot be read
    /// are counted in `unreadable`.
    private static func readEach(
        _ cards: ArraySlice<CardDAVState.Card>, source: String, unreadable: inout Unreadable,
        _ deliver: (FriendPage) -> Void
    ) {
        var pages = PageCollector()
        for card in cards {
            let name = source + " " + card.href
            var friends: [Friend] = []
            var skipped = 0
            var firstSkipped: SkippedEntry?
            var reader = VCardReader(source: name)
            do throws(SourceError) {
                try reader.readAll(.bytes(Data(card.data)), source: name) { page in
                    friends += page.friends
                    skipped += page.skipped
                    firstSkipped = firstSkipped ?? page.firstSkipped
                }
            } catch {
                unreadable.add(error)
                continue
            }
            for friend in friends { pages.add(friend, deliver) }
            let entry = firstSkipped ?? SkippedEntry(place: "", problem: "a card could not be read")
            for _ in 0..<skipped {
                pages.skip(SkippedEntry(place: "\(card.href), \(entry.place)", problem: entry.problem))
            }
        }
        pages.finish(deliver)
    }

    /// The problems told after the cards: those given, the first ``namedProblems`` cards that
    /// could not be read, and how many there were.
    private struct Unreadable {
        let source: String
        private var named: [SourceError]
        private var count = 0

        init(source: String, problems: [SourceError]) {
            self.source = source
            named = problems
        }

        mutating func add(_ error: SourceError) {
            count += 1
            if count <= CardDAVLoader.namedProblems { named.append(error) }
        }

        var problems: [SourceError] {
            guard count > 0 else { return named }
            let cards = count == 1 ? "1 card" : "\(count) cards"
            return named + [SourceError(source: source, problem: "\(cards) that could not be read skipped")]
        }
    }
}
