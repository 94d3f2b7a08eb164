import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The contact's fields in `--format json`, `--format tel`, and mutt's message line for a
/// failure.
final class ContactOutputTests: XCTestCase {
    private let ann = Friend(
        id: "1", name: "Ann Lee", emails: ["ann@home.example"],
        card: ContactCard(
            nickname: "Annie", organization: "Acme \"Labs\"", title: "CTO", phones: ["+1 555 0100", "555-0199"],
            categories: ["Friends"], birthday: "--02-03", note: "line\u{1B}", reading: "リー アン"))

    private func text(_ format: OutputFormat, _ friends: [Friend]) -> String {
        String(decoding: format.render(friends, print0: false), as: UTF8.self)
    }

    func testJSONCarriesTheFieldsTheContactHas() throws {
        let group = Friend(id: "g", name: "Team", members: ["1", "2"])
        let json = text(.json, [ann, Friend(id: "2", name: "Bob"), group])
        XCTAssertEqual(
            json,
            #"[{"id":"1","name":"Ann Lee","emails":["ann@home.example"],"nickname":"Annie","reading":"リー アン","organization":"Acme \"Labs\"","title":"CTO","phones":["+1 555 0100","555-0199"],"categories":["Friends"],"birthday":"--02-03","note":"line\u001b"},{"id":"2","name":"Bob"},{"id":"g","name":"Team","members":["1","2"]}]"#
                + "\n")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed[0]["phones"] as? [String], ["+1 555 0100", "555-0199"])
    }

    func testJSONNamesTheSourcesOfAFriendOfSeveral() {
        var bob = Friend(id: "1:2", name: "Bob", emails: ["bob@x.org"])
        bob.sources = ["home.vcf", "carddavs://dav.example.org/"]
        XCTAssertEqual(
            text(.json, [bob]),
            #"[{"id":"1:2","name":"Bob","emails":["bob@x.org"],"sources":["home.vcf","carddavs://dav.example.org/"]}]"#
                + "\n")
    }

    func testTelPrintsEveryNumberAndSaysWhoHasNone() {
        XCTAssertEqual(text(.tel, [ann, Friend(id: "2", name: "Bob")]), "+1 555 0100\tAnn Lee\n555-0199\tAnn Lee\n")
        let printout = MailPrintout(
            [ann, Friend(id: "2", name: "Bob")], format: .tel, print0: false, source: .file("book.vcf"))
        XCTAssertEqual(printout.notes, ["1 friend without a phone number left out"])
        XCTAssertEqual(printout.status, .printed)
        let nobody = MailPrintout([Friend(id: "2", name: "Bob")], format: .tel, print0: false, source: .file("b"))
        XCTAssertEqual(nobody.status, .nothingToPrint)
        XCTAssertEqual(OutputFormat.tel.printedPart, .phoneNumber)
        XCTAssertEqual(OutputFormat.aerc.printedPart, .emailAddress)
        XCTAssertEqual(OutputFormat.json.printedPart, .contact)
    }

    func testMuttIsToldOfAFailureOnItsMessageLine() {
        XCTAssertEqual(
            MailPrintout.muttMessage(failure: "book.vcf: cannot be read\u{1B}[2J"),
            #"picker: book.vcf: cannot be read\x1b[2J"#)
        XCTAssertEqual(
            MailPrintout.muttMessage(failure: "it's 'gone'; `x`", format: .muttTo),
            #"echo 'picker: it'\''s '\''gone'\''; `x`'"#)
        XCTAssertEqual(MailPrintout.muttFormat(in: ["--filter", "x", "--format", "mutt"]), .mutt)
        XCTAssertEqual(MailPrintout.muttFormat(in: ["--format=mutt", "--bogus"]), .mutt)
        XCTAssertEqual(MailPrintout.muttFormat(in: ["--format=mutt-to", "--bogus"]), .muttTo)
        XCTAssertEqual(MailPrintout.muttFormat(in: ["--format", "mutt", "--format", "aerc"]), nil)
        XCTAssertNil(MailPrintout.muttFormat(in: ["--format", "aerc", "mutt"]))
    }
}
