import XCTest

@testable import PickerKit

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

    func testMailboxesQuoteNamesThatNeedIt() {
        XCTAssertEqual(text(.address, friends), "Ann Lee <ann@home.example>\n\"Smith, Jr., Carl\" <carl@example.org>\n")
        func mailbox(_ name: String) -> String {
            text(.address, [Friend(id: "1", name: name, emails: ["x@example.org"])])
        }
        XCTAssertEqual(mailbox("Seán O'Brien"), "Seán O'Brien <x@example.org>\n", "an apostrophe is atom text")
        XCTAssertEqual(mailbox("J. R. \"Bob\" Dobbs"), #""J. R. \"Bob\" Dobbs" <x@example.org>"# + "\n")
        XCTAssertEqual(mailbox("back\\slash"), #""back\\slash" <x@example.org>"# + "\n")
        XCTAssertEqual(mailbox("Eve\u{1B}[2J"), #""Eve\\x1b[2J" <x@example.org>"# + "\n", "escaped, then quoted")
        XCTAssertEqual(mailbox(" "), "<x@example.org>\n")
    }

    func testTabsAndNewlinesCannotBreakTheShape() {
        let sly = Friend(id: "1", name: "Ann\tLee\nEve", emails: ["a\tb@example.org"])
        XCTAssertEqual(text(.aerc, [sly]), #"a\x09b@example.org"# + "\t" + #"Ann\x09Lee\x0aEve"# + "\n")
    }

    func testThePrintoutSaysWhoHadNoAddress() {
        let some = MailPrintout(friends, format: .aerc, print0: false)
        XCTAssertEqual(some.note, "1 friend without an email address left out")
        XCTAssertEqual(some.status, .printed)
        let none = MailPrintout([friends[1], friends[1]], format: .mutt, print0: false)
        XCTAssertEqual(none.note, "2 friends without an email address left out")
        XCTAssertEqual(none.status, .nothingToPrint)
        XCTAssertEqual(
            String(decoding: none.output, as: UTF8.self), "picker: no friend with an email address matches\n")
        let all = MailPrintout([friends[0]], format: .address, print0: false)
        XCTAssertNil(all.note)
    }

    func testJSONCarriesTheEmails() {
        XCTAssertEqual(
            text(.json, Array(friends.prefix(2))),
            #"[{"id":"1","name":"Ann Lee","emails":["ann@home.example","ann@work.example"]},{"id":"2","name":"Bob"}]"#
                + "\n")
    }
}
