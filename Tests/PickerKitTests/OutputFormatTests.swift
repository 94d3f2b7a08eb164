import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class OutputFormatTests: XCTestCase {
    private let friends = [Friend(id: "2", name: "Zoë \"Z\" Kim"), Friend(id: "1", name: "Ada\tLove\nlace")]

    func testEachFormat() {
        XCTAssertEqual(rendered(.names, friends, print0: false), "Zoë \"Z\" Kim\nAda\\x09Love\\x0alace\n")
        XCTAssertEqual(rendered(.ids, friends, print0: false), "2\n1\n")
        XCTAssertEqual(rendered(.tsv, friends, print0: false), "2\tZoë \"Z\" Kim\n1\tAda\\x09Love\\x0alace\n")
        XCTAssertEqual(
            rendered(.json, friends, print0: false),
            #"[{"id":"2","name":"Zoë \"Z\" Kim"},{"id":"1","name":"Ada\tLove\nlace"}]"# + "\n")
    }

    /// An escape never reads as the same text typed: where names are escaped, a backslash is
    /// written as two; where names are written as given (names and ids to a pipe or a file, as
    /// fzf writes its lines), a tab is a tab.
    func testAnEscapedTabCannotBeConfusedWithTheTextOfItsEscape() {
        let tab = Friend(id: "1", name: "Ann\tLee")
        let typed = Friend(id: "2", name: #"Ann\x09Lee"#)
        let slash = Friend(id: "3\\x", name: #"C:\Users\ann"#)
        XCTAssertEqual(
            rendered(.names, [tab, typed, slash], print0: false),
            #"Ann\x09Lee"# + "\n" + #"Ann\\x09Lee"# + "\n" + #"C:\\Users\\ann"# + "\n")
        XCTAssertEqual(rendered(.ids, [slash], print0: false), #"3\\x"# + "\n")
        XCTAssertEqual(
            rendered(.names, [tab, typed, slash], print0: false, toTerminal: false),
            "Ann\tLee\n" + #"Ann\x09Lee"# + "\n" + #"C:\Users\ann"# + "\n")
        XCTAssertEqual(rendered(.ids, [slash], print0: false, toTerminal: false), #"3\x"# + "\n")
        for toTerminal in [true, false] {
            XCTAssertEqual(
                rendered(.tsv, [tab, typed], print0: false, toTerminal: toTerminal),
                "1\t" + #"Ann\x09Lee"# + "\n2\t" + #"Ann\\x09Lee"# + "\n", "a tab in a field would be another column")
            XCTAssertEqual(
                rendered(.json, [tab, typed], print0: false, toTerminal: toTerminal),
                #"[{"id":"1","name":"Ann\tLee"},{"id":"2","name":"Ann\\x09Lee"}]"# + "\n")
        }
        XCTAssertEqual(
            rendered(.names, friends, print0: true, toTerminal: false), "Zoë \"Z\" Kim\0Ada\tLove\nlace\0",
            "with --print0, a name with a line break is still one record")
    }

    func testPrint0EndsEachRecordWithNul() {
        XCTAssertEqual(rendered(.names, friends, print0: true), "Zoë \"Z\" Kim\0Ada\\x09Love\\x0alace\0")
    }

    func testJSONIsExactAndParsesBack() throws {
        let names = ["plain", "quote \" backslash \\ slash /", "control \u{1}\u{1F}\u{7F}", "王小明 👩‍👩‍👧"]
        let json = rendered(.json, names.enumerated().map { Friend(id: String($0), name: $1) }, print0: false)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]]
        XCTAssertEqual(parsed?.map { $0["name"] }, names)
    }
}
