import XCTest

@testable import PickerKit

final class OutputFormatTests: XCTestCase {
    private let friends = [Friend(id: "2", name: "Zoë \"Z\" Kim"), Friend(id: "1", name: "Ada\tLove\nlace")]

    func testEachFormat() {
        XCTAssertEqual(OutputFormat.names.render(friends, print0: false), "Zoë \"Z\" Kim\nAda\\x09Love\\x0alace\n")
        XCTAssertEqual(OutputFormat.ids.render(friends, print0: false), "2\n1\n")
        XCTAssertEqual(OutputFormat.tsv.render(friends, print0: false), "2\tZoë \"Z\" Kim\n1\tAda\\x09Love\\x0alace\n")
        XCTAssertEqual(
            OutputFormat.json.render(friends, print0: false),
            #"[{"id":"2","name":"Zoë \"Z\" Kim"},{"id":"1","name":"Ada\tLove\nlace"}]"# + "\n")
    }

    func testPrint0EndsEachRecordWithNul() {
        XCTAssertEqual(OutputFormat.names.render(friends, print0: true), "Zoë \"Z\" Kim\0Ada\\x09Love\\x0alace\0")
    }

    func testJSONIsExactAndParsesBack() throws {
        let names = ["plain", "quote \" backslash \\ slash /", "control \u{1}\u{1F}\u{7F}", "王小明 👩‍👩‍👧"]
        let rendered = OutputFormat.json.render(names.enumerated().map { Friend(id: String($0), name: $1) }, print0: false)
        let parsed = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [[String: String]]
        XCTAssertEqual(parsed?.map { $0["name"] }, names)
    }
}

final class OutputFormatMarkTests: XCTestCase {
    /// The dotted circle that draws a leading combining mark on screen is not part of the name.
    func testALeadingCombiningMarkIsPrintedAsGiven() {
        let friend = Friend(id: "1", name: "\u{301}Mark\u{7}")
        XCTAssertEqual(OutputFormat.names.render([friend], print0: false), "\u{301}Mark\\x07\n")
        XCTAssertEqual(OutputFormat.tsv.render([friend], print0: false), "1\t\u{301}Mark\\x07\n")
    }
}
