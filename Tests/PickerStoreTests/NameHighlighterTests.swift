import PickerTestSupport
import XCTest

@testable import PickerStore

/// The highlighted characters are the ones the ranking counted.
final class NameHighlighterTests: XCTestCase {
    private func marked(_ name: String, _ query: String, parts: Friend? = nil, typos: [String] = []) -> String {
        var highlighter = NameHighlighter()
        let matched = highlighter.matchedCharacters(in: name, query: SearchQuery(query), parts: parts, typoTerms: typos)
        return String(zip(name, matched).map { $1 ? Character($0.uppercased()) : Character($0.lowercased()) })
    }

    func testTheMatchAtAWordStartIsMarkedRatherThanTheFirst() {
        XCTAssertEqual(marked("Hannah Andersson", "an"), "hannah ANdersson")
        XCTAssertEqual(marked("Hannah Smith", "an"), "hANnah smith", "inside a word, the first")
        XCTAssertEqual(marked("Ana Andersson", "an"), "ANa andersson")
    }

    func testAnchorsAndExclusions() {
        XCTAssertEqual(marked("Anson Anson", "son$"), "anson anSON")
        XCTAssertEqual(marked("Anson Lee", "^an !lee"), "ANson lee")
    }

    func testAMatchAcrossPunctuationMarksTheLettersOnEitherSide() {
        XCTAssertEqual(marked("Pat O'Brien", "obri"), "pat O'BRIen")
        XCTAssertEqual(marked("Anne St. John", "stjo"), "anne ST. JOhn")
    }

    func testAWordOneTypoAwayIsMarked() {
        XCTAssertEqual(marked("Ann Johnson", "jhon", typos: ["jhon"]), "ann JOHNson")
    }

    func testAGivenNamePartCountsAsAWord() {
        let friend = Friend(id: "1", name: "明小明小王", firstName: "明小明", lastName: "小王")
        var highlighter = NameHighlighter()
        XCTAssertEqual(
            highlighter.matchedCharacters(in: friend.name, query: SearchQuery("小"), parts: friend),
            [false, false, false, true, false], "where the last name starts")
        XCTAssertEqual(
            highlighter.matchedCharacters(in: friend.name, query: SearchQuery("小")),
            [false, true, false, false, false],
            "without the parts, the first")
    }
}
