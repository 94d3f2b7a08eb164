import PickerTestSupport
import XCTest

@testable import PickerStore

/// Results ranked by where each term matched: the start of the name, then of a later word, then
/// inside a word; equal scores in list order.
final class RankingTests: XCTestCase {
    private func ranked(_ names: [String], _ query: String, favoured: [Int] = []) -> [String] {
        let list = FriendList(names.enumerated().map { Friend(id: String($0), name: $1) })
        return list.search(SearchQuery(query), ranking: Ranking(favoured: favoured)).inOrder.map {
            list.friends[$0].name
        }
    }

    /// A list where the friend meant comes late in A–Z order, as on a million friends.
    private let crowd =
        Array(repeating: "Ada Andersson", count: 40) + ["Alan Hansen", "Amara Tanaka", "Ana Müller", "Ana Silva"]
        + Array(repeating: "Dana Scott", count: 10) + ["Jo Park", "John Smith", "Marjorie Jones", "Benjamin Ojo"]

    func testTheStartOfTheNameComesFirstThenWordStartsThenInsideWords() {
        let an = ranked(crowd, "an")
        XCTAssertEqual(Array(an.prefix(3)), ["Ana Müller", "Ana Silva", "Ada Andersson"])
        XCTAssertEqual(an.last, "Dana Scott", "inside a word, and last in list order among those")
        XCTAssertEqual(Array(ranked(crowd, "jo").prefix(2)), ["Jo Park", "John Smith"])
        XCTAssertEqual(
            ranked(crowd, "jo"), ["Jo Park", "John Smith", "Marjorie Jones", "Benjamin Ojo"],
            "a later word (Jones) before inside a word (Marjorie comes first there, Ojo is inside)")
        XCTAssertEqual(ranked(crowd, "ana m").first, "Ana Müller", "the sum over the terms: 0 + 1")
        XCTAssertEqual(ranked(crowd, "ana m"), ["Ana Müller", "Amara Tanaka"])
    }

    func testEqualScoresStayInListOrder() {
        XCTAssertEqual(
            ranked(["Zed Ann", "Bo Ann", "Ann Zed", "Ann Bo"], "ann"), ["Ann Bo", "Ann Zed", "Bo Ann", "Zed Ann"])
    }

    func testAWordStartsAfterPunctuationAndWhereTheScriptChanges() {
        for name in ["Mary-Ann Lee", "D'Ann Lee", "St.Ann Lee", "Lee (Ann)", "Lee\tAnn"] {
            XCTAssertEqual(ranked(["Joanna Ba", name], "ann"), [name, "Joanna Ba"], name)
        }
        XCTAssertEqual(ranked(["山田たろう", "たろう山田"], "たろう"), ["たろう山田", "山田たろう"])
        XCTAssertEqual(ranked(["あたろう", "山田たろう"], "たろう"), ["山田たろう", "あたろう"], "Han, then Hiragana")
        XCTAssertEqual(ranked(["Banna", "Иванann"], "ann"), ["Иванann", "Banna"], "Cyrillic, then Latin")
    }

    func testTheNamePartsTheServiceGaveCountAsWords() {
        let wang = Friend(id: "1", name: "王小明", firstName: "小明", lastName: "王")
        let other = Friend(id: "2", name: "一大小明")
        let list = FriendList([other, wang])
        let order = list.search(SearchQuery("小明"), ranking: Ranking()).inOrder.map { list.friends[$0].id }
        XCTAssertEqual(order, ["1", "2"], "小明 starts a word of 王小明: its first name")
        XCTAssertEqual(ReferenceSearch.ranked(list, query: "小明").map { list.friends[$0].id }, ["1", "2"])
    }

    func testTheFavouredComeFirstAmongEqualScoresOnly() {
        let names = ["Ann Bo", "Ann Cy", "Ann Di", "Bo Ann"]
        XCTAssertEqual(ranked(names, "ann", favoured: [2, 3]), ["Ann Di", "Ann Bo", "Ann Cy", "Bo Ann"])
        XCTAssertEqual(ranked(names, "ann", favoured: [3]), ["Ann Bo", "Ann Cy", "Ann Di", "Bo Ann"])
    }

    func testAQueryOfExclusionsAloneIsNotRanked() {
        let list = FriendList(crowd.enumerated().map { Friend(id: String($0), name: $1) })
        XCTAssertNil(list.search(SearchQuery("!ada"), ranking: Ranking()).ranked)
        XCTAssertNotNil(list.search(SearchQuery("!ada an"), ranking: Ranking()).ranked)
        XCTAssertNil(list.search(SearchQuery("an"), ranking: nil).ranked, "no ranking asked for")
    }

    /// The ranked search against the reference on random names, some with name parts, and
    /// random queries with marks; every path of the scan (few candidates, many, everyone).
    func testTheRankedOrderAgreesWithTheReference() {
        var random = SplitMix64(seed: 12)
        let pieces = [
            "Ann", "anna", "Zoë", "zoe", "Jo", "José", "Łukasz", "O'Brien", "Jean-Pierre", "St.", "王", "小明", "Анна",
            "たろう", "Ægir", "son", "e\u{301}", "(Bo)", " ", " ", "-", "'",
        ]
        let friends = (0..<6000).map { index -> Friend in
            let words = (0..<Int(1 + random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let name = words.joined(separator: random.next() % 3 == 0 ? "" : " ")
            guard random.next() % 4 == 0, words.count > 1 else { return Friend(id: String(index), name: name) }
            return Friend(id: String(index), name: name, firstName: words[0], lastName: words[words.count - 1])
        }
        let list = FriendList(friends)
        let favoured = (0..<30).map { _ in Int(random.next() % UInt64(list.count)) }
        let queries = [
            "a", "an", "ann", "zo", "jo", "o", "ob", "obrien", "jeanpierre", "jean pierre", "stjohn", "st", "小明", "明",
            "^an", "son$", "^ann$", "!an", "!^a zo", "an !son", "aegir", "たろう", "^", "!", "$", "o'", "-p", "ann anna",
            "z a", "e", "é",
        ]
        for query in queries {
            let expected = ReferenceSearch.ranked(list, query: query, favoured: favoured)
            let found = list.search(SearchQuery(query), ranking: Ranking(favoured: favoured)).inOrder
            XCTAssertEqual(found, expected, "query \(query.debugDescription)")
            // Narrowed among a previous result, as the picker types.
            let broad = list.positions(matching: SearchQuery(String(query.prefix(1))))
            if SearchQuery(query).narrows(SearchQuery(String(query.prefix(1)))) {
                let narrowed = list.search(SearchQuery(query), among: broad, ranking: Ranking(favoured: favoured))
                XCTAssertEqual(narrowed.inOrder, expected, "narrowed, query \(query.debugDescription)")
            }
            let few = Positions(Array(broad.prefix(100)))
            let amongFew = list.search(SearchQuery(query), among: few, ranking: Ranking(favoured: favoured))
            XCTAssertEqual(
                amongFew.inOrder, expected.filter { few.contains($0) }, "among few, query \(query.debugDescription)")
        }
    }
}
