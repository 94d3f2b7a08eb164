import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

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
                FriendPage(friends: [Friend(id: "1", name: "Ada")], announcedTotal: 810),
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

extension GraphResponseTests {
    func testABodyThatCannotBeReadWhollyIsNoFriendsPage() {
        let friend = #""data": [{"id": "1", "name": "Ada"}]"#
        let next = #""paging": {"next": "https://g.example/p2"}"#
        let cases = [
            #"{\#(friend), \#(next), "summary": {"total_count": 1e400}}"#:
                "not a friends page: summary.total_count cannot be read as a number",
            #"{\#(friend), "paging": {"next": "https://g.example/p2\ud800"}}"#:
                "not a friends page: not valid JSON at line 1, column 86: a \\u escape of half a character (a lone surrogate)",
            #"[{"id": "1", "name": "Ada"}]"#:
                #"not a friends page: the top level is an array, not a Graph friends page {"data": [...]}"#,
            #"{"friends_v2": [{"name": "Ada", "timestamp": 1}], \#(next)}"#:
                #"not a friends page: the top level has no "data" array"#,
        ]
        for (body, problem) in cases.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(classify(200, body), .failed(problem), body)
        }
    }

    func testTheEnvelopeIsReadBesideAByteOrderMarkAndAroundTheData() {
        let body = "\u{FEFF}" + #"{"paging": {"next": "https://g.example/p2"}, "data": [{"id": "1", "name": "Ada"}],}"#
        XCTAssertEqual(
            classify(200, body),
            .page(FriendPage(friends: [Friend(id: "1", name: "Ada")]), next: URL(string: "https://g.example/p2")))
    }
}
