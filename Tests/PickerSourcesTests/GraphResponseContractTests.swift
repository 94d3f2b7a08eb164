import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// What the Graph friends contract asks of an answer: the session rejected on any 401, a
/// Retry-After as seconds or an HTTP date, paging and summary as the contract writes them.
final class GraphResponseContractTests: XCTestCase {
    private func classify(_ status: Int, _ body: String, headers: HTTPHeaders = [:], now: Double = 0) -> GraphResponse {
        GraphResponse.classify(
            status: status, headers: headers, body: Data(body.utf8), source: "https://g.example/me/friends", now: now)
    }

    func testEachTextOfAFriendIsAt4KB() {
        let most = String(repeating: "é", count: 2048)
        let atMost = #"{"data": [{"id": "\#(most)", "name": "\#(most)", "first_name": "\#(most)"}]}"#
        XCTAssertEqual(
            classify(200, atMost),
            .page(FriendPage(friends: [Friend(id: most, name: most, firstName: most)]), next: nil), "4096 bytes")
        for field in ["id", "name", "first_name", "middle_name", "last_name"] {
            var members = ["id": "2", "name": "Bea"]
            members[field] = most + "a"
            let long = "{" + members.map { #""\#($0)": "\#($1)""# }.joined(separator: ", ") + "}"
            XCTAssertEqual(
                classify(200, #"{"data": [{"id": "1", "name": "Ada"}, \#(long)]}"#),
                .failed("data[1].\(field) is longer than 4 KB"), field)
        }
    }

    func testEveryChallengeOnA401RejectsTheSession() {
        for scheme in ["Basic realm=\"g\"", "Digest realm=\"g\", nonce=\"n\"", "Negotiate", "NTLM", "Bearer"] {
            XCTAssertEqual(
                classify(401, "", headers: ["WWW-Authenticate": scheme]),
                .sessionRejected("HTTP 401 Unauthorized, asking for \(scheme.split(separator: " ")[0])"))
        }
    }

    func testRetryAfterIsSecondsOrAnHTTPDateElseNothing() {
        XCTAssertEqual(GraphResponse.retryAfter("120", now: 0), 120)
        XCTAssertEqual(GraphResponse.retryAfter(" 1.5 ", now: 0), 1.5)
        XCTAssertEqual(GraphResponse.retryAfter("1000000000", now: 0), 1_000_000_000, "the policy caps it")
        XCTAssertEqual(GraphResponse.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_770), 7)
        XCTAssertEqual(GraphResponse.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_800), 0, "past: now")
        for unusable in ["-5", "nan", "inf", "1e3", "0x10", "soon", "", "1.2.3"] {
            XCTAssertNil(GraphResponse.retryAfter(unusable, now: 0), unusable)
        }
        XCTAssertEqual(
            classify(503, "", headers: ["Retry-After": "nan"]), .retry(reason: "HTTP 503", delay: nil))
    }

    func testTheDefaultPolicyCapsAnyWaitAt60Seconds() {
        var random = SplitMix64(seed: 3)
        XCTAssertEqual(RetryPolicy().delay(beforeRetry: 0, retryAfter: 1_000_000_000, using: &random), 60)
        XCTAssertEqual(RetryPolicy().waitBudget, 120)
    }

    func testPagingAndSummaryMustBeAsTheContractSays() {
        let friend = #""data": [{"id": "1", "name": "Ada"}]"#
        let cases = [
            #""paging": {"next": 42}"#: "paging.next is not a string",
            #""paging": {"next": ""}"#: "paging.next is empty",
            #""paging": {"next": "http://[bad"}"#: "paging.next is not an absolute URL (http://[bad)",
            #""paging": ["x"]"#: "paging is not an object",
            #""summary": {"total_count": "810"}"#: "summary.total_count is not a whole number",
            #""summary": {"total_count": 1.5}"#: "summary.total_count is not a whole number",
            #""summary": {"total_count": -1}"#: "summary.total_count is below 0 (-1)",
            #""summary": 3"#: "summary is not an object",
        ]
        for (members, problem) in cases {
            XCTAssertEqual(classify(200, "{\(friend), \(members)}"), .failed(problem), members)
        }
        let lenient = #"{\#(friend), "paging": {"next": null, "cursors": 3}, "summary": null}"#
        XCTAssertEqual(classify(200, lenient), .page(FriendPage(friends: [Friend(id: "1", name: "Ada")]), next: nil))
        XCTAssertEqual(
            classify(200, #"{\#(friend), "summary": {"total_count": 810.0}}"#),
            .page(FriendPage(friends: [Friend(id: "1", name: "Ada")], announcedTotal: 810), next: nil))
    }
}
