import PickerTestSupport
import XCTest

@testable import PickerStore

/// Folding as a person expects: letters of their own written as Latin letters, and punctuation
/// that may be left out when searching.
final class FoldingExpectationsTests: XCTestCase {
    private let friends = [
        "Ægir Jónsson", "Þórsdóttir Anna", "Ðorđe Petrović", "Aydın Kaya", "Œdipe Roi", "Brendan O'Brien",
        "Jean-Pierre Dupont", "Anne St. John", "Dana O’Neil", "Ann Obrecht", "Mary Ann", "Maryann Lee",
    ].enumerated().map { Friend(id: String($0), name: $1) }

    private func found(_ query: String) -> [String] {
        let list = FriendList(friends)
        return list.positions(matching: SearchQuery(query)).map { list.friends[$0].name }
    }

    func testLettersOfTheirOwnAreFoundByTheirLatinSpelling() {
        XCTAssertEqual(found("aegir"), ["Ægir Jónsson"])
        XCTAssertEqual(found("thorsdottir"), ["Þórsdóttir Anna"])
        XCTAssertEqual(found("dorde"), ["Ðorđe Petrović"])
        XCTAssertEqual(found("aydin"), ["Aydın Kaya"])
        XCTAssertEqual(found("oedipe"), ["Œdipe Roi"])
        XCTAssertEqual(found("ægir"), ["Ægir Jónsson"], "typed with the letter, it matches that letter")
        XCTAssertEqual(found("æ"), ["Ægir Jónsson"])
    }

    func testTheySortWhereAPersonLooksForThem() {
        let list = FriendList(friends)
        let letter = { (name: String) -> Character? in
            list.sections.first { section in section.range.contains { list.friends[$0].name == name } }?.letter
        }
        XCTAssertEqual(letter("Ægir Jónsson"), "A")
        XCTAssertEqual(letter("Þórsdóttir Anna"), "T")
        XCTAssertEqual(letter("Ðorđe Petrović"), "D")
        XCTAssertEqual(letter("Œdipe Roi"), "O")
    }

    func testPunctuationInsideANameIsOptional() {
        XCTAssertEqual(found("obrien"), ["Brendan O'Brien"])
        XCTAssertEqual(found("jeanpierre"), ["Jean-Pierre Dupont"])
        XCTAssertEqual(found("jean pierre"), ["Jean-Pierre Dupont"])
        XCTAssertEqual(found("stjohn"), ["Anne St. John"])
        XCTAssertEqual(found("oneil"), ["Dana O’Neil"], "a typographic apostrophe too")
        XCTAssertEqual(found("o'neil"), ["Dana O’Neil"], "typed as ASCII, it matches the typographic one")
        XCTAssertEqual(found("maryann"), ["Maryann Lee"], "white space alone is not left out")
    }

    func testATypedApostropheOrHyphenStillMatchesLiterally() {
        XCTAssertEqual(found("o'b"), ["Brendan O'Brien"])
        XCTAssertEqual(found("n-p"), ["Jean-Pierre Dupont"])
        XCTAssertEqual(found("nob"), [], "the name is not run together across a space")
        XCTAssertEqual(found("ob"), ["Ann Obrecht", "Brendan O'Brien"])
    }

    func testAMatchAcrossPunctuationRanksByWhereItStartsWithoutIt() {
        let list = FriendList(friends)
        let order = list.search(SearchQuery("ob"), ranking: Ranking()).inOrder.map { list.friends[$0].name }
        XCTAssertEqual(order, ["Ann Obrecht", "Brendan O'Brien"], "found as written first, at a word start")
    }
}
