import Foundation
import XCTest

/// vCard, contacts CSV and the Facebook export (its friends list, folder and .zip), each read by
/// its content whatever the file is called, through the real binary.
final class ContactSourceTests: TmuxTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "picker-e2e-contacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    /// The fixture `name` copied to a file called `misleading`.
    private func copy(_ name: String, as misleading: String) throws -> String {
        let path = directory.appendingPathComponent(misleading).path
        try FileManager.default.copyItem(atPath: PickerPaths.fixture(name), toPath: path)
        return path
    }

    /// A Facebook export folder holding the fixture friends list, and its `.zip` (made with
    /// Python's zipfile; the picker reads it with the system's unzip), called `archiveName`.
    private func export(archiveName: String = "facebook-ann.zip") throws -> (folder: String, archive: String) {
        let folder = directory.appendingPathComponent("facebook-ann")
        let friends = folder.appendingPathComponent("connections/friends")
        try FileManager.default.createDirectory(at: friends, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PickerPaths.fixture("your_friends.json"),
            toPath: friends.appendingPathComponent("your_friends.json").path)
        try Data("<html></html>".utf8).write(to: folder.appendingPathComponent("index.html"))
        let archive = directory.appendingPathComponent(archiveName).path
        let zip = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import shutil, sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2], 'facebook-ann')",
                archive + ".tmp", directory.path,
            ])
        XCTAssertEqual(zip.status, 0, zip.standardError)
        try FileManager.default.moveItem(atPath: archive + ".tmp.zip", toPath: archive)
        return (folder.path, archive)
    }

    func testEachFormatIsReadByItsContentWhateverItIsCalled() throws {
        let names = try copy("names-only.txt", as: "names.vcf")
        let cases: [(path: String, output: String)] = [
            (try copy("google.vcf", as: "contacts.json"), "Ann Lee\nSmith, Jr., Bob\n"),
            (try copy("android.vcf", as: "android.csv"), "Jiří Novák\n山田 太郎\n"),
            (try copy("google.csv", as: "google.txt"), "Acme Widgets\nAnn Lee\nBob J. Smith\n"),
            (try copy("google-old.csv", as: "old.vcf"), "O'Brien, Seán\nZoë Kim\n"),
            (try copy("your_friends.json", as: "friends.csv"), "Ann Lee\nAnn Lee\nKari Løye\nZoë Kim\n😀 Sunny Day\n"),
            (names, "Ada Lovelace\nBob Stone\n"),
            (try export(archiveName: "export.json").archive, "Ann Lee\nAnn Lee\nKari Løye\nZoë Kim\n😀 Sunny Day\n"),
        ]
        for (path, output) in cases {
            let result = try runPicker(["--source", path, "--filter", ""])
            XCTAssertEqual(result.status, 0, "\(path): \(result.standardError)")
            XCTAssertEqual(result.output, output, path)
        }
    }

    func testANamedPipeIsReadByItsContent() throws {
        let result = try runCommand(
            URL(fileURLWithPath: "/bin/bash"),
            [
                "-c", #""$0" --source <(cat "$1") --filter '' --format aerc"#, try PickerPaths.picker().path,
                PickerPaths.fixture("rfc6350.vcf"),
            ],
            environment: ["LANG": "C.UTF-8", "PICKER_SOURCE": nil, "PICKER_DEFAULT_OPTS": nil])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(
            result.output, "kari@home.example\tKari Løye\nkari@work.example\tKari Løye\nkari@old.example\tKari Løye\n")
    }

    func testPickingFromAVCardWithTheEmailShownDimmed() throws {
        let path = try copy("google.vcf", as: "contacts.json")
        let picker = try startPicker(["--source", path, "--query", "bob"]) { $0.counts == "1/2 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["Smith, Jr., Bob  bob@example.org"])
        let styled = try picker.styledScreen().joined(separator: "\n")
        XCTAssertTrue(styled.contains("\u{1B}[2m"), "the email is dimmed: \(styled.debugDescription)")
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Smith, Jr., Bob\n")
        XCTAssertEqual(result.errors, "picker: \(path): 1 contact without a name skipped\n")
    }

    func testPickingFromACSVByEmail() throws {
        let path = try copy("google.csv", as: "contacts.txt")
        let picker = try startPicker(["--source", path, "--format", "address"]) { $0.counts == "3/3 · 0 selected" }
        try picker.press("/")
        try picker.type("home.ex@")
        try picker.waitForScreen("the friend whose address matches") { $0.counts == "0/3 · 0 selected" }
        try picker.press("C-u")
        try picker.type("@home.ex")
        try picker.waitForScreen("the friend whose address matches") { $0.counts == "1/3 · 0 selected" }
        try picker.press("Enter")
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Ann Lee <ann@home.example>\n")
    }

    func testTheExportFolderAndZipWithSameNamesToldApartByTheirDay() throws {
        let (folder, archive) = try export()
        for source in [folder, archive] {
            let picker = try startPicker(["--source", source, "--format", "ids"]) { $0.counts == "5/5 · 0 selected" }
            XCTAssertEqual(
                Array(try picker.screen().names.prefix(3)),
                ["Ann Lee  since 2020-09-13", "Ann Lee  since 2011-03-13", "Kari Løye"], source)
            try picker.press("Down")
            try picker.press("Enter")
            let result = try picker.waitForExit()
            XCTAssertEqual(result.status, 0)
            XCTAssertEqual(result.output, "7c2709571056c51e\n", "the id made from the name and the day of 2011")
        }
    }

    func testMalformedContactsNameTheLine() throws {
        let vCard = directory.appendingPathComponent("broken.vcf")
        try Data("BEGIN:VCARD\nFN:Ann\nBEGIN:VCARD\n".utf8).write(to: vCard)
        let card = try runPicker(["--source", vCard.path, "--filter", ""])
        XCTAssertEqual(card.status, 2)
        XCTAssertEqual(
            card.standardError, "picker: \(vCard.path): line 1: the card that begins here has no END:VCARD\n")
        let csv = directory.appendingPathComponent("broken.csv")
        try Data("Name,E-mail 1 - Value\nAnn,\"ann@x\nBob,bob@x\n".utf8).write(to: csv)
        let row = try runPicker(["--source", csv.path, "--filter", ""])
        XCTAssertEqual(row.status, 2)
        XCTAssertEqual(
            row.standardError,
            "picker: \(csv.path): line 2, column 5 (E-mail 1 - Value): the quoted field that starts here never ends\n")
        let json = directory.appendingPathComponent("broken.txt")
        try Data("{\"friends_v2\": [\n  {\"name\": \"Ann\" \"timestamp\": 1}]}".utf8).write(to: json)
        let export = try runPicker(["--source", json.path, "--filter", ""])
        XCTAssertEqual(export.status, 2)
        XCTAssertTrue(export.standardError.contains("not valid JSON at line 2, column"), export.standardError)
    }
}
