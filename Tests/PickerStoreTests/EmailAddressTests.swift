import PickerTestSupport
import XCTest

@testable import PickerStore

/// What is taken for one plain email address, printed for a mail client or a header.
final class EmailAddressTests: XCTestCase {
    func testPlainAddressesAreTaken() {
        for address in [
            "ann@example.org", "a.b+tag@sub.example.co.uk", "o'brien@example.ie", "x@y", "jiří@příklad.cz",
            "山田@例え.jp", "!#$%&'*+-/=?^_`{|}~@example.org",
        ] {
            XCTAssertTrue(EmailAddress.isPlain(address), address)
        }
    }

    func testAnythingThatCouldAddARecipientOrHideTextIsNot() {
        for address in [
            "", "@", "ann@", "@example.org", "ann", "a@b@c", "eve@x.org, boss@y.org", "eve@x.org,boss@y.org",
            "mal@x.org>\tfoo", "Mal <mal@x.org>", "<mal@x.org>", "a b@example.org", " ann@example.org",
            "ann@example.org\n", "ann@example.org;bob@example.org", #""a b"@example.org"#, "a@[192.0.2.1]",
            "a(comment)@example.org", "a\\b@example.org", "group:a@example.org", "a\u{0}@example.org",
            "a\u{7F}@example.org", "a\u{85}@example.org", "a\u{A0}@example.org", "a\u{2028}@example.org",
            "a\u{3000}@example.org", "a\u{202E}gro.elpmaxe@b", "a\u{200B}@example.org", "a\u{FEFF}@example.org",
        ] {
            XCTAssertFalse(EmailAddress.isPlain(address), address.debugDescription)
        }
    }

    /// An address written as one mailbox, `Name <addr>`, as some exporters write it, gives the
    /// address and the name; anything that is not exactly one such mailbox gives nothing.
    func testOneMailboxGivesItsAddressAndName() {
        let cases: [(String, String?, String)] = [
            ("Ann Lee <ann@example.org>", "Ann Lee", "ann@example.org"),
            (#""Omega" <omega@example.com>"#, "Omega", "omega@example.com"),
            (#" "Lee, Ann \"Annie\"" <ann@example.org> "#, #"Lee, Ann "Annie""#, "ann@example.org"),
            ("<ann@example.org>", nil, "ann@example.org"),
            ("J. Smith < j@example.org >", "J. Smith", "j@example.org"),
            (#""ann@example.org" <ann@example.org>"#, nil, "ann@example.org"),
            ("Zoë Öz <zoë@example.de>", "Zoë Öz", "zoë@example.de"),
        ]
        for (text, name, address) in cases {
            let mailbox = EmailAddress.mailbox(text)
            XCTAssertEqual(mailbox?.address, address, text)
            XCTAssertEqual(mailbox?.name, name, text)
        }
        for text in [
            "ann@example.org", "Ann <ann>", "Eve <eve@x.org>, Boss <boss@y.org>", "eve@x.org, Boss <boss@y.org>",
            "Ann <a@x.org> <b@x.org>", #""Ann <ann@example.org>"#, #""Ann" x <ann@example.org>"#,
            "Group: Ann <ann@example.org>", "Ann <ann@example.org>;", "Ann <ann@example.org", "Ann (x) <a@x.org>",
            "Ann <a@x.org, b@x.org>",
        ] {
            XCTAssertNil(EmailAddress.mailbox(text), text)
        }
    }
}
