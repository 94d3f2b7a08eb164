import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The session token cut out of every message, in every form it may take, before a long
/// message is shortened.
final class MessageRedactionTests: XCTestCase {
    func testEveryFormOfTheTokenIsCutAndLongTextsAreShortened() {
        let redaction = MessageRedaction(token: "app|SECRET-42")
        XCTAssertEqual(
            redaction.shown("a app|SECRET-42 b app%7CSECRET-42 c app%7cSECRET-42 d"),
            "a REDACTED b REDACTED c REDACTED d")
        let long = String(repeating: "x", count: 10_000)
        XCTAssertEqual(redaction.shown(long), String(repeating: "x", count: MessageRedaction.limit) + "…")
        let cutThroughToken = String(repeating: "x", count: MessageRedaction.limit - 3) + "app|SECRET-42"
        XCTAssertFalse(redaction.shown(cutThroughToken).contains("app"), "redacted before it is cut")
        XCTAssertEqual(MessageRedaction(token: "short").shown("short"), "short", "too short to be a real token")
    }
}
