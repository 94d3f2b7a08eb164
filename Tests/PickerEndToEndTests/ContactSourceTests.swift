import Foundation
import PickerTestSupport
import XCTest

/// vCard, contacts CSV and the Facebook export (its friends list, folder and .zip), each read by
/// its content whatever the file is called, through the real binary.
final class ContactSourceTests: TmuxTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = TemporaryFolder.root.appendingPathComponent(
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

    /// A Facebook export folder `name` holding the fixture `list` at `layout` (where the
    /// export keeps its friends list), beside the export's index.html.
    private func exportFolder(
        _ name: String = "facebook-ann", holding list: String = "your_friends.json",
        at layout: String = "connections/friends/your_friends.json"
    ) throws -> String {
        let folder = directory.appendingPathComponent(name)
        let friends = folder.appendingPathComponent(layout)
        try FileManager.default.createDirectory(
            at: friends.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PickerPaths.fixture(list), toPath: friends.path)
        try Data("<html></html>".utf8).write(to: folder.appendingPathComponent("index.html"))
        return folder.path
    }

    /// The export folder `folder` (one of ``exportFolder(_:holding:at:)``) as a `.zip` called
    /// `archiveName` (made with Python's zipfile).
    private func zipped(_ folder: String, as archiveName: String) throws -> String {
        let archive = directory.appendingPathComponent(archiveName).path
        let zip = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import shutil, sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2], sys.argv[3])",
                archive + ".tmp", directory.path, URL(fileURLWithPath: folder).lastPathComponent,
            ])
        XCTAssertEqual(zip.status, 0, zip.standardError)
        try FileManager.default.moveItem(atPath: archive + ".tmp.zip", toPath: archive)
        return archive
    }

    /// A Facebook export folder holding the fixture friends list, and its `.zip` called
    /// `archiveName`.
    private func export(archiveName: String = "facebook-ann.zip") throws -> (folder: String, archive: String) {
        let folder = try exportFolder()
        return (folder, try zipped(folder, as: archiveName))
    }

    func testEachFormatIsReadByItsContentWhateverItIsCalled() throws {
        let names = try copy("names-only.txt", as: "names.vcf")
        let cases: [(path: String, output: String)] = [
            (try copy("google.vcf", as: "contacts.json"), "Ann Lee\nSmith, Jr., Bob\nnameless@example.org\n"),
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

    /// One pick from `source` (a fixture's name, or a path), which holds `friends` friends:
    /// typing `query` puts the cursor on `row` (the best match comes first), and Space then
    /// Enter print `output` in `format`.
    private struct Pick {
        let source: String
        let friends: Int
        let query: String
        let row: String
        let format: String
        let output: String

        init(
            _ source: String, _ friends: Int, _ query: String, _ row: String, _ output: String,
            as format: String = "names"
        ) {
            self.source = source.hasPrefix("/") ? source : PickerPaths.fixture(source)
            (self.friends, self.query, self.row, self.output, self.format) = (friends, query, row, output, format)
        }
    }

    /// Every fixture, each version and layout of each format, picked from as a user would.
    private func picksFromEveryFixture() throws -> [Pick] {
        let older = try copy("friends-older-export.json", as: "friends.json")
        let olderFolder = try exportFolder(
            "facebook-bob", holding: "friends-older-export.json", at: "friends_and_followers/friends.json")
        let olderArchive = try zipped(olderFolder, as: "facebook-bob.zip")
        let (folder, archive) = try export()
        return [
            // vCard 4.0 (RFC 6350): a pick prints the address of PREF=1.
            Pick(
                "rfc6350.vcf", 1, "løye", "Kari Løye  kari@home.example", "kari@home.example\tKari Løye\n", as: "aerc"),
            // vCard 3.0 as Google exports it (a card without a name kept by its address, one
            // with neither skipped), the preferred address.
            Pick("google.vcf", 3, "ann", "Ann Lee  ann@home.example", "Ann Lee <ann@home.example>\n", as: "address"),
            // vCard 3.0 as Apple exports it, a line folded inside the ö.
            Pick("apple.vcf", 2, "ångström", "Zoë Ångström-Kowalczyk  zoe@example.se", "Zoë Ångström-Kowalczyk\n"),
            // vCard 2.1 as Android exports it: quoted-printable with a soft break inside 太.
            Pick(
                "android.vcf", 2, "太郎", "山田 太郎  taro@example.jp",
                "picker: 1 address\ntaro@example.jp\t山田 太郎\n", as: "mutt"),
            // Google Contacts' CSV with today's columns, a multi-value field and a quoted newline.
            Pick(
                "google.csv", 3, "bob", "Bob J. Smith  bob@example.org",
                "bob@example.org\tBob J. Smith\n", as: "aerc"),
            // Google Contacts' older columns, a name with a comma, quoted in the mailbox.
            Pick(
                "google-old.csv", 2, "seán", "O'Brien, Seán  sean@example.ie", "\"O'Brien, Seán\" <sean@example.ie>\n",
                as: "address"),
            Pick(
                "outlook.csv", 1, "doe", "Jane Q. Doe  jane@example.com",
                "jane@example.com\tJane Q. Doe\n", as: "aerc"),
            // A plain name,email CSV, its friend without an email; lines of names.
            Pick("plain.csv", 2, "babbage", "Charles Babbage", "Charles Babbage\n"),
            Pick("names-only.txt", 2, "stone", "Bob Stone", "Bob Stone\n"),
            // The export's your_friends.json, its names repaired: the ø typed finds Løye.
            Pick("your_friends.json", 5, "løye", "Kari Løye", "Kari Løye\n"),
            // An older export's friends.json (key friends), its names repaired too, alone, in
            // friends_and_followers/ of a folder and of a .zip.
            Pick(older, 2, "jürgen", "Jürgen Müller", "Jürgen Müller\n"),
            Pick(olderFolder, 2, "müller", "Jürgen Müller", "Jürgen Müller\n"),
            Pick(olderArchive, 2, "smith", "Bob Smith", "Bob Smith\n"),
            // Today's export folder and .zip; an emoji the export wrote as four escaped bytes.
            Pick(folder, 5, "sunny", "😀 Sunny Day", "😀 Sunny Day\n"),
            Pick(archive, 5, "zoë", "Zoë Kim", "Zoë Kim\n"),
        ]
    }

    func testPickingOneFriendFromEachFixture() throws {
        for pick in try picksFromEveryFixture() {
            let source = URL(fileURLWithPath: pick.source).lastPathComponent
            let picker = try startPicker(["--source", pick.source, "--format", pick.format]) {
                $0.counts == "\(pick.friends)/\(pick.friends) · 0 selected"
            }
            try picker.type(pick.query)
            try picker.waitForScreen("\(pick.query) in \(source) finds \(pick.row) first") {
                $0.searchBar.hasPrefix("/ \(pick.query)") && $0.cursorName == pick.row
            }
            try picker.press("Tab")
            try picker.waitForScreen("\(pick.row) of \(source) selected") {
                $0.selectedNames == [pick.row] && $0.counts.hasSuffix(" · 1 selected")
            }
            try picker.press("Enter")
            try picker.assertExit(0, output: pick.output, source)
            picker.kill()
        }
    }

    func testPickingFromAVCardWithTheEmailShownDimmed() throws {
        let path = try copy("google.vcf", as: "contacts.json")
        let picker = try startPicker(["--source", path, "--query", "bob"]) { $0.counts == "1/3 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["Smith, Jr., Bob  bob@example.org"])
        let styled = try picker.styledScreen().joined(separator: "\n")
        XCTAssertTrue(styled.contains("\u{1B}[2m"), "the email is dimmed: \(styled.debugDescription)")
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Smith, Jr., Bob\n")
        XCTAssertEqual(
            result.errors, "picker: \(path): 1 contact skipped at line 25: the card has no name and no address\n")
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
                ["Ann Lee  since 2011-03-13", "Ann Lee  since 2020-09-13", "Kari Løye"],
                "namesakes in the order of the export: \(source)")
            try picker.press("Enter")
            let result = try picker.waitForExit()
            XCTAssertEqual(result.status, 0)
            XCTAssertEqual(result.output, "7c2709571056c51e\n", "the id made from the name and the day of 2011")
        }
    }

    /// An encrypted export is refused at once, on a terminal too: nothing asks for a password,
    /// nothing reads the keyboard, and the terminal's settings are as they were.
    func testAnEncryptedExportIsRefusedAtOnceWithoutTouchingTheTerminal() throws {
        let folder = try exportFolder()
        let archive = directory.appendingPathComponent("secret.zip").path
        let zip = try runCommand(
            URL(fileURLWithPath: "/usr/bin/zip"), ["-q", "-r", "-P", "hunter2", archive, "."],
            workingDirectory: URL(fileURLWithPath: folder))
        XCTAssertEqual(zip.status, 0, zip.standardError)
        let command = [try PickerPaths.picker().path, "--source", archive, "--filter", ""].map(shellQuoted)
        let script = "stty -g; " + command.joined(separator: " ") + "; echo \"status $?\"; stty -g"
        let run = try runCommand(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", script, "/dev/null"],
            environment: ["LANG": "C.UTF-8", "PICKER_SOURCE": nil, "PICKER_DEFAULT_OPTS": nil], timeout: 5)
        let lines = run.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, run.output)
        XCTAssertEqual(
            lines.dropFirst().first,
            "picker: \(archive): is encrypted (connections/friends/your_friends.json needs a password): picker asks for none; unpack the archive with its password and give the folder"
        )
        XCTAssertEqual(lines.dropFirst(2).first, "status 2")
        XCTAssertEqual(lines.first, lines.last, "the terminal's settings are as they were")
        XCTAssertLessThan(run.seconds, 3)
    }

    /// A folder of the export named like an option (`-x` is unzip's "exclude") is a name.
    func testAnExportWhoseFolderLooksLikeAnOptionIsRead() throws {
        let folder = try exportFolder("-x")
        let result = try runPicker(["--source", try zipped(folder, as: "dash.zip"), "--filter", ""])
        assertExit(result, 0, output: "Ann Lee\nAnn Lee\nKari Løye\nZoë Kim\n😀 Sunny Day\n")
    }

    /// An archive whose friends list is stored, not deflated (`zip -0`), is read by a picker
    /// that has inflated nothing before: zlib checks its CRC-32 all the same.
    func testAnExportStoredWithoutCompressionIsRead() throws {
        let folder = try exportFolder()
        let archive = directory.appendingPathComponent("stored.zip").path
        let zip = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import os, sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED) as z:\n    for d, _, fs in os.walk(sys.argv[2]):\n        for f in fs: z.write(os.path.join(d, f), os.path.relpath(os.path.join(d, f), sys.argv[2]))",
                archive, folder,
            ])
        XCTAssertEqual(zip.status, 0, zip.standardError)
        let result = try runPicker(["--source", archive, "--filter", ""])
        assertExit(result, 0, output: "Ann Lee\nAnn Lee\nKari Løye\nZoë Kim\n😀 Sunny Day\n")
    }

    func testMalformedContactsNameTheLineWhenNothingCouldBeRead() throws {
        let vCard = directory.appendingPathComponent("broken.vcf")
        try Data("BEGIN:VCARD\nFN:Ann\nBEGIN:VCARD\n".utf8).write(to: vCard)
        let card = try runPicker(["--source", vCard.path, "--filter", ""])
        XCTAssertEqual(card.status, 2)
        XCTAssertEqual(
            card.standardError,
            "picker: \(vCard.path): line 1: the card that begins here has no END:VCARD (and 1 more skipped, none read)\n"
        )
        let csv = directory.appendingPathComponent("broken.csv")
        try Data("Name,E-mail 1 - Value\nAnn,\"ann@x\n".utf8).write(to: csv)
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

    /// Three good cards and one bad: three friends, a note on standard error naming the first
    /// problem's line (none for a mail client), exit 0; the same for a CSV's records.
    func testOneBadCardOrRecordNeverCostsTheBook() throws {
        let cards = try copy("good-and-bad-cards.vcf", as: "phone.txt")
        let filtered = try runPicker(["--source", cards, "--filter", ""])
        XCTAssertEqual(filtered.status, 0)
        XCTAssertEqual(filtered.output, "Ann Lee\nBob Stone\nCy Twombly\n")
        XCTAssertEqual(
            filtered.standardError, "picker: \(cards): 1 contact skipped at line 11: expected a property NAME:VALUE\n")
        let mutt = try runPicker(["--source", cards, "--filter", "", "--format", "mutt"])
        XCTAssertEqual(mutt.status, 0)
        XCTAssertEqual(
            mutt.output,
            "picker: 3 addresses\nann@example.org\tAnn Lee\nbob@example.org\tBob Stone\ncy@example.org\tCy Twombly\n")
        XCTAssertEqual(mutt.standardError, "", "mutt's screen is left alone")
        let records = try copy("good-and-bad-records.csv", as: "outlook.txt")
        let csv = try runPicker(["--source", records, "--filter", ""])
        XCTAssertEqual(csv.status, 0)
        XCTAssertEqual(csv.output, "Ann Lee\nBob Stone\nDee Ray\n")
        XCTAssertEqual(
            csv.standardError,
            "picker: \(records): 2 contacts skipped, first at line 3, column 12 (Last Name): a closing quote must be followed by a separator or the end of the line\n"
        )
    }

    func testThePickerNoticesTheCardsItSkipped() throws {
        let cards = try copy("good-and-bad-cards.vcf", as: "contacts.vcf")
        let picker = try startPicker(["--source", cards]) { $0.counts == "3/3 · 0 selected" }
        try picker.waitForScreen("the notice") { $0.helpLine.hasPrefix("⚠ 1 contact skipped at line 11") }
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Ann Lee\n")
        XCTAssertEqual(
            result.errors, "picker: \(cards): 1 contact skipped at line 11: expected a property NAME:VALUE\n")
    }

    /// UTF-16 without a byte-order mark, Windows-1252, 8-bit quoted-printable and CR line ends,
    /// named or piped in, as their makers write them.
    func testAddressBooksInTheEncodingsTheirMakersWrite() throws {
        let wide = try copy("utf16le-no-bom.vcf", as: "contacts.vcf")
        let mutt = try runPicker(["--source", wide, "--filter", "zoe", "--format", "mutt"])
        XCTAssertEqual(mutt.status, 0)
        XCTAssertEqual(mutt.output, "picker: 1 address\nzoe@example.se\tZoë Ångström\n")
        let piped = try runPicker(
            ["--filter", "fran"],
            input: try Data(contentsOf: URL(fileURLWithPath: PickerPaths.fixture("utf16be-bom.csv"))))
        XCTAssertEqual(piped.output, "Françoise Dœuf\n")
        let outlook = try runPicker(["--source", PickerPaths.fixture("outlook-windows-1252.csv"), "--filter", "fifi"])
        XCTAssertEqual(outlook.output, "Françoise Dœuf – “Fifi”\n")
        XCTAssertEqual(
            outlook.standardError,
            "picker: \(PickerPaths.fixture("outlook-windows-1252.csv")): not UTF-8 throughout: read as Windows-1252 where it is not\n"
        )
        let mac = try runPicker([
            "--source", PickerPaths.fixture("the-bat-classic-mac.vcf"), "--filter", "", "--format", "aerc",
        ])
        XCTAssertEqual(mac.status, 0)
        XCTAssertEqual(mac.output, "joerg@example.de\tJörg Müller\nrenee@example.fr\tRenée Faït\n")
        XCTAssertEqual(mac.standardError, "")
    }

    /// `picker --source FIXTURE --filter QUERY --format mutt` exits 0 printing `output`.
    private func assertMutt(
        _ fixture: String, _ query: String, _ output: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let mutt = try runPicker(["--source", PickerPaths.fixture(fixture), "--filter", query, "--format", "mutt"])
        XCTAssertEqual(mutt.status, 0, mutt.standardError, file: file, line: line)
        XCTAssertEqual(mutt.output, output, fixture, file: file, line: line)
    }

    /// French and Spanish Outlook exports reach mutt with every address.
    func testFrenchAndSpanishOutlookReachTheMailClient() throws {
        try assertMutt(
            "outlook-french.csv", "lef",
            "picker: 2 addresses\nfrancois@boulangerie.example\tFrançois Xavier Lefèvre\n"
                + "f.lefevre@maison.example\tFrançois Xavier Lefèvre\n")
        try assertMutt("outlook-spanish.csv", "ibanez", "picker: 1 address\nbegona@example.es\tBegoña Ibáñez\n")
    }

    /// Japanese Outlook's export in CP932 reaches mutt, and standard error says how it was read.
    func testJapaneseOutlookInCP932ReachesTheMailClient() throws {
        try assertMutt(
            "outlook-japanese-cp932.csv", "山田",
            "picker: 2 addresses\nhanako@example.jp\t花子 山田\nyamada.h@work.example.jp\t花子 山田\n")
        let path = PickerPaths.fixture("outlook-japanese-cp932.csv")
        let names = try runPicker(["--source", path, "--filter", "一郎"])
        XCTAssertEqual(names.output, "一郎 鈴木\n")
        XCTAssertEqual(names.standardError, "picker: \(path): not UTF-8 throughout: read as CP932 where it is not\n")
    }

    /// A Facebook export holding the contacts its owner uploaded: their addresses reach mutt,
    /// their phone numbers `--format tel`, from the folder and from its `.zip`.
    func testTheAddressBookOfAnExportReachesTheMailClient() throws {
        let folder = try exportFolder()
        let book = URL(fileURLWithPath: folder).appendingPathComponent(
            "personal_information/other_personal_information/your_address_books.json")
        try FileManager.default.createDirectory(at: book.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PickerPaths.fixture("your_address_books.json"), toPath: book.path)
        for source in [folder, try zipped(folder, as: "facebook-ann.zip")] {
            let mutt = try runPicker(["--source", source, "--filter", "", "--format", "mutt"])
            XCTAssertEqual(mutt.status, 0, mutt.standardError)
            XCTAssertEqual(
                mutt.output, "picker: 2 addresses\nbob.stone@example.com\tBob Stone\nzoe.kim@example.org\tZoë Kim\n")
            let tel = try runPicker(["--source", source, "--filter", "m", "--no-rank", "--format", "tel"])
            XCTAssertEqual(tel.output, "+49123456789\tElmar Müller\n+46 70 123 45 67\tZoë Kim\n")
        }
    }

    /// Addresses written `Name <addr>` in a vCard's `EMAIL` or a CSV cell reach mutt as the
    /// address, and name a contact that has no other name.
    func testAddressesWrittenAsMailboxesReachTheMailClient() throws {
        try assertMutt(
            "mailbox-emails.vcf", "",
            "picker: 3 addresses\nann@example.org\tAnn Lee\nbob@example.net\tBob Kim\nomega@example.com\tOmega Ruiz\n")
        let csv = Data("First Name,Last Name,E-mail Address\n,,\"\"\"Lee, Ann\"\" <ann@example.org>\"\n".utf8)
        let piped = try runPicker(["--filter", "lee", "--format", "mutt"], input: csv)
        XCTAssertEqual(piped.output, "picker: 1 address\nann@example.org\tLee, Ann\n")
    }

    /// A list of names saved on classic Mac OS, lines ended by CR alone: a name per line,
    /// named as a file or piped to `--filter`, never one name holding them all.
    func testAListOfNamesWithCRLineEndsIsANamePerLine() throws {
        let names = Data("Ann Lee\rBob Kim\rZoë Öz\r".utf8)
        let path = directory.appendingPathComponent("names.txt").path
        try names.write(to: URL(fileURLWithPath: path))
        let named = try runPicker(["--source", path, "--filter", "o", "--no-rank", "--format", "tsv"])
        XCTAssertEqual(named.status, 0)
        XCTAssertEqual(named.output, "2\tBob Kim\n3\tZoë Öz\n")
        let piped = try runPicker(["--filter", "o", "--no-sort", "--no-rank"], input: names)
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.output, "Bob Kim\nZoë Öz\n")
    }

    /// German Outlook (semicolons, Windows-1252), Thunderbird's tabs, a CSV without a header;
    /// a CSV picker cannot read is refused naming its header, never read as names.
    func testCSVDialectsAreReadOrRefusedNeverTakenForNames() throws {
        let german = try copy("outlook-german.csv", as: "Kontakte.csv")
        let mutt = try runPicker(["--source", german, "--filter", "", "--format", "mutt"])
        XCTAssertEqual(mutt.status, 0)
        XCTAssertEqual(
            mutt.output,
            "picker: 6 addresses\njuergen@baeckerei.example\tJürgen Karl Weiß\nj.weiss@privat.example\tJürgen Karl Weiß\n"
                + "nur.adresse@example.de\t\ninfo@stadtwerke.example\tStadtwerke Süd\n"
                + "zoe@example.de\tZoë Öztürk\nzoe.oe@example.de\tZoë Öztürk\n")
        let found = try runPicker(["--source", german, "--filter", "nur.adr"])
        XCTAssertEqual(found.output, "nur.adresse@example.de\n", "the contact without a name is found by its address")
        XCTAssertEqual(
            found.standardError,
            "picker: \(german): not UTF-8 throughout: read as Windows-1252 where it is not\n"
                + "picker: \(german): 1 contact skipped at line 6: the record has no name and no address\n")
        let tabs = try runPicker(
            ["--filter", "ann"],
            input: try Data(contentsOf: URL(fileURLWithPath: PickerPaths.fixture("thunderbird.tsv"))))
        XCTAssertEqual(tabs.output, "Ann Lee\n")
        let unknown = try runPicker(["--filter", ""], input: Data("Kunde;Ort;Land\nA;B;C\n".utf8))
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.standardError,
            "picker: standard input: line 1: the header (\"Kunde\", \"Ort\", \"Land\") names no name or address column: expected a header such as Name, First Name, Last Name, E-mail Address (or Vorname, Nachname, E-Mail-Adresse…)\n"
        )
    }

    /// A list whose first line starts with `[` but is not JSON is text; a JSON array of strings
    /// is names.
    func testTextThatLooksLikeJSONAndAnArrayOfNames() throws {
        let tagged = try runPicker(["--filter", "ann"], input: Data("[Work] Ann Lee\n{Home} Bob\n".utf8))
        XCTAssertEqual(tagged.status, 0, tagged.standardError)
        XCTAssertEqual(tagged.output, "[Work] Ann Lee\n")
        let names = try runPicker(["--filter", "", "--format", "tsv"], input: Data(#"["Ann Lee", "Bob"]"#.utf8))
        XCTAssertEqual(names.output, "1\tAnn Lee\n2\tBob\n")
    }

    /// A search looks in what the card holds: the company, the nickname, a note.
    func testASearchFindsContactsByWhatTheirCardsHold() throws {
        let german = try runPicker(["--source", PickerPaths.fixture("outlook-german.csv"), "--filter", "bäckerei"])
        XCTAssertEqual(german.output, "Jürgen Karl Weiß\n")
        let vCard = try runPicker(
            ["--filter", "skipper"],
            input: Data(
                "BEGIN:VCARD\nVERSION:3.0\nFN:Ann Lee\nNICKNAME:Skipper\nEND:VCARD\nBEGIN:VCARD\nFN:Bob\nEND:VCARD\n"
                    .utf8))
        XCTAssertEqual(vCard.output, "Ann Lee\n")
    }
}
