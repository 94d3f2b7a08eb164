import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class VCardReaderTests: XCTestCase {
    private func read(_ text: String) throws -> ReadSource {
        try readLines(Data(text.utf8), VCardReader.init(source:))
    }

    private func read(fixture name: String) throws -> ReadSource {
        try readLines(try Data(contentsOf: fixture(name)), VCardReader.init(source:))
    }

    private func problem(_ text: String) -> String? {
        PickerTestSupport.problem(Data(text.utf8), VCardReader.init(source:))
    }

    /// Cards without a `UID` are told apart by everything they hold: namesakes with the same
    /// address and another phone are two friends; a card written twice alike is one id, which
    /// the list keeps once; the first keeps the id made from its name and addresses, as before.
    func testNamesakesWithoutAUIDAreKeptApartUnlessAlike() throws {
        func card(_ phone: String, uid: String? = nil) -> String {
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\n" + (uid.map { "UID:\($0)\r\n" } ?? "")
                + "EMAIL:ann@x.org\r\nTEL:\(phone)\r\nEND:VCARD\r\n"
        }
        let found = try read(card("111") + card("222") + card("222") + card("333", uid: "u1") + card("444", uid: "u1"))
        let ids = found.friends.map(\.id)
        XCTAssertEqual(ids.count, 5)
        XCTAssertEqual(ids[0], StableID.of(["Ann Lee", "ann@x.org"]), "the first keeps the id it had")
        XCTAssertNotEqual(ids[1], ids[0], "another phone: another contact")
        XCTAssertEqual(ids[2], ids[1], "written twice alike: one contact")
        XCTAssertEqual(ids[3...].map { $0 }, ["u1", "u1"], "a UID is the id, whatever else the card holds")
        let again = try read(card("222") + card("111")).friends.map(\.id)
        XCTAssertEqual(again.first, ids[0], "the first card keeps the id made from its name and address")
    }

    func testGoogleExport() throws {
        let read = try read(fixture: "google.vcf")
        XCTAssertEqual(read.skipped, 1, "the card with neither name nor address; the one with an address is kept")
        XCTAssertEqual(read.friends.count, 3)
        XCTAssertEqual(read.friends[2].name, "nameless@example.org", "known by its address")
        XCTAssertNil(read.friends[2].firstName)
        let ann = read.friends[0]
        XCTAssertEqual(ann.name, "Ann Lee")
        XCTAssertEqual(ann.nameParts, NameParts(first: "Ann", middle: "", last: "Lee"))
        XCTAssertEqual(
            ann.emails, ["ann@home.example", "ann.lee@work.example", "ann.lee@club.example"],
            "the pref type first, then in order, the grouped item1.EMAIL included")
        XCTAssertEqual(
            ann.id, StableID.of(["Ann Lee", "ann@home.example", "ann.lee@work.example", "ann.lee@club.example"]))
        XCTAssertEqual(read.friends[1].name, "Smith, Jr., Bob", "escaped commas")
        XCTAssertEqual(read.friends[1].lastName, "Smith")
    }

    func testAppleExportWithFoldsInsideACharacterAndAFoldedPhoto() throws {
        let read = try read(fixture: "apple.vcf")
        XCTAssertEqual(read.skipped, 0)
        XCTAssertEqual(read.friends.map(\.name), ["Zoë Ångström-Kowalczyk", "Acme Widgets"])
        XCTAssertEqual(read.friends[0].id, "7E3F1C9A-0B6D-4E2A-9F4B-2C1D8E5A6B70")
        XCTAssertEqual(read.friends[0].emails, ["zoe@example.se", "zoe.ak@work.example"])
        XCTAssertEqual(read.friends[0].nameParts, NameParts(first: "Zoë", middle: "", last: "Ångström-Kowalczyk"))
        XCTAssertNil(read.friends[1].firstName, "an empty N leaves the parts to the name")
        XCTAssertEqual(read.friends[1].emails, ["sales@acme.example"])
    }

    func testAndroid21WithQuotedPrintableSoftBreakInsideACharacter() throws {
        let read = try read(fixture: "android.vcf")
        XCTAssertEqual(read.friends.map(\.name), ["山田 太郎", "Jiří Novák"])
        XCTAssertEqual(read.friends[0].nameParts, NameParts(first: "太郎", middle: "", last: "山田"))
        XCTAssertEqual(read.friends[0].emails, ["taro@example.jp", "yamada@work.example.jp"], "bare PREF first")
        XCTAssertEqual(read.friends[1].emails, ["jiri@example.cz"])
    }

    func testVersion4WithPreferencesAndAUID() throws {
        let read = try read(fixture: "rfc6350.vcf")
        XCTAssertEqual(read.friends.count, 1)
        XCTAssertEqual(read.friends[0].id, "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        XCTAssertEqual(read.friends[0].emails, ["kari@home.example", "kari@work.example", "kari@old.example"])
    }

    func testTheNameComesFromNWithoutFN() throws {
        let read = try read("BEGIN:VCARD\nVERSION:3.0\nN:García Márquez;Gabriel;José,María;Dr.;\nEND:VCARD\n")
        XCTAssertEqual(read.friends.map(\.name), ["Gabriel José María García Márquez"])
        XCTAssertEqual(read.friends[0].middleName, "José María")
    }

    func testEscapesAndCaseOfNames() throws {
        let read = try read(
            "begin:vcard\r\nversion:3.0\r\nfn:A\\;B\\\\C\\nD\\x\r\nemail;type=INTERNET:  a@b.example  \r\nend:vcard\r\n"
        )
        XCTAssertEqual(read.friends.map(\.name), ["A;B\\C\nD\\x"])
        XCTAssertEqual(read.friends[0].emails, ["a@b.example"])
    }

    func testCharsetsOf21() throws {
        let latin1 =
            Data("BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=ISO-8859-1:Jos".utf8) + Data([0xE9])
            + Data("\nEND:VCARD\n".utf8)
        XCTAssertEqual(try readLines(latin1, VCardReader.init(source:)).friends.map(\.name), ["José"])
        let shiftJIS = Data(
            "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:=93=FA=96=7B\nEND:VCARD\n".utf8)
        XCTAssertEqual(try readLines(shiftJIS, VCardReader.init(source:)).friends.map(\.name), ["日本"])
    }

    func testAnAgentCardInsideACardIsPassedOver() throws {
        let read = try read(
            "BEGIN:VCARD\nVERSION:2.1\nFN:Boss\nAGENT:\nBEGIN:VCARD\nVERSION:2.1\nFN:Assistant\nEND:VCARD\nEMAIL:boss@example.org\nEND:VCARD\n"
        )
        XCTAssertEqual(read.friends.map(\.name), ["Boss"])
        XCTAssertEqual(read.friends[0].emails, ["boss@example.org"])
    }

    func testSkippedPropertiesAreNotHeldWhateverTheirSize() throws {
        let photo = String(repeating: "QUJD", count: 400_000)
        let card = Data("BEGIN:VCARD\nVERSION:3.0\nFN:Ann\nPHOTO;ENCODING=b:\(photo)\nEND:VCARD\n".utf8)
        XCTAssertEqual(try readLines(card, chunkSize: 4096, VCardReader.init(source:)).friends.map(\.name), ["Ann"])
        XCTAssertEqual(
            PickerTestSupport.problem(
                Data("BEGIN:VCARD\nVERSION:3.0\nFN:\(photo)\nEND:VCARD\n".utf8), chunkSize: 4096,
                VCardReader.init(source:)),
            "line 3: a property longer than 1 MB")
        XCTAssertEqual(
            try readLines(
                Data("BEGIN:VCARD\nFN:\(photo)\nEND:VCARD\nBEGIN:VCARD\nFN:Bob\nEND:VCARD\n".utf8), chunkSize: 4096,
                VCardReader.init(source:)
            ).friends.map(\.name), ["Bob"], "the card after is read")
    }

    func testAFileOfWhichNothingIsReadNamesTheFirstProblem() {
        XCTAssertEqual(problem("BEGIN:VCARD\nFN:Ann\n"), "line 1: the card that begins here has no END:VCARD")
        XCTAssertEqual(problem("BEGIN:VCARD\nFN:Ann\njunk\nEND:VCARD\n"), "line 3: expected a property NAME:VALUE")
        XCTAssertEqual(problem("END:VCARD\n"), "line 1: END:VCARD without BEGIN:VCARD")
        XCTAssertEqual(problem("FN:Ann\n"), "line 1: expected BEGIN:VCARD")
        XCTAssertEqual(
            problem("BEGIN:VCARD\nFN:Ann\njunk\nEND:VCARD\nBEGIN:VCARD\nEND:VCARD\n"),
            "line 3: expected a property NAME:VALUE (and 1 more skipped, none read)")
        XCTAssertEqual(
            PickerTestSupport.problem(
                Data("BEGIN:VCARD\nFN;CHARSET=X-KLINGON:".utf8) + Data([0xA4, 0xA2]) + Data("\nEND:VCARD\n".utf8),
                VCardReader.init(source:)),
            "line 2: FN is in CHARSET=x-klingon, which picker does not read")
        XCTAssertEqual(
            try readLines(
                Data("BEGIN:VCARD\nFN;CHARSET=EUC-JP:".utf8) + Data([0xA4, 0xA2]) + Data("\nEND:VCARD\n".utf8),
                VCardReader.init(source:)
            ).friends.map(\.name), ["あ"], "every set the C library converts is read")
    }

    func testThreeGoodCardsAndOneBadGiveThreeFriends() throws {
        let read = try read(fixture: "good-and-bad-cards.vcf")
        XCTAssertEqual(read.friends.map(\.name), ["Ann Lee", "Bob Stone", "Cy Twombly"])
        XCTAssertEqual(read.skipped, 1, "the card with a line that is no property; the comments are not counted")
        XCTAssertEqual(read.firstSkipped, SkippedEntry(line: 11, problem: "expected a property NAME:VALUE"))
    }

    func testABrokenCardIsSkippedAndTheNextIsRead() throws {
        func card(_ name: String) -> String { "BEGIN:VCARD\nFN:\(name)\nEND:VCARD\n" }
        let noEnd = try read(card("Ann") + "BEGIN:VCARD\nFN:Lost\n" + card("Bob"))
        XCTAssertEqual(noEnd.friends.map(\.name), ["Ann", "Bob"])
        XCTAssertEqual(noEnd.firstSkipped, SkippedEntry(line: 4, problem: "the card that begins here has no END:VCARD"))
        let cut = try read(card("Ann") + "BEGIN:VCARD\nFN:Cut\nEMAIL:cut@exa")
        XCTAssertEqual(cut.friends.map(\.name), ["Ann"], "a file cut off mid-line")
        XCTAssertEqual(cut.skipped, 1)
        let undecodable = try readLines(
            Data(card("Ann").utf8) + Data("BEGIN:VCARD\nFN;CHARSET=X-KLINGON:".utf8) + Data([0xA4])
                + Data("\nEND:VCARD\n".utf8) + Data(card("Bob").utf8), VCardReader.init(source:))
        XCTAssertEqual(undecodable.friends.map(\.name), ["Ann", "Bob"])
        XCTAssertEqual(
            undecodable.firstSkipped,
            SkippedEntry(line: 5, problem: "FN is in CHARSET=x-klingon, which picker does not read"))
        let stray = try read(card("Ann") + "hello\nworld\nEND:VCARD\n" + card("Bob") + "bye\n")
        XCTAssertEqual(stray.friends.map(\.name), ["Ann", "Bob"])
        XCTAssertEqual(stray.skipped, 2, "each run of lines outside the cards counts once")
        XCTAssertEqual(stray.firstSkipped, SkippedEntry(line: 4, problem: "expected BEGIN:VCARD"))
        let nameless = try read(card("Ann") + "BEGIN:VCARD\nNOTE:who\nEND:VCARD\n")
        XCTAssertEqual(nameless.firstSkipped, SkippedEntry(line: 4, problem: "the card has no name and no address"))
    }

    func testACardWithoutANameGoesByItsOrganizationElseItsAddress() throws {
        let read = try read(
            "BEGIN:VCARD\nVERSION:3.0\nORG:Acme\\, Inc.;Sales\nEMAIL:sales@acme.example\nEND:VCARD\n"
                + "BEGIN:VCARD\nVERSION:2.1\nTEL:+1 555 0100\nEMAIL:b@x.example\nEMAIL;PREF:a@x.example\nEND:VCARD\n")
        XCTAssertEqual(read.friends.map(\.name), ["Acme, Inc.", "a@x.example"])
        XCTAssertEqual(read.friends[1].emails, ["a@x.example", "b@x.example"])
        XCTAssertEqual(read.friends[1].id, StableID.of(["a@x.example", "a@x.example", "b@x.example"]))
    }

    /// An `EMAIL` written `Name <addr>` gives the address; the name names a card without `FN`
    /// or `N`; a value holding more than one mailbox is kept as it is.
    func testAnEmailWrittenAsAMailboxGivesItsAddressAndName() throws {
        let read = try read(
            "BEGIN:VCARD\nVERSION:3.0\nFN:Omega\nEMAIL;TYPE=INTERNET:\"Omega\" <omega@example.com>\nEND:VCARD\n"
                + "BEGIN:VCARD\nVERSION:3.0\nEMAIL:Ann Lee <ann@example.org>\nORG:Acme\nEND:VCARD\n"
                + "BEGIN:VCARD\nVERSION:3.0\nFN:Bob\nEMAIL:bob@x.example\\, Eve <eve@x.example>\nEND:VCARD\n")
        XCTAssertEqual(read.friends.map(\.name), ["Omega", "Ann Lee", "Bob"])
        XCTAssertEqual(
            read.friends.map(\.emails),
            [["omega@example.com"], ["ann@example.org"], ["bob@x.example, Eve <eve@x.example>"]])
        XCTAssertNil(read.friends[1].firstName, "the mailbox's name has no parts")
        XCTAssertEqual(read.friends[1].card?.organization, "Acme")
    }

    func testAndroidCommentLinesAreIgnored() throws {
        let read = try read("# exported\nBEGIN:VCARD\n#inside\nFN:Ann\nEND:VCARD\n#after\n")
        XCTAssertEqual(read.friends.map(\.name), ["Ann"])
        XCTAssertEqual(read.skipped, 0)
    }

    func testBlankLinesBetweenCardsAndWithoutAFinalLineEnd() throws {
        let read = try read("\n\nBEGIN:VCARD\nFN:Ann\nEND:VCARD\n\n  \nBEGIN:VCARD\nFN:Bob\nEND:VCARD")
        XCTAssertEqual(read.friends.map(\.name), ["Ann", "Bob"])
    }

    func testQuotedPrintableDecoding() {
        XCTAssertEqual(VCardValue.quotedPrintable(Array("a=3Db=3d=".utf8)), Array("a=b=".utf8), "a last = is dropped")
        XCTAssertEqual(VCardValue.quotedPrintable(Array("=ZZ=4".utf8)), Array("=ZZ=4".utf8), "not escapes: kept")
    }
}
