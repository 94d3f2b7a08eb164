import XCTest

/// Picking in the list and printing for a mail client: one address per friend picked, the
/// preferred one or the one chosen in the details pane; a friend without one refused.
final class MailPickTests: TmuxTestCase {
    func testEnterPrintsThePreferredAddressOfThePickedFriend() throws {
        let picker = try startPicker(["--source", PickerPaths.fixture("rfc6350.vcf"), "--format", "mutt"]) {
            $0.counts == "1/1 · 0 selected"
        }
        XCTAssertEqual(try picker.screen().names, ["Kari Løye  kari@home.example"])
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "picker: 1 address\nkari@home.example\tKari Løye\n")
    }

    /// Ctrl-O shows the pane, which numbers the addresses; Alt-2 picks the friend with the
    /// second, which the row then shows and Enter prints.
    func testTheDetailsPaneChoosesTheAddressPrinted() throws {
        let picker = try startPicker(
            ["--source", PickerPaths.fixture("rfc6350.vcf"), "--format", "address"], columns: 100
        ) { $0.counts == "1/1 · 0 selected" }
        XCTAssertTrue(try picker.screen().helpLine.contains("Ctrl-O details"))
        try picker.press("C-o")
        let pane = try picker.waitForScreen("the details pane") { $0.lines.contains { $0.hasSuffix("│ Kari Løye") } }
        let emails = pane.lines.compactMap { line in line.range(of: "│ email ").map { String(line[$0.upperBound...]) } }
        XCTAssertEqual(
            emails.map { $0.trimmingCharacters(in: .whitespaces) },
            ["▸ 1 kari@home.example", "2 kari@work.example", "3 kari@old.example"])
        try picker.press("M-2")
        try picker.waitForScreen("the second address chosen") {
            $0.counts == "1/1 · 1 selected" && $0.cursorLine?.contains("[x] Kari Løye  kari@work.example") == true
        }
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Kari Løye <kari@work.example>\n")
    }

    /// A friend without an address is dimmed, and Enter on him says so on the bottom line and
    /// leaves the picker open.
    func testEnterOnAFriendWithoutAnAddressIsRefused() throws {
        let picker = try startPicker(["--source", PickerPaths.fixture("plain.csv"), "--format", "aerc"]) {
            $0.counts == "2/2 · 0 selected"
        }
        XCTAssertEqual(
            try picker.screen().names, ["Ada Lovelace  ada@example.org", "Charles Babbage  no email address"])
        try picker.press("Down")
        try picker.press("Enter")
        try picker.waitForScreen("the refusal") {
            $0.helpLine.hasPrefix("⚠ Charles Babbage has no email address to print")
        }
        try picker.press("Up", "Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "ada@example.org\tAda Lovelace\n")
    }
}
