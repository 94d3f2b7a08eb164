import PickerTestSupport
import XCTest

@testable import PickerStore

/// The part of fzf's extended syntax that fits names: `^` anchors a term to the start of the
/// name, `$` to its end, `!` excludes; a term that is only the mark is that character.
final class SearchSyntaxTests: XCTestCase {
    private let friends = [
        "Ana Smith", "Anabel Lee", "Diana Ross", "Hannah Smithers", "Jonas Anson", "Ann!e Bang", "Cost $5", "Up^Down",
    ].enumerated().map { Friend(id: String($0), name: $1) }

    private func found(_ query: String) -> [String] {
        let list = FriendList(friends)
        return list.positions(matching: SearchQuery(query)).map { list.friends[$0].name }
    }

    func testACaretAnchorsATermToTheStartOfTheName() {
        XCTAssertEqual(found("^ana"), ["Ana Smith", "Anabel Lee"])
        XCTAssertEqual(found("^smith"), [])
        XCTAssertEqual(found("^ana smith"), ["Ana Smith"], "the other terms still occur anywhere")
    }

    func testADollarAnchorsATermToTheEndAndBothMarksTheWholeName() {
        XCTAssertEqual(found("son$"), ["Jonas Anson"])
        XCTAssertEqual(found("smith$"), ["Ana Smith"])
        XCTAssertEqual(found("^ana smith$"), ["Ana Smith"], "one term at the start, one at the end")
        XCTAssertEqual(found("^diana ross$"), ["Diana Ross"])
        XCTAssertEqual(found("^ross$"), [], "one term marked at both ends is the whole name")
        XCTAssertEqual(found("^ana$"), [])
    }

    func testAnExclamationMarkExcludesTheNamesATermMatches() {
        XCTAssertEqual(
            found("!smith"), ["Anabel Lee", "Ann!e Bang", "Cost $5", "Diana Ross", "Jonas Anson", "Up^Down"])
        XCTAssertEqual(found("an !smith"), ["Anabel Lee", "Ann!e Bang", "Diana Ross", "Jonas Anson"])
        XCTAssertEqual(found("!^an an"), ["Diana Ross", "Hannah Smithers", "Jonas Anson"], "not at the start")
        XCTAssertEqual(found("an !son$ !smith"), ["Anabel Lee", "Ann!e Bang", "Diana Ross"])
    }

    func testALoneMarkIsTheCharacterItself() {
        XCTAssertEqual(found("!"), ["Ann!e Bang"])
        XCTAssertEqual(found("$"), ["Cost $5"])
        XCTAssertEqual(found("^"), ["Up^Down"])
        XCTAssertEqual(
            found("!^"),
            ["Ana Smith", "Anabel Lee", "Ann!e Bang", "Cost $5", "Diana Ross", "Hannah Smithers", "Jonas Anson"],
            "excludes the caret")
        XCTAssertEqual(SearchQuery("!").terms.map(\.isExcluded), [false])
    }

    func testTheMarksAreParsedOnce() {
        let term = SearchQuery("!^Zoë$").terms[0]
        XCTAssertTrue(term.isExcluded)
        XCTAssertEqual(term.anchor, .whole)
        XCTAssertEqual(term.bytes, Array("zoë".utf8))
        XCTAssertEqual(term.strength, .caseOnly)
        XCTAssertEqual(term.text, "!^Zoë$")
    }

    func testNarrowingFollowsWhatEachMarkAllows() {
        func narrows(_ new: String, _ old: String) -> Bool { SearchQuery(new).narrows(SearchQuery(old)) }
        XCTAssertTrue(narrows("^an", "^a"))
        XCTAssertTrue(narrows("^an", "a"), "a name starting with an holds a")
        XCTAssertFalse(narrows("an", "^a"))
        XCTAssertTrue(narrows("son$", "son"))
        XCTAssertTrue(narrows("nson$", "son$"))
        XCTAssertFalse(narrows("son$x", "son$"), "the $ is a character again")
        XCTAssertFalse(narrows("!sm", "!s"), "excluding more narrowly shows more")
        XCTAssertTrue(narrows("!s a", "!s"))
        XCTAssertFalse(narrows("^a", "^"), "the caret was a character")
        XCTAssertFalse(narrows("!a", "!"))
        XCTAssertTrue(narrows("josé", "jos"))
        XCTAssertFalse(narrows("jos", "josé"))
    }

    /// Typing a query one character at a time, each narrowing the last where it can, finds what
    /// the reference finds.
    func testTypedChainsWithMarksAgreeWithTheReference() {
        let list = FriendList(friends + [Friend(id: "x", name: "Smith Anaïs"), Friend(id: "y", name: "Nina Sonson")])
        let queries = ["^ana smith", "son$", "an !smith", "!^an an", "^ana smith$", "ann!e"]
        assertChainsAgreeWithTheReference(
            list, queries.map { query in (1...query.count).map { String(query.prefix($0)) } })
    }
}
