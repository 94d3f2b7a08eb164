import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The token endpoint's answers while a login waits, in RFC 8628's words and Facebook's.
final class PollAnswerTests: XCTestCase {
    private let redaction = MessageRedaction(secrets: ["client-SECRET-id", "device-SECRET-code"])

    private func classify(_ status: Int, _ body: String, _ flow: DeviceFlow = .rfc8628) -> PollAnswer {
        PollAnswer.classify(status: status, body: Data(body.utf8), flow: flow, redaction: redaction)
    }

    func testRFC8628Errors() {
        XCTAssertEqual(classify(400, #"{"error": "authorization_pending"}"#), .pending)
        XCTAssertEqual(classify(200, #"{"error": "authorization_pending"}"#), .pending, "as GitHub answers, with 200")
        XCTAssertEqual(classify(400, #"{"error": "slow_down"}"#), .slowDown)
        XCTAssertEqual(
            classify(400, #"{"error": "access_denied", "error_description": "no"}"#), .denied("access_denied: no"))
        XCTAssertEqual(classify(400, #"{"error": "expired_token"}"#), .expired("expired_token"))
        XCTAssertEqual(classify(400, #"{"error": "invalid_grant"}"#), .failed("invalid_grant"))
        XCTAssertEqual(classify(503, #"{"error": "temporarily_unavailable"}"#), .temporary("temporarily_unavailable"))
        XCTAssertEqual(classify(503, "busy"), .temporary("HTTP 503"))
        XCTAssertEqual(classify(429, ""), .temporary("HTTP 429"))
        XCTAssertEqual(classify(404, "{}"), .failed("the service answered HTTP 404"))
    }

    func testRFC8628Grant() {
        XCTAssertEqual(
            classify(200, #"{"access_token": "tok-1234567890", "token_type": "bearer", "expires_in": 3600}"#),
            .granted(PollAnswer.Grant(token: "tok-1234567890", expiresIn: 3600)))
        XCTAssertEqual(
            classify(200, #"{"access_token": "tok-1234567890"}"#),
            .granted(PollAnswer.Grant(token: "tok-1234567890", expiresIn: nil)))
        XCTAssertEqual(
            classify(200, #"{"access_token": "tok", "token_type": "mac"}"#),
            .failed("the token is of type 'mac', which picker cannot send (only Bearer)"))
        XCTAssertEqual(classify(200, #"{"access_token": "a\nb"}"#), .failed("the answer has no usable access_token"))
        XCTAssertEqual(classify(200, #"{"access_token": 42}"#), .failed("the answer has no usable access_token"))
        XCTAssertEqual(classify(200, "nope"), .failed("the answer (HTTP 200) is not a JSON object"))
    }

    func testFacebookErrorsByTheirSubcodesThenCodes() {
        func error(_ code: Int, _ subcode: Int?) -> String {
            let sub = subcode.map { #", "error_subcode": \#($0)"# } ?? ""
            return #"{"error": {"message": "m", "type": "OAuthException", "code": \#(code)\#(sub)}}"#
        }
        XCTAssertEqual(classify(400, error(31, 1_349_174), .facebook), .pending)
        XCTAssertEqual(classify(400, error(31, nil), .facebook), .pending)
        XCTAssertEqual(classify(400, error(17, 1_349_172), .facebook), .slowDown)
        XCTAssertEqual(classify(400, error(17, nil), .facebook), .slowDown)
        XCTAssertEqual(
            classify(400, error(463, 1_349_152), .facebook), .expired("m (OAuthException, code 463, subcode 1349152)"))
        XCTAssertEqual(
            classify(400, error(100, 1_349_173), .facebook), .denied("m (OAuthException, code 100, subcode 1349173)"))
        XCTAssertEqual(classify(400, error(2, nil), .facebook), .temporary("m (OAuthException, code 2)"))
        XCTAssertEqual(classify(400, error(190, nil), .facebook), .failed("m (OAuthException, code 190)"))
    }

    func testFacebookGrantTakesTheEarlierExpiry() {
        XCTAssertEqual(
            classify(
                200,
                #"{"access_token": "EAAB-long-token", "expires_in": 0, "data_access_expiration_time": "1900000000"}"#,
                .facebook),
            .granted(PollAnswer.Grant(token: "EAAB-long-token", expiresIn: nil, dataAccessExpiresAt: 1_900_000_000)),
            "0 means none known")
    }

    func testTheServicesWordsAreShownWithoutSecrets() {
        let answer = classify(
            400, #"{"error": "server_error", "error_description": "bad device-SECRET-code for client-SECRET-id"}"#)
        XCTAssertEqual(answer, .failed("server_error: bad REDACTED for REDACTED"))
    }
}
