import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The device endpoint's answer in both flows: what is taken, what is bounded, what is refused.
final class DeviceAuthorizationTests: XCTestCase {
    private let redaction = MessageRedaction(secrets: ["client-SECRET-id"])

    private func read(_ body: String, status: Int = 200, flow: DeviceFlow = .rfc8628) throws(LoginFailure)
        -> DeviceAuthorization
    {
        try DeviceAuthorization.read(status: status, body: Data(body.utf8), flow: flow, redaction: redaction)
    }

    private func failure(_ body: String, status: Int = 200, flow: DeviceFlow = .rfc8628) -> String? {
        do {
            _ = try read(body, status: status, flow: flow)
            return nil
        } catch {
            return error.message
        }
    }

    func testAnRFC8628Answer() throws {
        let authorization = try read(
            #"{"device_code": "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS", "user_code": "WDJB-MJHT", "verification_uri": "https://example.com/device", "verification_uri_complete": "https://example.com/device?user_code=WDJB-MJHT", "expires_in": 1800, "interval": 5}"#
        )
        XCTAssertEqual(authorization.deviceCode, "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS")
        XCTAssertEqual(authorization.userCode, "WDJB-MJHT")
        XCTAssertEqual(authorization.verificationURI.absoluteString, "https://example.com/device")
        XCTAssertEqual(authorization.qrAddress.absoluteString, "https://example.com/device?user_code=WDJB-MJHT")
        XCTAssertEqual(authorization.expiresIn, 1800)
        XCTAssertEqual(authorization.interval, 5)
    }

    func testWithoutAnIntervalPollsEveryFiveSecondsAndTheQRCodeHoldsTheAddress() throws {
        let authorization = try read(
            #"{"device_code": "d", "user_code": "ABCD", "verification_url": "https://example.com/device", "expires_in": 900}"#
        )
        XCTAssertEqual(authorization.interval, 5, "RFC 8628: absent means 5 s")
        XCTAssertNil(authorization.completeURI)
        XCTAssertEqual(
            authorization.qrAddress.absoluteString, "https://example.com/device", "verification_url is read too")
    }

    func testFacebooksAnswerWithNumbersAsStringsAndTheCompleteAddressBuilt() throws {
        let authorization = try read(
            #"{"code": "fb-device-code", "user_code": "A1B2C3D4", "verification_uri": "https://www.facebook.com/device", "expires_in": "420", "interval": "5"}"#,
            flow: .facebook)
        XCTAssertEqual(authorization.deviceCode, "fb-device-code")
        XCTAssertEqual(authorization.expiresIn, 420)
        XCTAssertEqual(authorization.interval, 5)
        XCTAssertEqual(
            authorization.completeURI?.absoluteString, "https://www.facebook.com/device?user_code=A1B2C3D4&qr=1",
            "as Meta's SDKs build the address of the QR code")
        XCTAssertEqual(
            failure(
                #"{"device_code": "d", "user_code": "A", "verification_uri": "https://f.example/d", "expires_in": 1}"#,
                flow: .facebook), "the answer has no usable code")
    }

    func testWaitsAreBounded() throws {
        let authorization = try read(
            #"{"device_code": "d", "user_code": "ABCD", "verification_uri": "https://e.example/d", "expires_in": 1e12, "interval": 0}"#
        )
        XCTAssertEqual(authorization.expiresIn, DeviceAuthorization.maximumWait, "at most an hour")
        XCTAssertEqual(authorization.interval, DeviceAuthorization.minimumInterval, "never a busy loop")
    }

