import PickerTestSupport
import XCTest

@testable import PickerStore

/// `--filter` over the names alone kept apart and a list of the other friends that may match
/// finds what a list of everyone finds, in the same order, with the same count of friends left
/// out for an id given before.
final class FilterCandidatesTests: XCTestCase {
    /// Words as real names write them: accents, capitals, punctuation, other scripts, letters
    /// that fold to two, a tab.
    private let words = [
        "Ann", "ANN-MARIE", "O'Brien", "José", "Núñez", "Zoë", "Smith", "王小明", "Łukasz", "Kowalczyk", "Søren",
        "Mary-Jane", "İsmail", "Straße", "Ǆemal", "Ørjan", "lee", "Lee", "Ann\tLee", "Nguyễn", "Jr.", "ǅ", "Ｊｏｈｎ",
    ]
    private let terms = [
        "a", "an", "ann", "lee", "jose", "josé", "NÚÑ", "o'b", "ob", "mary-j", "^ann", "lee$", "!smith", "zo", "ss",
        "straße", "王", "łu", "lu", "ørj", "orj", "i", "ǆ", "dz", "kowal", "e", "x", "ann lee", "'", "-", "john",
        "Ann", "\\!",
    ]
    /// Ids, few enough to repeat, two of them the same string composed and decomposed.
    private let ids = ["1", "2", "3", "4", "5", "6", "7", "8", "caf\u{E9}", "cafe\u{301}", "x-9", "10", "11", "12"]

    private func randomFriend(_ generator: inout SplitMix64) -> Friend {
        let count = Int.random(in: 1...3, using: &generator)
        let parts = (0..<count).map { _ in words.randomElement(using: &generator)! }
        let hasParts = Bool.random(using: &generator)
        var friend = Friend(
            id: ids.randomElement(using: &generator)!, name: parts.joined(separator: " "),
            firstName: hasParts ? parts.first : nil, lastName: hasParts && count > 1 ? parts.last : nil)
        if Int.random(in: 0..<5, using: &generator) == 0 { friend.emails = ["\(parts[0])@example.com"] }
        return friend
    }

    /// `friends` as a reader delivers them: strings' bytes (when none has an address), or
    /// friends made.
    private func page(_ friends: [Friend], asTexts: Bool) -> FriendPage {
        guard asTexts, friends.allSatisfy(\.emails.isEmpty) else { return FriendPage(friends: friends) }
        var texts = FriendTexts()
        for friend in friends { texts.append(friend) }
        return FriendPage(.texts(texts))
    }

    /// The ids found in `list` for `query`, best first.
    private func found(_ query: String, in list: FriendList) -> [String] {
        list.search(SearchQuery(query), ranking: Ranking()).inOrder.map { list.friends[$0].id }
    }

    /// The ids `query` finds in `pages` through its candidates, best first, and how many friends
    /// were left out for an id given before; `listed` is told how many friends were handed on.
    private func candidateIDs(
        _ query: String, in pages: [[Friend]], asTexts: Bool = true, listed: ((Int) -> Void)? = nil
    ) -> (ids: [String], leftOut: Int) {
        let candidates = FilterCandidates(query, searchesAddresses: false)
        var list = FriendList()
        for friends in pages {
            _ = list.append(FriendBatch(candidates.candidates(of: page(friends, asTexts: asTexts)), sortOrder: .first))
        }
        listed?(list.count)
        let found = candidates.lines(among: list, sortOrder: .first, inputOrder: nil)
        return (found.lines.friends.map(\.id), found.leftOut)
    }

