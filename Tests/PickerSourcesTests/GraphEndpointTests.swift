import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class GraphEndpointTests: XCTestCase {
    private func url(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try XCTUnwrap(URL(string: text), file: file, line: line)
    }

    func testHTTPSIsRequiredExceptOnLoopback() throws {
        XCTAssertNil(HTTPAddress.refusal(for: try url("https://graph.example/me/friends")))
        XCTAssertNil(HTTPAddress.refusal(for: try url("https://localhost:8443/me/friends")))
        for loopback in ["http://127.0.0.1:8080/x", "http://[::1]:9/x", "http://127.10.0.3/x", "http://[0:0::1]/x"] {
            XCTAssertNil(HTTPAddress.refusal(for: try url(loopback)), loopback)
        }
        for remote in [
            "http://graph.example/x", "http://10.0.0.1/x", "http://127.0.0.1.example/x", "http://128.0.0.1/x",
            "http://localhost/x", "http://localhost:8080/x",
        ] {
            XCTAssertNotNil(HTTPAddress.refusal(for: try url(remote)), remote)
        }
        XCTAssertEqual(HTTPAddress.refusal(for: try url("ftp://graph.example/x")), "is not an http or https URL")
    }

    func testOriginsCompareSchemeHostAndPortWithDefaultPorts() throws {
        XCTAssertEqual(
            HTTPOrigin(try url("https://Graph.example/a")),
            HTTPOrigin(try url("https://graph.example:443/b?c")))
        XCTAssertNotEqual(
            HTTPOrigin(try url("https://graph.example/a")),
            HTTPOrigin(try url("http://graph.example/a")))
        XCTAssertNotEqual(
            HTTPOrigin(try url("http://127.0.0.1:1/a")), HTTPOrigin(try url("http://127.0.0.1:2/a"))
        )
        XCTAssertNotEqual(
            HTTPOrigin(try url("https://graph.example/a")),
            HTTPOrigin(try url("https://evil.example/a")))
    }

    func testTheFirstPageAsksForFieldsAndALimitUnlessGiven() throws {
        XCTAssertEqual(
            GraphEndpoint.firstPage(try url("https://g.example/me/friends")).absoluteString,
            "https://g.example/me/friends?fields=id,name,first_name,middle_name,last_name&limit=500")
        XCTAssertEqual(
            GraphEndpoint.firstPage(try url("https://g.example/me/friends?limit=10&fields=id,name")).absoluteString,
            "https://g.example/me/friends?limit=10&fields=id,name")
    }

    func testTokensAndCredentialsAreRedactedFromURLsInMessages() throws {
        XCTAssertEqual(
            GraphEndpoint.redacted(try url("https://user:pw@g.example/me/friends?access_token=s3cret&limit=5")),
            "https://g.example/me/friends?access_token=REDACTED&limit=5")
    }
}
