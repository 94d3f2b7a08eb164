import Foundation
import PickerTestSupport
import XCTest

/// Groups in the real binary's list: under "Groups" above the letters while there is no query,
/// among the names once one is typed; Ctrl-G shows a group's members, of which some are picked.
final class GroupListTests: TmuxTestCase {
    private var book: String!

    override func setUpWithError() throws {
        book = try TemporaryFolder.make("e2e-group-list").appendingPathComponent("book.vcf").path
        // A vCard 4 group, an Apple group card and a category, as Nextcloud, macOS Contacts and
        // Thunderbird write them.
        let cards = """
            BEGIN:VCARD
            VERSION:4.0
            UID:urn:uuid:a1
            FN:Ann Lee
            N:Lee;Ann;;;
            EMAIL;TYPE=home:ann@example.org
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            UID:urn:uuid:b2
            FN:Bob Kay
            N:Kay;Bob;;;
            EMAIL:bob@example.org
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            UID:urn:uuid:c3
            FN:Cai Wu
            N:Wu;Cai;;;
            EMAIL:cai@example.org
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            UID:d4
            FN:Dee Fox
            N:Fox;Dee;;;
            EMAIL;TYPE=INTERNET:dee@example.org
            CATEGORIES:Neighbours
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            UID:e5
            FN:Eli Gray
            N:Gray;Eli;;;
            CATEGORIES:Neighbours
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            KIND:group
            UID:urn:uuid:g1
            FN:Book club
            MEMBER:urn:uuid:a1
            MEMBER:urn:uuid:b2
            MEMBER:urn:uuid:c3
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            UID:g2
            FN:Family
            N:Family;;;;
            X-ADDRESSBOOKSERVER-KIND:group
            X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:d4
            END:VCARD

            """
        try Data(cards.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: URL(fileURLWithPath: book))
    }

    func testTheGroupsHeadTheListUntilAQueryIsTyped() throws {
        let picker = try startPicker(["--source", book, "--no-history"]) { $0.counts == "8/8 · 0 selected" }
        let screen = try picker.waitForScreen("the groups") { $0.listLines.first == "  Groups" }
        XCTAssertEqual(
            Array(screen.listLines.prefix(5)),
            [
                "  Groups", "> [ ] Book club  group of 3 friends", "  [ ] Family  group of 1 friend",
                "  [ ] Neighbours  group of 2 friends", "  A",
            ], "\(screen)")
        XCTAssertEqual(screen.headers, ["  A", "  B", "  C", "  D", "  E"], "no F nor N: only groups are there")
        XCTAssertEqual(screen.names.count, 8, "each once")
        try picker.type("k")
        let found = try picker.waitForScreen("the search") { $0.counts == "2/8 · 0 selected" }
        XCTAssertFalse(found.listLines.contains("  Groups"), "\(found)")
        XCTAssertEqual(Set(found.names.map { $0.components(separatedBy: "  ")[0] }), ["Bob Kay", "Book club"])
        try picker.press("Escape")
        try picker.waitForScreen("the groups again") {
            $0.counts == "8/8 · 0 selected" && $0.listLines.first == "  Groups"
        }
        try picker.press("C-c")
        XCTAssertEqual(try picker.waitForExit().status, 130)
    }

    /// Ctrl-G on the group, Space on Ann, Down twice, Space on Cai, Enter: mutt's query gets
    /// those two, not Bob.
    func testTwoOfAGroupsThreeMembersArePickedFromItsReview() throws {
        let picker = try startPicker(["--source", book, "--no-history", "--format", "mutt"]) {
            $0.counts == "8/8 · 0 selected" && $0.cursorLine?.hasPrefix("> [ ] Book club") == true
        }
        try picker.press("C-g")
        let members = try picker.waitForScreen("the members") { $0.title.hasPrefix("Members of Book club") }
        XCTAssertEqual(
            members.names, ["Ann Lee  ann@example.org", "Bob Kay  bob@example.org", "Cai Wu  cai@example.org"])
        try picker.press("Space")
        try picker.press("Down")
        try picker.press("Down")
        try picker.press("Space")
        try picker.waitForScreen("two ticked") { $0.selectedNames.count == 2 }
        try picker.press("Escape")
        let back = try picker.waitForScreen("the list") { $0.title.hasPrefix("Select Friends") }
        XCTAssertEqual(back.cursorLine, "> [-] Book club  group of 3 friends")
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "picker: 2 addresses\nann@example.org\tAnn Lee\ncai@example.org\tCai Wu\n")
    }

    /// A group picked whole, then one member unticked in its review: the other two are printed.
    func testUntickingOneMemberOfAGroupPickedWholePrintsTheOthers() throws {
        let picker = try startPicker(["--source", book, "--no-history", "--format", "mutt"]) {
            $0.counts == "8/8 · 0 selected" && $0.cursorLine?.hasPrefix("> [ ] Book club") == true
        }
        try picker.press("Space")
        try picker.waitForScreen("the group ticked") { $0.counts == "8/8 · 1 selected" }
        try picker.press("C-g")
        try picker.waitForScreen("its members ticked") { $0.selectedNames.count == 3 }
        try picker.press("Down")
        try picker.press("Space")
        try picker.waitForScreen("Bob unticked") { $0.selectedNames.count == 2 }
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "picker: 2 addresses\nann@example.org\tAnn Lee\ncai@example.org\tCai Wu\n")
    }
}