    func testTheCandidatesFindWhatEveryoneFinds() {
        var generator = SplitMix64(seed: 21)
        for round in 0..<300 {
            let pages = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in randomFriend(&generator) }
            }
            let asTexts = round % 2 == 0
            var everyone = FriendList()
            var leftOut = 0
            for friends in pages {
                leftOut += everyone.append(FriendBatch(page(friends, asTexts: asTexts), sortOrder: .first))
            }
            for _ in 0..<4 {
                let query = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                    terms.randomElement(using: &generator)!
                }.joined(separator: " ")
                let viaCandidates = candidateIDs(query, in: pages, asTexts: asTexts)
                XCTAssertEqual(viaCandidates.ids, found(query, in: everyone), "\(query) in \(pages)")
                XCTAssertEqual(viaCandidates.leftOut, leftOut, "\(pages)")
            }
        }
    }

    func testAFriendWhoseIdAnotherNotKeptGaveFirstIsNotFound() {
        var listedAnn = Friend(id: "1", name: "Ann")
        listedAnn.emails = ["ann@example.com"]
        let pages = [
            [Friend(id: "1", name: "Bob")], [Friend(id: "1", name: "Ann"), Friend(id: "2", name: "Ann Lee")],
            [listedAnn, Friend(id: "3", name: "Ann Bo")],
        ]
        var listed = 0
        let viaCandidates = candidateIDs("ann", in: pages) { listed = $0 }
        XCTAssertEqual(listed, 1, "Bob is not kept, the names alone are kept apart")
        XCTAssertEqual(viaCandidates.ids, ["3", "2"])
        XCTAssertEqual(viaCandidates.leftOut, 2)
    }

    func testIdsEqualAsStringsAreOneId() {
        var listedAnn = Friend(id: "cafe\u{301}", name: "Ann")
        listedAnn.emails = ["ann@example.com"]
        for ann in [Friend(id: "cafe\u{301}", name: "Ann"), listedAnn] {
            let viaCandidates = candidateIDs("ann", in: [[Friend(id: "caf\u{E9}", name: "Bob"), ann]])
            XCTAssertEqual(viaCandidates.ids, [])
            XCTAssertEqual(viaCandidates.leftOut, 1)
        }
    }

    /// Enough ids that ids of other hashes share the first bits the repeats are sorted by: the
    /// friends left out for an id given before are those a list of everyone leaves out, whether
    /// the names are kept apart or listed.
    func testRepeatsAmongManyIdsAreThoseOfTheList() {
        var generator = SplitMix64(seed: 5)
        let friends = (0..<60_000).map { number in
            Friend(
                id: String(Int.random(in: 0..<40_000, using: &generator)),
                name: number % 3 == 0 ? "Ann Lee \(number)" : "Bob \(number)")
        }
        var everyone = FriendList()
        let leftOut = everyone.append(FriendBatch(page(friends, asTexts: true), sortOrder: .first))
        XCTAssertGreaterThan(leftOut, 10_000)
        let apart = candidateIDs("ann", in: [friends])
        XCTAssertEqual(apart.leftOut, leftOut)
        XCTAssertEqual(apart.ids, found("ann", in: everyone))

        // Every third friend listed, with an address.
        let mixed = friends.enumerated().map { index, friend in
            var friend = friend
            if index % 3 == 0 { friend.emails = ["a\(index)@example.com"] }
            return friend
        }
        var everyoneMixed = FriendList()
        _ = everyoneMixed.append(FriendBatch(page(mixed, asTexts: false), sortOrder: .first))
        let viaCandidates = candidateIDs("ann", in: [mixed])
        XCTAssertEqual(viaCandidates.leftOut, leftOut)
        XCTAssertEqual(viaCandidates.ids, found("ann", in: everyoneMixed))
    }

    /// Ids that ascend as numbers repeat none; one given again after them is found, and so is
    /// a number written with a leading zero, which is another id.
    func testIdsThatAscendThenRepeat() {
        let ascending = (1...1000).map { Friend(id: "\($0)", name: "Ann \($0)") }
        XCTAssertEqual(candidateIDs("ann", in: [ascending]).leftOut, 0)
        let repeated = candidateIDs("ann 500", in: [ascending, [Friend(id: "500", name: "Ann Again 500")]])
        XCTAssertEqual(repeated.ids, ["500"])
        XCTAssertEqual(repeated.leftOut, 1)
        let zero = candidateIDs("ann 500", in: [ascending, [Friend(id: "0500", name: "Ann Again 500")]])
        XCTAssertEqual(zero.ids, ["500", "0500"])
        XCTAssertEqual(zero.leftOut, 0)
    }

    /// Two ids whose hashes begin alike, the first given again after the second: the repeat is
    /// found among ids of other hashes that the repeats' first sort cannot tell apart.
    func testARepeatIsFoundAmongIdsWhoseHashesBeginAlike() throws {
        var seen: [UInt64: String] = [:]
        var pair: (String, String)?
        for number in 0..<400_000 where pair == nil {
            let id = "x\(number)"
            let hash = id.utf8.withContiguousStorageIfAvailable { FriendBatch.wideIDHash($0) } ?? 0
            if let other = seen[hash >> 32] { pair = (other, id) } else { seen[hash >> 32] = id }
        }
        let (first, second) = try XCTUnwrap(pair, "two ids whose hashes share their first 32 bits")
        let friends = [
            Friend(id: first, name: "Ann One"), Friend(id: second, name: "Ann Two"),
            Friend(id: first, name: "Ann Three"),
        ]
        var everyone = FriendList()
        XCTAssertEqual(everyone.append(FriendBatch(page(friends, asTexts: true), sortOrder: .first)), 1)
        let apart = candidateIDs("ann", in: [friends])
        XCTAssertEqual(apart.leftOut, 1)
        XCTAssertEqual(apart.ids, [first, second])
    }

    func testAQueryOfRareLettersKeepsFewFriends() {
        let friends = (0..<1000).map { number in
            var friend = Friend(id: "\(number)", name: number == 500 ? "Łukasz Kowalczyk" : "Ann Lee \(number)")
            friend.card = number == 500 ? ContactCard(nickname: "Łukasz") : nil
            return friend
        }
        var listed = 0
        XCTAssertEqual(candidateIDs("kowal", in: [friends], asTexts: false) { listed = $0 }.ids, ["500"])
        XCTAssertEqual(listed, 1)
        XCTAssertEqual(candidateIDs("kowal", in: [friends.map { Friend(id: $0.id, name: $0.name) }]).ids, ["500"])
    }

    func testNamesAloneAreKeptApartAndTheRestHandedOn() {
        var listed = Friend(id: "3", name: "Ann Lee")
        listed.emails = ["ann@example.com"]
        let friends = [
            Friend(id: "1", name: "Ann Lee", firstName: "Ann", lastName: "Lee"),
            Friend(id: "2", name: "张芳", firstName: "芳", lastName: "张"), listed, Friend(id: "4", name: "Bob"),
            Friend(id: "5", name: "Ann Lee Bo", firstName: "Ann", lastName: "Bo"),
            Friend(id: "6", name: "Ann  Lee", firstName: "Ann", lastName: "Lee"),
        ]
        let candidates = FilterCandidates("", searchesAddresses: false)
        let kept = candidates.candidates(of: page(friends, asTexts: false))
        XCTAssertEqual(
            kept.friends.map(\.id), ["2", "3", "5"], "the parts are not the words as written, or an address")
    }

    /// Parts that are not the words start where no word does, which ranks the friend higher
    /// than its name alone would.
    func testPartsThatAreNotTheWordsAreRankedByTheList() {
        let friends = [
            Friend(id: "1", name: "明小"), Friend(id: "2", name: "王小明"),
            Friend(id: "3", name: "王小明", firstName: "小明", lastName: "王"),
        ]
        var everyone = FriendList()
        _ = everyone.append(FriendBatch(page(friends, asTexts: true), sortOrder: .first))
        XCTAssertEqual(found("小", in: everyone), ["3", "1", "2"])
        XCTAssertEqual(candidateIDs("小", in: [friends]).ids, ["3", "1", "2"])
    }
}
