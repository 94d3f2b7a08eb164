import XCTest

@testable import PickerKit

final class GraphEndpointTests: XCTestCase {
    private func url(_ text: String) throws -> URL { try XCTUnwrap(URL(string: text)) }

    func testHTTPSIsRequiredExceptOnLoopback() throws {
        XCTAssertNil(HTTPAddress.refusal(for: try url("https://graph.example/me/friends")))
        for loopback in ["http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9/x", "http://127.10.0.3/x"] {
            XCTAssertNil(HTTPAddress.refusal(for: try url(loopback)), loopback)
        }
        for remote in [
            "http://graph.example/x", "http://10.0.0.1/x", "http://127.0.0.1.example/x", "http://128.0.0.1/x",
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

final class GraphResponseTests: XCTestCase {
    private func classify(_ status: Int, _ body: String, headers: HTTPHeaders = [:]) -> GraphResponse {
        GraphResponse.classify(
            status: status, headers: headers, body: Data(body.utf8), source: "https://g.example/me/friends")
    }

    func testAPageWithNextAndTotal() {
        let response = classify(
            200,
            #"{"data": [{"id": "1", "name": "Ada"}], "paging": {"next": "https://g.example/p2"}, "summary": {"total_count": 810}}"#
        )
        XCTAssertEqual(
            response,
            .page(
                FriendPage(friends: [Friend(id: "1", name: "Ada")], totalCount: 810),
                next: URL(string: "https://g.example/p2")))
        XCTAssertEqual(classify(200, #"{"data": []}"#), .page(FriendPage(friends: []), next: nil))
    }

    func testInvalidTokensRejectTheSession() {
        let expired =
            #"{"error": {"message": "Session has expired", "type": "OAuthException", "code": 190, "error_subcode": 463}}"#
        XCTAssertEqual(
            classify(400, expired), .sessionRejected("Session has expired (OAuthException, code 190, subcode 463)"))
        XCTAssertEqual(classify(403, #"{"error": {"message": "x", "code": 102}}"#), .sessionRejected("x (code 102)"))
        XCTAssertEqual(classify(401, "nope"), .sessionRejected("HTTP 401 Unauthorized"))
    }

    func testTemporaryFailuresAreRetriedHonouringRetryAfter() {
        XCTAssertEqual(classify(500, "oops"), .retry(reason: "HTTP 500", delay: nil))
        XCTAssertEqual(classify(429, "", headers: ["retry-after": "2"]), .retry(reason: "HTTP 429", delay: 2))
        XCTAssertEqual(
            classify(400, #"{"error": {"message": "busy", "code": 17}}"#), .retry(reason: "busy (code 17)", delay: nil))
        XCTAssertEqual(classify(503, "", headers: ["Retry-After": " 1 "]), .retry(reason: "HTTP 503", delay: 1))
    }

    func testOtherFailures() {
        XCTAssertEqual(
            classify(400, #"{"error": {"message": "no permission", "code": 200}}"#), .failed("no permission (code 200)")
        )
        XCTAssertEqual(classify(404, "<html>"), .failed("HTTP 404"))
        XCTAssertEqual(
            classify(200, "{\"data\": [{\"id\": 1"),
            .failed(
                "not a friends page: not valid JSON at line 1, column 19, the end of the file: the JSON stops before it is complete"
            ))
        XCTAssertEqual(
            classify(302, "", headers: ["Location": "https://evil.example/?access_token=t"]),
            .failed("refused to follow a redirect to another origin (https://evil.example/?access_token=REDACTED)"))
    }
}

final class RetryPolicyTests: XCTestCase {
    func testBackoffDoublesWithJitterWithinBoundsAndHonoursRetryAfter() {
        let policy = RetryPolicy(maximumRetries: 6, baseDelay: 0.5, maximumDelay: 4)
        var random = SplitMix64(seed: 1)
        for attempt in 0..<6 {
            let ceiling = min(0.5 * Double(1 << attempt), 4)
            for _ in 0..<50 {
                let delay = policy.delay(beforeRetry: attempt, retryAfter: nil, using: &random)
                XCTAssertTrue((ceiling / 2)...ceiling ~= delay, "attempt \(attempt): \(delay)")
            }
        }
        XCTAssertEqual(policy.delay(beforeRetry: 0, retryAfter: 3, using: &random), 3)
        XCTAssertEqual(policy.delay(beforeRetry: 0, retryAfter: 120, using: &random), 4)
        for unusable: Double in [-5, -.infinity, .infinity, .nan] {
            let delay = policy.delay(beforeRetry: 0, retryAfter: unusable, using: &random)
            XCTAssertTrue((0.25...0.5) ~= delay, "Retry-After \(unusable) means the default backoff: \(delay)")
        }
    }
}
