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
}
