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
