import PickerTestSupport
import XCTest

@testable import PickerStore

/// `--filter` over a list of the friends that may match alone finds what a list of everyone
/// finds, in the same order, with the same count of friends left out for an id given before.
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
        return Friend(
            id: ids.randomElement(using: &generator)!, name: parts.joined(separator: " "),
            firstName: hasParts ? parts.first : nil, lastName: hasParts && count > 1 ? parts.last : nil)
    }

    /// `friends` as a reader delivers them: strings' bytes, or friends made.
    private func page(_ friends: [Friend], asTexts: Bool) -> FriendPage {
        guard asTexts else { return FriendPage(friends: friends) }
        var texts = FriendTexts()
        for friend in friends { texts.append(friend) }
        return FriendPage(.texts(texts))
    }

    /// The ids found in `list` for `query`, best first, but at the positions `hidden`.
    private func found(_ query: String, in list: FriendList, hiding hidden: Set<Int> = []) -> [String] {
        list.search(SearchQuery(query), ranking: Ranking()).inOrder.filter { !hidden.contains($0) }.map {
            list.friends[$0].id
        }
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
                let candidates = FilterCandidates(query, searchesAddresses: false)
                var list = FriendList()
                for friends in pages {
                    _ = list.append(
                        FriendBatch(candidates.candidates(of: page(friends, asTexts: asTexts)), sortOrder: .first))
                }
                let (hidden, candidatesLeftOut) = candidates.finish(in: list)
                XCTAssertEqual(
                    found(query, in: list, hiding: hidden), found(query, in: everyone), "\(query) in \(pages)")
                XCTAssertEqual(candidatesLeftOut, leftOut, "\(pages)")
            }
        }
    }

    func testAFriendWhoseIdAnotherNotKeptGaveFirstIsNotFound() {
        let pages = [[Friend(id: "1", name: "Bob")], [Friend(id: "1", name: "Ann"), Friend(id: "2", name: "Ann Lee")]]
        let candidates = FilterCandidates("ann", searchesAddresses: false)
        var list = FriendList()
        for friends in pages {
            _ = list.append(FriendBatch(candidates.candidates(of: page(friends, asTexts: true)), sortOrder: .first))
        }
        XCTAssertEqual(list.count, 2, "Bob is not kept")
        let (hidden, leftOut) = candidates.finish(in: list)
        XCTAssertEqual(found("ann", in: list, hiding: hidden), ["2"])
        XCTAssertEqual(leftOut, 1)
    }

    func testIdsEqualAsStringsAreOneId() {
        let candidates = FilterCandidates("ann", searchesAddresses: false)
        var list = FriendList()
        let page = page([Friend(id: "caf\u{E9}", name: "Bob"), Friend(id: "cafe\u{301}", name: "Ann")], asTexts: true)
        _ = list.append(FriendBatch(candidates.candidates(of: page), sortOrder: .first))
        let (hidden, leftOut) = candidates.finish(in: list)
        XCTAssertEqual(found("ann", in: list, hiding: hidden), [])
        XCTAssertEqual(leftOut, 1)
    }

    /// Enough ids that ids of other hashes share the first bits the repeats are sorted by: the
    /// friends left out for an id given before are those a list of everyone leaves out, whether
    /// the names are kept apart or listed.
    func testRepeatsAmongManyIdsAreThoseOfTheList() throws {
        var generator = SplitMix64(seed: 5)
        let friends = (0..<60_000).map { number in
            Friend(
                id: String(Int.random(in: 0..<40_000, using: &generator)),
                name: number % 3 == 0 ? "Ann Lee \(number)" : "Bob \(number)")
        }
        var everyone = FriendList()
        let leftOut = everyone.append(FriendBatch(page(friends, asTexts: true), sortOrder: .first))
        XCTAssertGreaterThan(leftOut, 10_000)
        let apart = try keptApart(friends, matching: "ann")
        XCTAssertEqual(apart.leftOut, leftOut)
        XCTAssertEqual(apart.friends.map(\.id), found("ann", in: everyone))

        let listed = FilterCandidates("ann", searchesAddresses: false)
        var list = FriendList()
        _ = list.append(FriendBatch(listed.candidates(of: page(friends, asTexts: true)), sortOrder: .first))
        let (hidden, listLeftOut) = listed.finish(in: list)
        XCTAssertEqual(listLeftOut, leftOut)
        XCTAssertEqual(found("ann", in: list, hiding: hidden), found("ann", in: everyone))
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
        let apart = try keptApart(friends, matching: "ann")
        XCTAssertEqual(apart.leftOut, 1)
        XCTAssertEqual(apart.friends.map(\.name), ["Ann One", "Ann Two"])
    }

    /// The friends `query` finds among `friends`, names alone kept apart
    /// (``FilterCandidates/lines(sortOrder:inputOrder:)``), and how many were left out for an
    /// id given before.
    private func keptApart(_ friends: [Friend], matching query: String) throws -> (friends: [Friend], leftOut: Int) {
        let candidates = FilterCandidates(query, searchesAddresses: false, keepsNames: true)
        _ = candidates.candidates(of: page(friends, asTexts: true))
        let found = try XCTUnwrap(candidates.lines(sortOrder: .first, inputOrder: nil), "names alone")
        return (found.lines.friends, found.leftOut)
    }

    func testAQueryOfRareLettersKeepsFewFriends() {
        let friends = (0..<1000).map { Friend(id: "\($0)", name: $0 == 500 ? "Łukasz Kowalczyk" : "Ann Lee \($0)") }
        let candidates = FilterCandidates("kowal", searchesAddresses: false)
        let kept = candidates.candidates(of: page(friends, asTexts: true))
        XCTAssertEqual(kept.friends.map(\.name), ["Łukasz Kowalczyk"])
    }
}
