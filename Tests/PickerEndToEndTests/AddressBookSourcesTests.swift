import Foundation
import PickerTestSupport
import XCTest

/// A folder of `.vcf` files (a vdir) and several `--source` options merged, through the real
/// binary.
final class AddressBookSourcesTests: FolderTestCase {
    override class var folderName: String { "picker-e2e-books" }

    /// A vdir `name` holding one card file per name of `names` (`UID` the file's name), and the
    /// file `bad.vcf` that is no card when `withBadFile`; its path.
    private func vdir(_ name: String, _ names: [String], withBadFile: Bool = false) throws -> String {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, person) in names.enumerated() {
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(name)-\(index)\r\nFN:\(person)\r\nEND:VCARD\r\n"
            try Data(card.utf8).write(to: folder.appendingPathComponent("\(index).vcf"))
        }
        if withBadFile { try Data("hello\n".utf8).write(to: folder.appendingPathComponent("bad.vcf")) }
        return folder.path
    }

    func testAVdirIsOneAddressBookAndABadFileCostsOnlyItself() throws {
        let folder = try vdir("contacts", ["Ada Lovelace", "Bob Stone"], withBadFile: true)
        let result = try runPicker(["--source", folder, "--filter", "", "--format", "ids"])
        assertExit(
            result, 0, output: "contacts-0\ncontacts-1\n",
            standardError:
                "picker: \(folder)/bad.vcf: is not a vCard (it does not start with BEGIN:VCARD)\npicker: \(folder): 1 of its 3 .vcf files skipped\n"
        )
    }

    func testSeveralSourcesAreOneListAndAFailingOneIsTold() throws {
        let home = try vdir("home", ["Ann Lee", "Ada Lovelace"])
        let work = try vdir("work", ["Ann Lee", "Bob Stone"])
        let missing = directory.appendingPathComponent("gone.vcf").path
        let result = try runPicker([
            "--source", home, "--source", missing, "--source", work, "--filter", "", "--format", "ids",
        ])
        assertExit(
            result, 0, output: "1:home-1\n1:home-0\n3:work-0\n3:work-1\n",
            standardError: "picker: \(missing): no such file\n", "Ann Lee of each book is her own friend")
    }

    func testEverySourceFailingExitsTwo() throws {
        let missing = directory.appendingPathComponent("gone.vcf").path
        let result = try runPicker(["--source", missing, "--source", missing + "2", "--filter", ""])
        assertExit(
            result, 2,
            standardError:
                "picker: \(missing): no such file; and every other source failed too: \(missing)2: no such file\n")
    }

    func testTheScreenShowsEverySourceAndTellsTheFailingOneAtTheEnd() throws {
        let home = try vdir("home", ["Ann Lee", "Ada Lovelace"])
        let missing = directory.appendingPathComponent("gone.vcf").path
        let work = try vdir("work", ["Ann Lee", "Bob Stone"])
        let picker = try startPicker(["--source", missing, "--source", home, "--source", work, "--format", "ids"]) {
            $0.counts == "4/4 · 0 selected"
        }
        try picker.type("ann")
        try picker.waitForScreen("both Anns") { $0.counts == "2/4 · 0 selected" }
        try picker.press("Tab", "Tab")
        try picker.waitForScreen("both selected") { $0.counts.hasSuffix(" · 2 selected") }
        try picker.press("Enter")
        try picker.assertExit(0, output: "2:home-0\n3:work-0\n", standardError: "picker: \(missing): no such file\n")
    }
}
