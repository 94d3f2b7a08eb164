import Foundation
import PickerTestSupport
import Synchronization
import XCTest

@testable import PickerSources
@testable import PickerStore

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

    /// Each request is given what is left of the load's time, and the load stops at its
    /// deadline, saying how many pages and friends it read.
    func testTheWholeLoadStopsAtItsTimeoutSayingHowFarItGot() {
        let now = Mutex(0.0)
        let pages = (1...100).map { number in
            { (url: URL) -> HTTPResponse in
                now.withLock { $0 += 1.8 }
                return Self.page(next: "https://graph.example/p\(number + 1)")(url)
            }
        }
        let service = ScriptedService(pages)
        var loader = GraphFriendsLoader(url: URL(string: "https://graph.example/me/friends")!, token: token, timeout: 2)
        XCTAssertEqual(loader.loadTimeout, 120, "what a person would wait")
        loader.loadTimeout = 10
        loader.connect = { _ throws(HTTPFailure) in service }
        loader.clock = { now.withLock { $0 } }
        var delivered = 0
        XCTAssertThrowsError(try loader.load { _ in delivered += 1 }) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "the whole load took more than 10 s (--load-timeout); stopped after reading 6 pages and 6 friends")
        }
        XCTAssertEqual(delivered, 6)
        XCTAssertEqual(service.asked.count, 6)
        for (index, limit) in service.asked.compactMap(\.timeLimit).enumerated() {
            XCTAssertEqual(limit, 10 - 1.8 * Double(index), accuracy: 1e-9, "what is left of the load's time")
        }
    }

    /// A retry whose wait would pass the deadline is not waited for.
    func testARetryThatWouldPassTheDeadlineStopsTheLoad() {
        let service = ScriptedService([Self.page(next: "https://graph.example/p2"), Self.busy(retryAfter: "30")])
        var loader = GraphFriendsLoader(url: URL(string: "https://graph.example/me/friends")!, token: token)
        loader.loadTimeout = 20
        loader.connect = { _ throws(HTTPFailure) in service }
        let waits = Mutex<[Double]>([])
        loader.pause = { seconds in waits.withLock { $0.append(seconds) } }
        XCTAssertThrowsError(try loader.load { _ in }) { error in
            XCTAssertTrue(
                (error as? SourceError)?.problem.hasSuffix(
                    "; waiting 30 s to retry would pass the 20 s the whole load may take (--load-timeout); stopped after reading 1 page and 1 friend"
                ) ?? false, "\(error)")
        }
        XCTAssertEqual(waits.withLock { $0 }, [])
    }
}
