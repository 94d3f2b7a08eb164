import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The rules of the HTTP client that need no network: which URLs it asks and how libcurl is
/// given them, header fields, forms, dates and trust.
final class HTTPRulesTests: XCTestCase {
    private func url(_ text: String) throws -> URL { try XCTUnwrap(URL(string: text), text) }

    func testLibcurlIsGivenTheURLRebuiltFromWhatWasChecked() throws {
        let cases = [
            "HTTPS://LocalHost:8080/a%20b?c=d#frag": "https://localhost:8080/a%20b?c=d",
            "HTTP://127.0.0.1:8080/a?c=d#frag": "http://127.0.0.1:8080/a?c=d",
            "http://[::1]:9/x": "http://[::1]:9/x",
            "https://Graph.Example:443": "https://graph.example/",
            "https://graph.example:8443/v19.0/me/friends?limit=5":
                "https://graph.example:8443/v19.0/me/friends?limit=5",
        ]
        for (given, sent) in cases {
            XCTAssertEqual(try HTTPAddress(try url(given)).text, sent, given)
        }
    }

    func testURLsThatCouldLeadElsewhereThanTheySeemAreRefused() throws {
        let cases = [
            #"http://127.0.0.1\@evil.example/"#: "holds a user name or password, which picker does not send",
            "https://user:pw@graph.example/": "holds a user name or password, which picker does not send",
            "http://0127.0.0.1/": "plain http is refused",
            "http://127.1/": "plain http is refused",
            "http://localhost:8080/": "plain http to localhost is refused: localhost is both 127.0.0.1 and ::1",
            "HTTP://LocalHost/": "plain http to localhost is refused",
            "https://graph.example:99999/": "has a host or port picker cannot use",
            "http://[fe80::1%25eth0]/": "has a host or port picker cannot use",
            "https://graph.example/" + String(repeating: "a", count: 8200): "is longer than 8 KB",
            "file:///etc/passwd": "is not an http or https URL",
            "https:///x": "has no host",
        ]
        for (given, expected) in cases {
            let refusal = HTTPAddress.refusal(for: try url(given))
            XCTAssertTrue(refusal?.hasPrefix(expected) ?? false, "\(given.prefix(60)): \(refusal ?? "accepted")")
        }
    }

    func testLoopbackIsThisMachineInEverySpellingAndNothingElse() {
        for host in ["localhost", "LOCALHOST", "127.0.0.1", "127.255.0.9", "::1", "[::1]", "0:0:0:0:0:0:0:1"] {
            XCTAssertTrue(HTTPOrigin.isLoopback(host), host)
        }
        for host in ["127.0.0.1.example", "0127.0.0.1", "127.01.0.1", "127.1", "::2", "::ffff:7f00:1", "localhost."] {
            XCTAssertFalse(HTTPOrigin.isLoopback(host), host)
        }
    }

    func testHeaderFieldsWithLineBreaksOrBadNamesAreNotSent() {
        XCTAssertNil((["Authorization": "Bearer abc", "X-Tab": "a\tb"] as HTTPHeaders).refusal)
        XCTAssertEqual(
            (["Authorization": "Bearer a\r\nX-Evil: 1"] as HTTPHeaders).refusal,
            "the Authorization header holds a control character (CR, LF or another); it is not sent")
        XCTAssertNotNil((["X": "a\u{85}b"] as HTTPHeaders).refusal, "C1 controls too")
        XCTAssertEqual((["Bad Name": "x"] as HTTPHeaders).refusal, "a header name that is not an HTTP token")
        XCTAssertEqual((["Retry-After": "5"] as HTTPHeaders)["retry-after"], "5")
    }

    func testAFormIsPercentEncoded() throws {
        let request = HTTPRequest(
            post: [.init(name: "client_id", value: "a b&c=d"), .init(name: "scope", value: "public_profile,é")],
            to: try url("https://graph.example/device/login"))
        XCTAssertEqual(
            String(decoding: request.body, as: UTF8.self), "client_id=a%20b%26c%3Dd&scope=public_profile%2C%C3%A9")
        XCTAssertEqual(HTTPRequest(get: try url("https://graph.example/")).body, [])
    }

    func testHTTPDatesInTheirThreeFormats() {
        let moment = 784_111_777.0
        XCTAssertEqual(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT"), moment)
        XCTAssertEqual(HTTPDate.seconds("Sunday, 06-Nov-94 08:49:37 GMT"), moment)
        XCTAssertEqual(HTTPDate.seconds("Sun Nov  6 08:49:37 1994"), moment)
        XCTAssertEqual(HTTPDate.seconds("Thu, 01 Jan 1970 00:00:00 GMT"), 0)
        XCTAssertEqual(HTTPDate.seconds("Tue, 29 Feb 2028 23:59:60 GMT"), 1_835_481_600)
        for text in [
            "", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT",
        ] {
            XCTAssertNil(HTTPDate.seconds(text), text)
        }
    }

    func testTheEnvironmentNamesTheTrustedCertificates() {
        XCTAssertEqual(CertificateTrust(environment: [:]).file, nil)
        let file = CertificateTrust(environment: ["SSL_CERT_FILE": "/ca.pem", "SSL_CERT_DIR": "/certs"])
        XCTAssertEqual(file.file, "/ca.pem")
        XCTAssertEqual(file.fileVariable, "SSL_CERT_FILE")
        XCTAssertEqual(file.directory, "/certs")
        let both = CertificateTrust(environment: ["SSL_CERT_FILE": "/ca.pem", "CURL_CA_BUNDLE": "/bundle.pem"])
        XCTAssertEqual(both.file, "/bundle.pem", "CURL_CA_BUNDLE first, as curl reads it")
        XCTAssertEqual(CertificateTrust(environment: ["SSL_CERT_FILE": ""]).file, nil, "empty is unset")
    }

    func testLibcurlIsGivenATimeoutOfAMillisecondAtLeastAndNeverAnOverflow() {
        XCTAssertEqual(HTTPClient.milliseconds(15), 15_000)
        XCTAssertEqual(HTTPClient.milliseconds(0.0015), 2, "rounded up")
        for seconds in [0.0009, 0.0000001, 0, -5, -.infinity, .nan] {
            XCTAssertEqual(HTTPClient.milliseconds(seconds), 1, "\(seconds): never 0, which is no timeout")
        }
        for seconds in [1e17, 3e6, .infinity, .greatestFiniteMagnitude] {
            XCTAssertEqual(HTTPClient.milliseconds(seconds), Int(Int32.max), "\(seconds)")
        }
    }
}
