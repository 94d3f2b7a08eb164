import PickerTestSupport
import XCTest

@testable import PickerStore

final class SearchTests: XCTestCase {
    private let friends = [
        Friend(id: "1", name: "José Álvarez"),
        Friend(id: "2", name: "Zoë Kravitz"),
        Friend(id: "3", name: "Zoe Saldana"),
        Friend(id: "4", name: "ADA LOVELACE"),
        Friend(id: "5", name: "Анна Иванова"),
        Friend(id: "6", name: "王小明"),
        Friend(id: "7", name: "Mary-Jane O'Brien"),
    ]

    private func search(_ query: String) -> [String] {
        let list = FriendList(friends)
        return list.positions(matching: SearchQuery(query)).map { list.friends[$0].name }
    }

    func testEmptyQueryIncludesEveryoneInListOrder() {
        XCTAssertEqual(search("").count, friends.count)
        XCTAssertEqual(search("   ").count, friends.count)
        XCTAssertTrue(shouldInclude(friends[0], query: ""))
    }

    func testCaseAndAccentsAreIgnoredForTermsWithoutAccents() {
        XCTAssertEqual(search("jose"), ["José Álvarez"])
        XCTAssertEqual(search("zoe"), ["Zoë Kravitz", "Zoe Saldana"])
        XCTAssertEqual(search("ZOE"), ["Zoë Kravitz", "Zoe Saldana"])
        XCTAssertEqual(search("ada"), ["ADA LOVELACE"])
    }

    func testATermWithAnAccentMatchesOnlyThatAccent() {
        XCTAssertEqual(search("zoë"), ["Zoë Kravitz"])
        XCTAssertEqual(search("ZOË"), ["Zoë Kravitz"])
        XCTAssertEqual(search("josé"), ["José Álvarez"])
        XCTAssertEqual(search("jöse"), [])
    }

    func testEveryTermMustOccurAnywhereInTheName() {
        XCTAssertEqual(search("zo kra"), ["Zoë Kravitz"])
        XCTAssertEqual(search("kra zo"), ["Zoë Kravitz"])
        XCTAssertEqual(search("zo xyz"), [])
        XCTAssertEqual(search("o'b jane"), ["Mary-Jane O'Brien"])
    }

    func testOtherScripts() {
        XCTAssertEqual(search("анна"), ["Анна Иванова"])
        XCTAssertEqual(search("小明"), ["王小明"])
    }

    func testNarrowingWithinThePreviousResultGivesTheSameAnswer() {
        let list = FriendList(friends)
        let broad = list.positions(matching: SearchQuery("zo"))
        XCTAssertEqual(
            list.positions(matching: SearchQuery("zoë"), among: broad), list.positions(matching: SearchQuery("zoë")))
    }

    /// The indexed search against the reference search, on random names and queries.
    func testIndexedSearchAgreesWithTheReferenceDefinition() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("aAbBeEéÉëoOöÖzZ ñÑçłŁабвАБВγΓσςλ王小 '-")
        let names = (0..<400).map { _ in
            String((0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        let list = FriendList(names.enumerated().map { Friend(id: String($0), name: $1) })
        for _ in 0..<300 {
            let query = String(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let expected = list.friends.indices.filter { ReferenceSearch.includes(list.friends[$0], query: query) }
            XCTAssertEqual(
                Array(list.positions(matching: SearchQuery(query))), expected, "query \(query.debugDescription)")
        }
    }

    func testQueryNarrowsOnlyWhenEveryOldTermIsAPrefixOfTheNewOne() {
        XCTAssertTrue(SearchQuery("ada").narrows(SearchQuery("ad")))
        XCTAssertTrue(SearchQuery("ad l").narrows(SearchQuery("ad")))
        XCTAssertTrue(SearchQuery("zoë").narrows(SearchQuery("zo")))
        XCTAssertTrue(SearchQuery("x").narrows(SearchQuery("")))
        XCTAssertFalse(SearchQuery("ad").narrows(SearchQuery("ada")))
        XCTAssertFalse(SearchQuery("bd").narrows(SearchQuery("ad")))
        XCTAssertFalse(SearchQuery("").narrows(SearchQuery("a")))
    }
}
