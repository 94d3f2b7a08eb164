import Foundation
import PickerTestSupport
import XCTest

/// A person in several address books is one friend, through the real binary: found by the
/// same `UID`, or by the same name and an address in common, their addresses merged, with
/// the sources named in `--format json`.
final class MergedSourcesTests: FolderTestCase {
    override class var folderName: String { "picker-e2e-merged" }

    /// Writes `text` into the file `name` of the test's folder, with CRLF line ends when
    /// `crlf`; its path.
    private func write(_ name: String, _ lines: [String], crlf: Bool = true) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(lines.joined(separator: crlf ? "\r\n" : "\n").appending(crlf ? "\r\n" : "\n").utf8).write(to: url)
        return url.path
    }

    /// An export of macOS Contacts: Ann with her home address preferred, and Ada.
    private func appleExport() throws -> String {
        try write(
            "Contacts.vcf",
            [
                "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.0//EN", "N:Lee;Ann;;;", "FN:Ann Lee",
                "NICKNAME:Annie", "EMAIL;type=INTERNET;type=HOME;type=pref:ann@home.example",
                "item1.EMAIL;type=INTERNET:ann.lee@club.example", "item1.X-ABLabel:Club",
                "TEL;type=CELL;type=VOICE;type=pref:+1 555 0100", "UID:7E3F1C9A-0B6D-4E2A-9F4B-2C1D8E5A6B70",
                "END:VCARD",
                "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//macOS 14.0//EN", "N:Lovelace;Ada;;;",
                "FN:Ada Lovelace", "EMAIL;type=INTERNET;type=HOME;type=pref:ada@example.org",
                "UID:0C4D2E8B-51A7-4F0B-8E21-6A3B9D7C5F14", "END:VCARD",
            ])
    }

    /// A Google Contacts CSV export: Ann (her work address, and her home one written in
    /// capitals), and Bob.
    private func googleCSV() throws -> String {
        try write(
            "contacts.csv",
            [
                "First Name,Middle Name,Last Name,Phonetic First Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Notes,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value",
                "Ann,,Lee,,,,,,Acme,,* myContacts,Work,ann.lee@work.example,* Home,ANN@home.example,Mobile,+15550100",
                "Bob,,Stone,,,,,,,,* myContacts,* Home,bob@example.org,,,,",
            ])
    }

    /// The friends `--format json` printed, as dictionaries.
    private func friends(_ result: CommandResult, file: StaticString = #filePath, line: UInt = #line) throws
        -> [[String: Any]]
    {
        let parsed = try JSONSerialization.jsonObject(with: result.standardOutput)
        return try XCTUnwrap(parsed as? [[String: Any]], "an array of friends", file: file, line: line)
    }

    func testOnePersonOfAVCardAndACSVIsOneFriendWithBothSourcesAndEveryAddress() throws {
        let vcard = try appleExport()
        let csv = try googleCSV()
        let result = try runPicker(["--source", vcard, "--source", csv, "--filter", "", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        let found = try friends(result)
        XCTAssertEqual(found.map { $0["name"] as? String }, ["Ada Lovelace", "Ann Lee", "Bob Stone"])
        let ann = found[1]
        XCTAssertEqual(ann["id"] as? String, "1:7E3F1C9A-0B6D-4E2A-9F4B-2C1D8E5A6B70", "the first source's id")
        XCTAssertEqual(
            ann["emails"] as? [String], ["ann@home.example", "ann.lee@club.example", "ann.lee@work.example"],
            "the first source's preferred address leads; the one written in capitals is not repeated")
        XCTAssertEqual(ann["phones"] as? [String], ["+1 555 0100"], "the same number, however written, is one")
        XCTAssertEqual(ann["nickname"] as? String, "Annie")
        XCTAssertEqual(ann["organization"] as? String, "Acme", "what only the second source knows is kept")
        XCTAssertEqual(ann["sources"] as? [String], [vcard, csv])
        XCTAssertEqual(found[0]["sources"] as? [String], [vcard])
        XCTAssertEqual(found[2]["sources"] as? [String], [csv])

        let byAddress = try runPicker([
            "--source", vcard, "--source", csv, "--filter", "ann.lee@work", "--format", "aerc",
        ])
        assertExit(
            byAddress, 0,
            output: "ann@home.example\tAnn Lee\nann.lee@club.example\tAnn Lee\nann.lee@work.example\tAnn Lee\n",
            "found by the address only the second source gave, printed with all of hers")
    }

    func testTheSameUIDInTwoBooksIsOneFriendWhateverItsName() throws {
        let vcard = try appleExport()
        let folder = directory.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The same contact as vdirsyncer keeps it from a CardDAV server, renamed since.
        let card = [
            "BEGIN:VCARD", "VERSION:4.0", "PRODID:-//Sabre//Sabre VObject 4.5.4//EN",
            "UID:7E3F1C9A-0B6D-4E2A-9F4B-2C1D8E5A6B70", "FN:Ann Lee-Okafor", "N:Lee-Okafor;Ann;;;",
            "EMAIL;TYPE=work:ann@okafor.example", "END:VCARD", "",
        ]
        try Data(card.joined(separator: "\r\n").utf8).write(
            to: folder.appendingPathComponent("7E3F1C9A-0B6D-4E2A-9F4B-2C1D8E5A6B70.vcf"))
        let result = try runPicker(["--source", vcard, "--source", folder.path, "--filter", "ann", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let found = try friends(result)
        XCTAssertEqual(found.map { $0["name"] as? String }, ["Ann Lee"], "one Ann, named as the first source names her")
        XCTAssertEqual(
            found.first?["emails"] as? [String], ["ann@home.example", "ann.lee@club.example", "ann@okafor.example"])
        XCTAssertEqual(found.first?["sources"] as? [String], [vcard, folder.path])
    }

    /// `PICKER_SOURCE` holding both books, separated as `PATH` is.
    func testTheScreenShowsOneRowForAPersonOfTwoBooks() throws {
        let vcard = try appleExport()
        let csv = try googleCSV()
        let picker = try startPicker(["--format", "json"], environment: ["PICKER_SOURCE": vcard + ":" + csv]) {
            $0.counts == "3/3 · 0 selected"
        }
        let first = try picker.screen()
        XCTAssertEqual(first.names.filter { $0.hasPrefix("Ann Lee") }.count, 1, first.description)
        try picker.type("@work")
        try picker.waitForScreen("Ann, by the address the second book gave") {
            $0.counts == "1/3 · 0 selected" && $0.cursorName?.hasPrefix("Ann Lee") == true
        }
        try picker.press("Enter")
        let (status, output, _) = try picker.assertExit(0)
        XCTAssertEqual(status, 0)
        let printed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        XCTAssertEqual(printed?.first?["sources"] as? [String], [vcard, csv])
    }

    func testABadSourceIsToldAndTheGoodOneShown() throws {
        let bad = try write("broken.vcf", ["BEGIN:VCARD", "VERSION:3.0", "FN:"], crlf: false)
        let csv = try googleCSV()
        let result = try runPicker(["--source", bad, "--source", csv, "--filter", "", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try friends(result).map { $0["name"] as? String }, ["Ann Lee", "Bob Stone"])
        XCTAssertTrue(result.standardError.hasPrefix("picker: \(bad): "), result.standardError)
    }
}
