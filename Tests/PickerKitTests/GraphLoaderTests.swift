import Foundation
import Synchronization
import XCTest

@testable import PickerKit

/// The Graph loader against a service played in memory, with its waits recorded instead of
/// slept: the retry budget, the bounds on `Retry-After`, and what messages show.
final class GraphLoaderTests: XCTestCase {
    /// A service that answers each request with the next of its scripted responses, and
    /// records what was asked.
    private final class ScriptedService: HTTPSending, @unchecked Sendable {
        private var script: [(URL) -> HTTPResponse]
        private(set) var asked: [HTTPRequest] = []

        init(_ script: [(URL) -> HTTPResponse]) {
            self.script = script
        }

        func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
            asked.append(request)
            guard !script.isEmpty else { throw HTTPFailure("no more answers") }
            return script.removeFirst()(request.url)
        }
    }

    private let token = "tok-SECRET-4242"

    private static func page(next: String? = nil) -> (URL) -> HTTPResponse {
        let paging = next.map { #", "paging": {"next": "\#($0)"}"# } ?? ""
        return {
            HTTPResponse(status: 200, body: Data(#"{"data": [{"id": "1", "name": "Ada"}]\#(paging)}"#.utf8), url: $0)
        }
    }

    private static func busy(retryAfter: String) -> (URL) -> HTTPResponse {
        { HTTPResponse(status: 429, headers: ["Retry-After": retryAfter], url: $0) }
    }

    /// Loads `https://graph.example/me/friends` from `service`; returns the pages delivered,
    /// the waits asked for and the error, if any.
    private func load(_ service: ScriptedService, token: String? = nil, maximumLoadBytes: Int? = nil) -> (
        pages: Int, waits: [Double], error: SourceError?
    ) {
        var loader = GraphFriendsLoader(
            url: URL(string: "https://graph.example/me/friends")!, token: token ?? self.token)
        if let maximumLoadBytes { loader.maximumLoadBytes = maximumLoadBytes }
        loader.connect = { _ throws(HTTPFailure) in service }
        let waits = Mutex<[Double]>([])
        loader.pause = { seconds in waits.withLock { $0.append(seconds) } }
        var pages = 0
        do {
            try loader.load { _ in pages += 1 }
            return (pages, waits.withLock { $0 }, nil)
        } catch {
            return (pages, waits.withLock { $0 }, error)
        }
    }

    func testAHugeRetryAfterIsCappedAndTheLoadStopsWhenItsBudgetIsSpent() {
        let service = ScriptedService(Array(repeating: Self.busy(retryAfter: "1000000000"), count: 5))
        let (pages, waits, error) = load(service)
        XCTAssertEqual(pages, 0)
        XCTAssertEqual(waits, [60, 60], "each wait capped at 60 s, 120 s in all")
        XCTAssertEqual(service.asked.count, 3)
        XCTAssertTrue(
            error?.problem.hasSuffix("waiting 60 s more would pass the 120 s a load may spend waiting to retry")
                ?? false,
            error?.description ?? "no error")
    }

    func testTheBudgetIsSharedByEveryPageAndDoesNotRestart() {
        let service = ScriptedService([
            Self.busy(retryAfter: "50"), Self.page(next: "https://graph.example/p2"),
            Self.busy(retryAfter: "50"), Self.page(next: "https://graph.example/p3"),
            Self.busy(retryAfter: "50"), Self.page(),
        ])
        let (pages, waits, error) = load(service)
        XCTAssertEqual(waits, [50, 50], "the third page finds 20 s left of the budget")
        XCTAssertEqual(pages, 2)
        XCTAssertNotNil(error)
    }

    func testRetriesOfOnePageAreBounded() {
        let service = ScriptedService(Array(repeating: Self.busy(retryAfter: "0"), count: 6))
        let (_, waits, error) = load(service)
        XCTAssertEqual(waits, [0, 0, 0, 0])
        XCTAssertTrue(error?.problem.hasPrefix("still failing after 4 retries") ?? false, error?.description ?? "")
    }

    func testTheBytesOfEveryPageTogetherAreBounded() {
        XCTAssertEqual(
            GraphFriendsLoader(url: URL(string: "https://graph.example/")!, token: "").maximumLoadBytes, 128 << 20)
        let padding = String(repeating: "x", count: 400 << 10)
        let pages = (1...4).map { number in
            { (url: URL) in
                HTTPResponse(
                    status: 200,
                    body: Data(
                        #"{"data": [{"id": "\#(number)", "name": "Ada"}], "padding": "\#(padding)", "paging": {"next": "https://graph.example/p\#(number + 1)"}}"#
                            .utf8), url: url)
            }
        }
        let (delivered, _, error) = load(ScriptedService(pages), maximumLoadBytes: 1 << 20)
        XCTAssertEqual(delivered, 2, "the third page of 400 KB passes 1 MB, and is not delivered")
        XCTAssertEqual(
            error?.description,
            "https://graph.example/me/friends: its pages hold more than 1 MB together after decoding; stopped")
    }

    func testATokenWithALineBreakIsRefusedBeforeAnyRequest() {
        let service = ScriptedService([Self.page()])
        let (_, _, error) = load(service, token: "tok-SECRET\r\nX-Evil: 1")
        XCTAssertEqual(service.asked.count, 0)
        XCTAssertTrue(error?.problem.contains("control character") ?? false)
        XCTAssertFalse(error?.description.contains("SECRET") ?? true)
    }

    func testTheTokenIsCutFromEveryMessageWhereverItIs() {
        let leak = "https://graph.example/x/\(token)/p2?s=\(token)#\(token)"
        let service = ScriptedService([
            Self.page(next: leak),
            {
                HTTPResponse(
                    status: 400, body: Data(#"{"error": {"message": "bad \#(self.token)", "code": 100}}"#.utf8), url: $0
                )
            },
        ])
        let (_, _, error) = load(service)
        let message = error?.description ?? ""
        XCTAssertFalse(message.contains(token), message)
        XCTAssertEqual(
            message,
            "https://graph.example/x/REDACTED/p2?s=REDACTED#REDACTED: bad REDACTED (code 100)")
    }
}

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
            .page(FriendPage(friends: [Friend(id: "1", name: "Ada")], totalCount: 810), next: nil))
    }
}
