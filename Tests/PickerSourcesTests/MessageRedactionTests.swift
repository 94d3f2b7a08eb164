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

    /// A character that joins the token's last letter into another (a combining mark, a
    /// zero-width joiner, a variation selector) does not hide the token.
    func testTheTokenIsFoundWhateverFollowsIt() {
        let token = "EAABwzLixnjYBO1234abcd"
        let redaction = MessageRedaction(token: token)
        for follower in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{20E3}", "\u{1F3FB}", "\u{E0041}"] {
            let shown = redaction.shown("x \(token)\(follower) y")
            XCTAssertEqual(shown, "x REDACTED\(follower) y", follower.unicodeScalars.first.map { "\($0.value)" } ?? "")
            XCTAssertEqual(redaction.redacted("\(follower)\(token)\(follower)"), "\(follower)REDACTED\(follower)")
        }
    }

    /// Each byte may be percent-encoded or not, once or twice, its hexadecimal digits and its
    /// letters in either case.
    func testEveryEncodingOfTheTokenIsCut() {
        let token = "EAAB|wz/Li+x9"
        let redaction = MessageRedaction(token: token)
        let forms = [
            "EAAB%7Cwz%2FLi%2Bx9", "EAAB%7cwz%2fLi%2bx9", "%45%41%41%42%7C%77%7A%2F%4C%69%2B%78%39",
            "%45%41%41%42%7c%77%7a%2f%4c%69%2b%78%39", "EA%41B|wz/Li+x9", "EAAB|wz%2FLi+x9",
            "EAAB%257Cwz%252FLi%252Bx9",
            "eaab|WZ/lI+X9", "EAAB%7CWZ%2fLI%2BX9",
        ]
        for form in forms {
            XCTAssertEqual(redaction.shown("<\(form)>"), "<REDACTED>", form)
            guard !form.contains("|"), let url = URL(string: "https://graph.example/p/\(form)?a=\(form)#\(form)") else {
                continue
            }
            XCTAssertEqual(redaction.shown(url), "https://graph.example/p/REDACTED?a=REDACTED#REDACTED", form)
        }
        XCTAssertEqual(redaction.shown("EAAB|wz/Li+x8"), "EAAB|wz/Li+x8", "another text is left as it is")
        XCTAssertEqual(MessageRedaction(token: "pass word 99").shown("a pass+word%2099 b"), "a REDACTED b")
    }

    /// Facebook's client token is `APP_ID|CLIENT_TOKEN`: each half is a secret of its own.
    func testEachHalfOfAClientTokenIsCutWhereverItStandsAlone() {
        let appID = "123456789012345"
        let clientToken = "0123456789abcdef0123456789abcdef"
        let redaction = MessageRedaction(secrets: [appID + "|" + clientToken, "a1b2c3d4e5f60718"])
        for text in [
            "\(appID)|\(clientToken)", "\(appID)%7C\(clientToken)", appID, clientToken, clientToken.uppercased(),
            "%3\(Array(appID)[0])\(appID.dropFirst())", "a1b2c3d4e5f60718", "A1B2C3D4E5F60718",
        ] {
            XCTAssertEqual(redaction.shown("[\(text)]"), "[REDACTED]", text)
        }
        XCTAssertEqual(redaction.shown("app \(appID) token \(clientToken)"), "app REDACTED token REDACTED")
    }

    /// A text of many near misses is read in time proportional to what is shown.
    func testNearMissesAreCutShortByTheLimit() {
        let redaction = MessageRedaction(token: String(repeating: "%", count: 64) + "x")
        let text = String(repeating: "%25", count: 1_000_000)
        let started = Date()
        XCTAssertEqual(redaction.shown(text).unicodeScalars.count, MessageRedaction.limit + 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }
}
