import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class MailOutputTests: XCTestCase {
    private let friends = [
        Friend(id: "1", name: "Ann Lee", emails: ["ann@home.example", "ann@work.example"]),
        Friend(id: "2", name: "Bob"),
        Friend(id: "3", name: "Smith, Jr., Carl", emails: ["carl@example.org"]),
    ]

    private func text(_ format: OutputFormat, _ friends: [Friend], print0: Bool = false) -> String {
        String(decoding: format.render(friends, print0: print0), as: UTF8.self)
    }

    func testMuttQueryShape() {
        XCTAssertEqual(
            text(.mutt, friends),
            "picker: 3 addresses\nann@home.example\tAnn Lee\nann@work.example\tAnn Lee\ncarl@example.org\tSmith, Jr., Carl\n"
        )
        XCTAssertEqual(text(.mutt, [friends[1]]), "picker: no friend with an email address matches\n")
        XCTAssertEqual(text(.mutt, [friends[2]]), "picker: 1 address\ncarl@example.org\tSmith, Jr., Carl\n")
    }

    func testAercShape() {
        XCTAssertEqual(
            text(.aerc, friends),
            "ann@home.example\tAnn Lee\nann@work.example\tAnn Lee\ncarl@example.org\tSmith, Jr., Carl\n")
        XCTAssertEqual(text(.aerc, [friends[1]]), "")
        XCTAssertEqual(text(.aerc, [friends[2]], print0: true), "carl@example.org\tSmith, Jr., Carl\0")
    }

    /// A contact with an address and no name goes by the address: the mail formats print the
    /// address alone (mutt with an empty name, as its query shape has one).
    func testAContactKnownOnlyByItsAddress() {
        let nameless = Friend(id: "4", name: "nn@example.org", emails: ["nn@example.org", "nn@work.example"])
        XCTAssertEqual(
            text(.mutt, [nameless]), "picker: 2 addresses\nnn@example.org\t\nnn@work.example\tnn@example.org\n")
        XCTAssertEqual(text(.aerc, [nameless]), "nn@example.org\nnn@work.example\tnn@example.org\n")
        XCTAssertEqual(text(.address, [nameless]), "nn@example.org\n")
    }

    func testMailboxesQuoteNamesThatNeedIt() {
        XCTAssertEqual(text(.address, friends), "Ann Lee <ann@home.example>\n\"Smith, Jr., Carl\" <carl@example.org>\n")
        func mailbox(_ name: String) -> String {
            text(.address, [Friend(id: "1", name: name, emails: ["x@example.org"])])
        }
        XCTAssertEqual(mailbox("Seán O'Brien"), "Seán O'Brien <x@example.org>\n", "an apostrophe is atom text")
        XCTAssertEqual(mailbox("J. R. \"Bob\" Dobbs"), #""J. R. \"Bob\" Dobbs" <x@example.org>"# + "\n")
        XCTAssertEqual(
            mailbox("back\\slash"), #""back\\\\slash" <x@example.org>"# + "\n",
            "a backslash doubled, as every escaped output writes it, then quoted")
        XCTAssertEqual(mailbox("Eve\u{1B}[2J"), #""Eve\\x1b[2J" <x@example.org>"# + "\n", "escaped, then quoted")
        XCTAssertEqual(mailbox(" "), "<x@example.org>\n")
    }

    func testTabsAndNewlinesInANameCannotBreakTheShape() {
        let sly = Friend(id: "1", name: "Ann\tLee\nEve", emails: ["ab@example.org"])
        XCTAssertEqual(text(.aerc, [sly]), "ab@example.org\t" + #"Ann\x09Lee\x0aEve"# + "\n")
    }

    /// An address cell holding more than one address, or the end of a mailbox and more, would
    /// add recipients once pasted into a header: only one plain address is printed.
    func testOnlyPlainAddressesArePrinted() {
        let hostile = [
            Friend(id: "1", name: "Eve", emails: ["eve@x.org, boss@y.org"]),
            Friend(id: "2", name: "Mal", emails: ["mal@x.org>\tfoo", "mal@home.example"]),
            Friend(id: "3", name: "Tab", emails: ["a\tb@example.org", "c@example.org; d@example.org"]),
        ]
        XCTAssertEqual(text(.address, hostile), "Mal <mal@home.example>\n", "the first plain address of each")
        XCTAssertEqual(text(.aerc, hostile), "mal@home.example\tMal\n")
        XCTAssertEqual(text(.mutt, hostile), "picker: 1 address\nmal@home.example\tMal\n")
        let printout = MailPrintout(hostile, format: .address, print0: false, source: .file("contacts.csv"))
        XCTAssertEqual(
            printout.notes,
            [
                "contacts.csv: 4 email addresses left out, not one plain address each (name@domain, without spaces, commas, <, >, quotes or ;)",
                "2 friends without an email address left out",
            ])
        XCTAssertEqual(printout.status, .printed)
        let nobody = MailPrintout([hostile[0]], format: .address, print0: false, source: .file("contacts.csv"))
        XCTAssertEqual(nobody.status, .nothingToPrint, "a friend whose only address is not plain has none")
        XCTAssertEqual(
            text(.json, [hostile[0]]), #"[{"id":"1","name":"Eve","emails":["eve@x.org, boss@y.org"]}]"# + "\n")
    }

    /// A person reads `--format address`; mutt and aerc run picker at each query, and mutt
    /// leaves its standard error on the screen: their notes are left out.
    func testThePrintoutSaysWhatWasLeftOutOnlyToAPerson() {
        let source = FriendSource.file("contacts.vcf")
        let some = MailPrintout(friends, format: .address, print0: false, source: source)
        XCTAssertEqual(some.notes, ["1 friend without an email address left out"])
        XCTAssertEqual(some.status, .printed)
        let none = MailPrintout([friends[1], friends[1]], format: .address, print0: false, source: source)
        XCTAssertEqual(none.notes, ["2 friends without an email address left out"])
        XCTAssertEqual(none.status, .nothingToPrint)
        let all = MailPrintout([friends[0]], format: .address, print0: false, source: source)
        XCTAssertEqual(all.notes, [])
        for format in [OutputFormat.mutt, .aerc] {
            let forClient = MailPrintout([friends[1], friends[1]], format: format, print0: false, source: source)
            XCTAssertEqual(forClient.notes, [], "\(format)")
            XCTAssertEqual(forClient.status, .nothingToPrint)
        }
        let muttNone = MailPrintout([friends[1]], format: .mutt, print0: false, source: source)
        XCTAssertEqual(
            String(decoding: muttNone.output, as: UTF8.self), "picker: no friend with an email address matches\n")
    }

    func testJSONCarriesTheEmails() {
        XCTAssertEqual(
            text(.json, Array(friends.prefix(2))),
            #"[{"id":"1","name":"Ann Lee","emails":["ann@home.example","ann@work.example"]},{"id":"2","name":"Bob"}]"#
                + "\n")
    }
}