    func testWhatCannotBeUsedIsRefusedWithAMessage() {
        let base = #""device_code": "d", "user_code": "ABCD", "expires_in": 60"#
        let cases: [(String, String)] = [
            ("not json", "the answer (HTTP 200) is not a JSON object"),
            (
                #"{"user_code": "A", "verification_uri": "https://e.example/d", "expires_in": 60}"#,
                "the answer has no usable device_code"
            ),
            (
                #"{"device_code": "d", "verification_uri": "https://e.example/d", "expires_in": 60}"#,
                "the answer has no user_code"
            ),
            (#"{\#(base)}"#, "the answer has no verification_uri"),
            (
                #"{\#(base), "verification_uri": "javascript:alert(1)"}"#,
                "the answer's verification_uri is not an absolute URL of at most 2 KB"
            ),
            (
                #"{\#(base), "verification_uri": "http://evil.example/device"}"#,
                "the answer's verification_uri http://evil.example/device plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https"
            ),
            (
                #"{\#(base), "verification_uri": "https://e.example/d", "verification_uri_complete": "ftp://e.example/d"}"#,
                "the answer's verification_uri_complete ftp://e.example/d is not an http or https URL"
            ),
            (
                #"{"device_code": "d", "user_code": "A", "verification_uri": "https://e.example/d"}"#,
                "the answer has no expires_in above 0"
            ),
            (
                #"{\#(base), "verification_uri": "https://e.example/d", "interval": -1}"#,
                "the answer's interval is below 0"
            ),
        ]
        for (body, message) in cases { XCTAssertEqual(failure(body), message, body) }
    }

    func testAUserCodeThatCouldActOnTheTerminalIsRefused() {
        for code in ["AB\u{1B}]0;PWNED\u{7}", "AB\u{202E}CD", String(repeating: "A", count: 65), "  ", ""] {
            let body =
                #"{"device_code": "d", "user_code": "\#(code)", "verification_uri": "https://e.example/d", "expires_in": 60}"#
            let json = body.replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(
                of: "\u{7}", with: "\\u0007")
            XCTAssertNotNil(failure(json), code.debugDescription)
        }
    }

    /// A user code is what a person types: ASCII letters, digits and `-`. Anything else, drawn
    /// invisibly (a zero-width joiner, a soft hyphen) or read as another letter, is refused, and
    /// the message names it by its code point.
    func testAUserCodeOfAnythingButLettersDigitsAndHyphensIsRefused() throws {
        let cases = [
            ("WDJB\\u200dMJHT", "holds U+200D"), ("WDJB\\u00adMJHT", "holds U+00AD"), ("WDJB MJHT", "holds U+0020"),
            ("\\u00c0BCD", "holds U+00C0"), ("\\u0410BCD", "holds U+0410"), ("WDJB_MJHT", "holds U+005F"),
            ("\\uff37DJB", "holds U+FF37"), (" WDJB", "holds U+0020"),
        ]
        for (code, problem) in cases {
            XCTAssertEqual(
                failure(
                    #"{"device_code": "d", "user_code": "\#(code)", "verification_uri": "https://e.example/d", "expires_in": 60}"#
                ), "the answer's user_code \(problem): a code to type is 1 to 64 ASCII letters, digits and '-'", code)
        }
        for code in ["WDJB-MJHT", "a1b2c3d4", "X", String(repeating: "Z", count: 64)] {
            XCTAssertEqual(
                try read(
                    #"{"device_code": "d", "user_code": "\#(code)", "verification_uri": "https://e.example/d", "expires_in": 60}"#
                ).userCode, code)
        }
    }

    /// The QR code opens the address with the code filled in only when it is on the site whose
    /// address is written out; one elsewhere is left out, and the login says so.
    func testACompleteAddressOnAnotherOriginIsLeftOut() throws {
        let base =
            #""device_code": "d", "user_code": "ABCD", "expires_in": 60, "verification_uri": "https://example.com/device""#
        for foreign in [
            "https://evil.example/device?user_code=ABCD", "http://127.0.0.1/device", "https://example.com:8443/device",
            "https://login.example.com/device", "https://example.com.evil.example/device",
        ] {
            let authorization = try read(#"{\#(base), "verification_uri_complete": "\#(foreign)"}"#)
            XCTAssertNil(authorization.completeURI, foreign)
            XCTAssertEqual(authorization.qrAddress.absoluteString, "https://example.com/device", foreign)
            XCTAssertEqual(
                authorization.note,
                "the service's address with the code filled in (verification_uri_complete) is on another site than the address to open, \(foreign); left out, so the QR code opens the address shown"
            )
        }
        for same in ["https://example.com/device?user_code=ABCD", "HTTPS://EXAMPLE.COM:443/other?c=ABCD"] {
            let authorization = try read(#"{\#(base), "verification_uri_complete": "\#(same)"}"#)
            XCTAssertEqual(authorization.qrAddress.absoluteString, same)
            XCTAssertNil(authorization.note)
        }
    }

    func testARefusalIsShownWithoutTheClientsIdAndEscaped() {
        XCTAssertEqual(
            failure(
                #"{"error": "invalid_client", "error_description": "unknown client-SECRET-id\u001b[2J"}"#, status: 400),
            #"the service refused: invalid_client: unknown REDACTED\x1b[2J"#)
        XCTAssertEqual(
            failure(
                #"{"error": {"message": "Invalid OAuth access token.", "type": "OAuthException", "code": 190}}"#,
                status: 400, flow: .facebook),
            "the service refused: Invalid OAuth access token. (OAuthException, code 190)")
        XCTAssertEqual(failure("{}", status: 500), "the service answered HTTP 500")
    }
}
