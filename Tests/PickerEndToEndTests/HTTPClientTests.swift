import Foundation
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The HTTP client on its own against the test service: what a later login (a form posted to
/// another endpoint) needs of it.
final class HTTPClientTests: GraphTestCase {
    private func client() throws -> HTTPClient {
        try HTTPClient(settings: HTTPClient.Settings(timeout: 5, trust: CertificateTrust(environment: [:])))
    }

    /// What the `echo` scenario says it received.
    private struct Echo: Decodable, Equatable {
        var method: String
        var path: String
        var contentType: String?
        var body: String

        enum CodingKeys: String, CodingKey {
            case method, path, body
            case contentType = "content_type"
        }
    }

    private func echo(_ response: HTTPResponse) throws -> Echo {
        try JSONDecoder().decode(Echo.self, from: response.body)
    }

    private var form: [HTTPHeaders.Field] {
        [.init(name: "client_id", value: "app 1&2"), .init(name: "scope", value: "public_profile,user_friends")]
    }

    func testAFormIsPostedEncoded() throws {
        let url = try XCTUnwrap(URL(string: try graph().url("echo")))
        let response = try client().send(HTTPRequest(post: form, to: url, headers: ["Accept": "application/json"]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "application/json")
        let received = try echo(response)
        XCTAssertEqual(received.method, "POST")
        XCTAssertEqual(received.contentType, "application/x-www-form-urlencoded")
        XCTAssertEqual(received.body, "client_id=app%201%262&scope=public_profile%2Cuser_friends")
    }

    func testA307KeepsTheFormAndA303AsksAgainWithAGet() throws {
        let key = UUID().uuidString
        let base = "http://127.0.0.1:\(try graph().port)/postredirect/\(key)"
        let kept = try client().send(HTTPRequest(post: form, to: try XCTUnwrap(URL(string: base + "/p307"))))
        XCTAssertEqual(try echo(kept).method, "POST")
        XCTAssertEqual(try echo(kept).body, "client_id=app%201%262&scope=public_profile%2Cuser_friends")
        XCTAssertEqual(kept.url.path, "/echo/\(key)/after-307")
        let asked = try client().send(HTTPRequest(post: form, to: try XCTUnwrap(URL(string: base + "/p303"))))
        XCTAssertEqual(try echo(asked).method, "GET")
        XCTAssertEqual(try echo(asked).body, "")
    }

    func testAHeaderFieldWithALineBreakIsNeverSent() throws {
        let url = try XCTUnwrap(URL(string: try graph().url("echo")))
        XCTAssertThrowsError(try client().send(HTTPRequest(get: url, headers: ["X-Note": "a\r\nX-Evil: 1"])))
        XCTAssertEqual(try graph().requests().count, 0)
    }
}
