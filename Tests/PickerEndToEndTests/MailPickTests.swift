import XCTest

/// Picking in the list and printing for a mail client.
final class MailPickTests: TmuxTestCase {
    func testEnterPrintsTheMuttShapeOfThePickedFriends() throws {
        let picker = try startPicker(["--source", PickerPaths.fixture("rfc6350.vcf"), "--format", "mutt"]) {
            $0.counts == "1/1 · 0 selected"
        }
        XCTAssertEqual(try picker.screen().names, ["Kari Løye  kari@home.example"])
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.output,
            "picker: 3 addresses\nkari@home.example\tKari Løye\nkari@work.example\tKari Løye\nkari@old.example\tKari Løye\n"
        )
    }
}
