import Foundation
import PickerTestSupport
import XCTest

/// Groups from an address book through the real binary: a vCard 4 group card, an Apple group
/// card and categories, found with `--filter` and picked in the picker, each printing its
/// members.
final class GroupSourceTests: TmuxTestCase {
    private var book: String!

    override func setUpWithError() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("picker-e2e-groups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        book = folder.appendingPathComponent("book.vcf").path
        let cards = """
            BEGIN:VCARD
            VERSION:4.0
            UID:urn:uuid:a1
            FN:Ann Lee
            EMAIL;PREF=1:ann@example.org
            EMAIL:ann@work.example
            CATEGORIES:Sailing
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            UID:b2
            FN:Bob Kay
            EMAIL:bob@example.org
            CATEGORIES:Sailing,Work
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            UID:c3
            FN:Cai Wu
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            KIND:group
            FN:Climbing club
            MEMBER:urn:uuid:a1
            MEMBER:urn:uuid:c3
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Family
            X-ADDRESSBOOKSERVER-KIND:group
            X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:b2
            END:VCARD

            """
        try Data(cards.utf8).write(to: URL(fileURLWithPath: book))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: (book as NSString).deletingLastPathComponent)
    }

    func testTheFilterPrintsAGroupsMembers() throws {
        assertExit(
            try runPicker(["--source", book, "--filter", "climbing", "--format", "aerc"]), 0,
            output: "ann@example.org\tAnn Lee\nann@work.example\tAnn Lee\n")
        assertExit(try runPicker(["--source", book, "--filter", "family"]), 0, output: "Bob Kay\n")
        assertExit(
            try runPicker(["--source", book, "--filter", "sailing", "--format", "address"]), 0,
            output: "Ann Lee <ann@example.org>\nBob Kay <bob@example.org>\n")
        assertExit(
            try runPicker(["--source", book, "--filter", "climbing", "--format", "address"]), 0,
            output: "Ann Lee <ann@example.org>\n", standardError: "picker: 1 friend without an email address left out\n"
        )
    }

    /// The group is a row of its own once the book is read; Enter on it prints each member's
    /// preferred address, and a member without one is left out.
    func testPickingAGroupInThePickerPrintsItsMembers() throws {
        let picker = try startPicker(["--source", book, "--format", "mutt"]) { $0.counts == "7/7 · 0 selected" }
        try picker.type("climb")
        try picker.waitForScreen("the group") { $0.cursorLine?.contains("Climbing club  group of 2 friends") == true }
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "picker: 1 address\nann@example.org\tAnn Lee\n")
    }
}
