import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class ContactsCSVTests: XCTestCase {
    private func read(_ text: String) throws -> ReadSource {
        try readLines(Data(text.utf8), ContactsCSV.init(source:))
    }

    private func read(fixture name: String) throws -> ReadSource {
        try readLines(try Data(contentsOf: fixture(name)), ContactsCSV.init(source:))
    }

    private func problem(_ text: String) -> String? {
        PickerTestSupport.problem(Data(text.utf8), ContactsCSV.init(source:))
    }

    /// An address given twice, in one cell or in two, is kept once, where it first is among the
    /// preferred addresses then the others; parts without a Name column are joined by spaces.
    func testAnAddressGivenTwiceIsKeptOnceInItsFirstPlace() throws {
        let read = try read(
            "First Name,Middle Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value\n"
                + "Ann,, Lee ,Home,b@x.org ::: a@x.org ::: b@x.org,* Work,c@x.org ::: a@x.org\n"
                + ", Zoë ,,Home,d@x.org ::: d@x.org,,\n")
        XCTAssertEqual(read.friends.map(\.name), ["Ann Lee", "Zoë"])
        XCTAssertEqual(read.friends[0].emails, ["c@x.org", "a@x.org", "b@x.org"], "the * label first, each once")
        XCTAssertEqual(read.friends[1].emails, ["d@x.org"])
    }

    func testGoogleCurrentColumnsWithQuotedCommasNewlinesAndSeveralAddressesInACell() throws {
        let read = try read(fixture: "google.csv")
        XCTAssertEqual(read.friends.map(\.name), ["Ann Lee", "Bob J. Smith", "Acme Widgets"])
        XCTAssertEqual(read.skipped, 1, "the row with only a phone number")
        XCTAssertEqual(read.friends[0].emails, ["ann@home.example", "ann.lee@work.example"], "the * label first")
        XCTAssertEqual(read.friends[1].emails, ["bob@example.org", "bob.smith@example.org"], "split at :::")
        XCTAssertEqual(read.friends[1].nameParts, NameParts(first: "Bob", middle: "J.", last: "Smith"))
        XCTAssertNil(read.friends[2].firstName, "an organization's name has no parts")
    }

    /// Records without an id are told apart by everything they hold, as cards without a `UID`
    /// are: namesakes with one address and two phones are two friends, a record repeated alike
    /// one id (the list keeps it once).
    func testNamesakesWithoutAnIdAreKeptApartUnlessAlike() throws {
        let found = try read(
            "Name,E-mail 1 - Value,Phone 1 - Value\nAnn Lee,ann@x.org,111\nAnn Lee,ann@x.org,222\n"
                + "Ann Lee,ann@x.org,222\n")
        let ids = found.friends.map(\.id)
        XCTAssertEqual(ids.count, 3)
        XCTAssertEqual(ids[0], StableID.of(["Ann Lee", "ann@x.org"]))
        XCTAssertNotEqual(ids[1], ids[0])
        XCTAssertEqual(ids[2], ids[1])
        XCTAssertEqual(found.friends[1].card?.phones, ["222"])
    }

    func testGoogleOlderColumns() throws {
        let read = try read(fixture: "google-old.csv")
        XCTAssertEqual(read.friends.map(\.name), ["Zoë Kim", "O'Brien, Seán"])
        XCTAssertEqual(read.friends[0].emails, ["zoe@example.org", "zoe.kim@work.example"])
        XCTAssertEqual(read.friends[1].nameParts, NameParts(first: "Seán", middle: "", last: "O'Brien"))
    }

    func testOutlookAndPlainColumns() throws {
        let outlook = try read(fixture: "outlook.csv")
        XCTAssertEqual(outlook.friends.map(\.name), ["Jane Q. Doe"])
        XCTAssertEqual(outlook.friends[0].emails, ["jane@example.com", "jane.doe@work.example"])
        let plain = try read(fixture: "plain.csv")
        XCTAssertEqual(plain.friends.map(\.name), ["Ada Lovelace", "Charles Babbage"])
        XCTAssertEqual(plain.friends.map(\.emails), [["ada@example.org"], []])
    }

    /// A cell holding an address written `Name <addr>` gives the address, and the name to a
    /// record without one.
    func testAnAddressWrittenAsAMailboxGivesItsAddressAndName() throws {
        let read = try read(
            "Name,E-mail Address,Company\n,\"\"\"Lee, Ann\"\" <ann@example.org>\",Acme\nBob,Bob Kim <bob@example.org>,\n"
        )
        XCTAssertEqual(read.friends.map(\.name), ["Lee, Ann", "Bob"])
        XCTAssertEqual(read.friends.map(\.emails), [["ann@example.org"], ["bob@example.org"]])
    }

    func testIdsComeFromAnIdColumnElseFromNameAndAddresses() throws {
        let read = try read("Email,Name,ID\nann@x.example,Ann,a-1\nbob@x.example,Bob,\n")
        XCTAssertEqual(read.friends.map(\.id), ["a-1", StableID.of(["Bob", "bob@x.example"])])
    }

    func testQuotingAsRFC4180() throws {
        let read = try read(
            "name,email\n\"Lee, \"\"Annie\"\" \",a@x.example\n  \"Bob\" ,b@x.example\r\nCa\"rl,c@x.example")
        XCTAssertEqual(read.friends.map(\.name), ["Lee, \"Annie\"", "Bob", "Ca\"rl"])
    }

    func testAFileOfWhichNothingIsReadNamesTheLineAndColumn() {
        XCTAssertEqual(
            problem("name,email\nAnn,\"ann@x\n"),
            "line 2, column 5 (email): the quoted field that starts here never ends")
        XCTAssertEqual(
            problem("name,email\n\"Ann\"x,a@x\n"),
            "line 2, column 6 (name): a closing quote must be followed by a separator or the end of the line")
        XCTAssertEqual(
            problem("phone,fax\n1,2\n"),
            "line 1: the header (\"phone\", \"fax\") names no name or address column: expected a header such as Name, First Name, Last Name, E-mail Address (or Vorname, Nachname, E-Mail-Adresse…)"
        )
        XCTAssertEqual(
            problem("\"name,email\nAnn,a@x\n"), "line 1, column 1: the quoted field that starts here never ends")
    }

    func testABadRecordIsSkippedAndTheOthersRead() throws {
        let mixed = try read(fixture: "good-and-bad-records.csv")
        XCTAssertEqual(mixed.friends.map(\.name), ["Ann Lee", "Bob Stone", "Dee Ray"])
        XCTAssertEqual(mixed.skipped, 2, "the stray quote, and the quoted field that never ends")
        XCTAssertEqual(
            mixed.firstSkipped,
            SkippedEntry(
                place: "line 3, column 12 (Last Name)",
                problem: "a closing quote must be followed by a separator or the end of the line"))
        let open = try read("name,email\nAnn,\"a@x\nBob,\"b@x\nCy,c@x\n")
        XCTAssertEqual(open.friends.map(\.name), ["Cy"], "each record left open is skipped, the lines after read again")
        XCTAssertEqual(open.skipped, 2)
    }

    func testAQuoteLeftOpenDoesNotTakeInTheWholeText() throws {
        var records = CSVRecords(maximumRecordLength: 40)
        func read(_ line: String, _ number: Int) throws -> CSVRecords.Record? {
            var line = line
            return try line.withUTF8 { try records.read($0, number: number) }
        }
        XCTAssertEqual(try read("Ann,\"open", 1)?.fields, nil)
        XCTAssertEqual(try read(String(repeating: "x", count: 20), 2)?.fields, nil)
        XCTAssertThrowsError(try read(String(repeating: "x", count: 20), 3)) { error in
            XCTAssertEqual(
                error as? CSVRecords.Failure,
                CSVRecords.Failure(
                    line: 1, column: 5, field: 2, problem: "the quoted field that starts here runs past 40 bytes"))
        }
    }

    func testTheHeaderTellsAContactsCSVFromText() {
        func isHeader(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { ContactsCSV.isContactsCSV($0) }
        }
        XCTAssertTrue(isHeader("First Name,Middle Name,Last Name,E-mail 1 - Value"))
        XCTAssertTrue(isHeader("Name,Given Name,Family Name"))
        XCTAssertTrue(isHeader("name,email"))
        XCTAssertTrue(isHeader("\"Last Name\",\"First Name\""))
        XCTAssertFalse(isHeader("Smith, Ann"), "a name with a comma")
        XCTAssertFalse(isHeader("Smith, Ann\nLee, Bob, Dr.\n"), "names with commas")
        XCTAssertFalse(isHeader("Name"), "one column is a line of text")
        XCTAssertTrue(isHeader("E-mail Address\r\nann@example.org\r\n"), "a list of addresses under its header")
        XCTAssertTrue(isHeader("phone,email"), "an address column")
        XCTAssertFalse(isHeader("phone,fax"))
        XCTAssertFalse(isHeader("\"unclosed,name"))
        XCTAssertTrue(isHeader("Vorname;Nachname;E-Mail-Adresse\r\n"), "German Outlook, ; separated")
        XCTAssertTrue(isHeader("Ann Lee,ann@example.org\n"), "no header, an address")
        XCTAssertTrue(isHeader("Kunde;Ort;Land\nA;B;C\n"), "a CSV picker cannot read is refused, never names")
    }
}
