import Foundation
import Glibc
import XCTest

/// The picker against a hostile service and a hostile network: every wait ends, memory stays
/// bounded, the token reaches no proxy and no message, and a page that breaks the contract is
/// an error, never a shorter list.
final class HostileServiceTests: GraphTestCase {
    /// The friends of the `pages` scenario, as `--format ids` prints them.
    private let everyPage = "9001\n9002\n9003\n9004\n9005\n"

    /// Checks that a peak of `peak` bytes stays under 200 MB.
    private func assertBounded(_ peak: Int?, _ what: String, line: UInt = #line) throws {
        guard !runsUnderSanitizer else { return }
        let peak = try XCTUnwrap(peak)
        XCTAssertLessThan(peak, 200 << 20, "\(what): peak memory \(peak >> 20) MB", line: line)
    }

    func testABasicChallengeRejectsTheSessionAtOnce() throws {
        for (scenario, said) in [("basic", "HTTP 401 Unauthorized, asking for Basic"), ("basic190", "Invalid OAuth")] {
            let result = try filterAll(try graph().url(scenario), ["--timeout", "5"])
            XCTAssertEqual(result.status, 3, "\(scenario): \(result.standardError)")
            XCTAssertLessThan(result.seconds, 1, scenario)
            XCTAssertTrue(result.standardError.contains("the session was rejected: \(said)"), result.standardError)
        }
    }

    func testALoopbackSourceNeverGoesThroughAProxy() throws {
        let proxy = "http://127.0.0.1:\(try graph().proxyPort)"
        let variables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        let environment = Dictionary(uniqueKeysWithValues: variables.map { ($0, Optional(proxy)) })
        for (host, port) in [("127.0.0.1", try graph().port), ("[::1]", try graph().ipv6Port)] {
            let result = try filterAll(try graph().url("pages", host: host, port: port), environment: environment)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.output, everyPage)
        }
        XCTAssertEqual(try graph().proxyConnections().map(\.firstLine), [], "the proxy receives nothing")
    }

    /// Plain http reaches whoever holds the port. With the service on `[::1]` and another
    /// program on the same port of `127.0.0.1`, `http://localhost` is refused before anything
    /// is sent (libcurl would try both), and `http://[::1]` goes to the service alone.
    func testASquatterOnTheOtherAddressFamilyGetsNothing() throws {
        let port = try graph().ipv6Port
        let squatter = try LoopbackSquatter(port: port)
        defer { squatter.close() }
        let refused = try filterAll(try graph().url("pages", host: "localhost", port: port), ["--timeout", "3"])
        XCTAssertEqual(refused.status, 2, refused.standardError)
        XCTAssertTrue(
            refused.standardError.contains(
                "plain http to localhost is refused: localhost is both 127.0.0.1 and ::1, and a program listening on the one the service does not use would receive the session token; write the address the service listens on (http://127.0.0.1:\(port) or http://[::1]:\(port))"
            ), refused.standardError)
        let written = try filterAll(try graph().url("pages", host: "[::1]", port: port))
        XCTAssertEqual(written.status, 0, written.standardError)
        XCTAssertEqual(written.output, everyPage)
        XCTAssertEqual(squatter.received(), [], "the squatter on 127.0.0.1 receives nothing")
    }

    /// Pages that each come within `--timeout`, without end, stop at `--load-timeout` (given on
    /// the command line or in PICKER_DEFAULT_OPTS), and the message says how far the load got.
    func testEndlessSlowPagesStopAtTheLoadTimeout() throws {
        for (extra, environment) in [
            (["--timeout", "2", "--load-timeout", "2.5"], [String: String?]()),
            (["--timeout", "2"], ["PICKER_DEFAULT_OPTS": "--load-timeout=2.5"]),
        ] {
            let result = try filterAll(try graph().url("slowpages"), extra, environment: environment)
            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertEqual(result.output, "", "no partial list")
            XCTAssertLessThan(result.seconds, 4, "the whole load is bounded, not each page")
            let said = try XCTUnwrap(
                result.standardError.firstMatch(
                    of:
                        #/the whole load took more than 2\.5 s \(--load-timeout\); stopped after reading (\d) pages and (\d) friends\n/#
                ), result.standardError)
            XCTAssertEqual(said.1, said.2, "a friend a page")
            XCTAssertTrue((3...5).contains(Int(said.1) ?? 0), "pages of 0.5 s: \(said.0)")
        }
    }

    func testAGzipBombStopsAtTheSizeLimitInBoundedMemory() throws {
        let result = try assertFails("gzipbomb", saying: "larger than 64 MB after decoding", measuringMemory: true)
        try assertBounded(result.peakMemory, "gzipbomb")
        XCTAssertEqual(try graph().requests().map(\.acceptEncoding), ["gzip"], "only gzip is asked for")
    }

    func testAPageOf300MBStopsAtTheSizeLimitInBoundedMemory() throws {
        for scenario in ["huge", "hugelength"] {
            let result = try assertFails(scenario, saying: "larger than 64 MB after decoding", measuringMemory: true)
            try assertBounded(result.peakMemory, scenario)
        }
    }

    func testAFriendWithANameOf30MBFailsOnTheFirstPageInBoundedMemory() throws {
        let result = try assertFails("longname", saying: "data[0].name is longer than 4 KB", measuringMemory: true)
        try assertBounded(result.peakMemory, "longname")
        XCTAssertEqual(try graph().requests().count, 1, "the first page stops the load")
    }

    func testPagesOfMoreThan128MBTogetherStopTheLoadInBoundedMemory() throws {
        let result = try assertFails(
            "padded", saying: "its pages hold more than 128 MB together after decoding; stopped", measuringMemory: true)
        try assertBounded(result.peakMemory, "padded")
        XCTAssertEqual(try graph().requests().count, 16, "16 pages of 8 MB and more pass 128 MB")
    }

    func testABodyInAnEncodingNotAskedForIsRefused() throws {
        try assertFails("brotli", saying: "coded as 'br', which was not asked for")
    }

    func testAFloodOfHeaderFieldsIsRefused() throws {
        try assertFails("headerflood", saying: "header fields are longer than 64 KB")
    }

    func testADrippingBodyEndsWithinTheTimeout() throws {
        let result = try assertFails("drip", saying: "no complete answer within 2 s", ["--timeout", "2"])
        XCTAssertLessThan(result.seconds, 3, "--timeout 2 bounds the request from its start to its last byte")
    }

    func testRedirectsWithinTheOriginShareTheRequestsDeadline() throws {
        let result = try assertFails("slowhops", saying: "no complete answer within 2 s", ["--timeout", "2"])
        XCTAssertLessThan(result.seconds, 3, "five hops of 1.5 s each pass one --timeout 2, not one each")
        XCTAssertEqual(try graph().requests().count, 2, "the second hop had the 0.5 s left")
    }

    func testATimeoutBelowAMillisecondOrAboveADayIsRefusedBeforeAnyRequest() throws {
        for timeout in ["0.0005", "1e17", "nan"] {
            let result = try filterAll(try graph().url("slow"), ["--timeout", timeout])
            XCTAssertEqual(result.status, 2, "\(timeout): \(result.standardError)")
            XCTAssertEqual(
                result.standardError,
                "picker: --timeout needs a number of seconds from 0.001 to 86400, not '\(timeout)'\n")
        }
        XCTAssertEqual(try graph().requests().count, 0, "nothing was sent")
    }

    func testRetryAfterAsAnHTTPDateIsHonoured() throws {
        let result = try filterAll(try graph().url("retrydate"))
        XCTAssertEqual(result.status, 0, result.standardError)
        let times = try graph().requests().map(\.time)
        XCTAssertEqual(times.count, 2)
        // The date, 2 s ahead, is written to the second: the wait is between 1 and 2 s.
        XCTAssertTrue((0.9...3) ~= times[1] - times[0], "waited \(times[1] - times[0]) s")
    }

    func testARetryAfterThatIsNoUsableWaitMeansTheDefaultBackoff() throws {
        for scenario in ["retrynegative", "retrynan"] {
            let key = UUID().uuidString
            let result = try filterAll("http://127.0.0.1:\(try graph().port)/\(scenario)/\(key)/me/friends")
            XCTAssertEqual(result.status, 0, result.standardError)
            let times = try graph().requests().filter { $0.path.contains(key) }.map(\.time)
            XCTAssertEqual(times.count, 2, scenario)
            // The first backoff is between 0.25 and 0.5 s.
            XCTAssertTrue((0.2...1) ~= times[1] - times[0], "\(scenario): waited \(times[1] - times[0]) s")
        }
    }

    func testATokenInANextURLOrAnErrorMessageNeverReachesStandardError() throws {
        // A token with a character that URLs percent-encode, so that both forms are looked for.
        let token = "app|SECRET-4242-xyz"
        for scenario in ["tokenpath", "tokenparam", "tokenfragment", "tokenother"] {
            let result = try filterAll(try graph().url(scenario), token: token)
            XCTAssertEqual(result.status, 2, scenario)
            XCTAssertTrue(result.standardError.contains("REDACTED"), "\(scenario): \(result.standardError)")
            XCTAssertTrue(result.standardError.hasPrefix("picker: http://127.0.0.1:"), result.standardError)
        }
    }

    func testALongErrorMessageIsCut() throws {
        let result = try assertFails("longmessage", saying: "Too long xxxx")
        XCTAssertTrue(result.standardError.contains("…"), "cut with an ellipsis")
        XCTAssertLessThan(result.standardError.count, 600, "300 characters of the service's message, at most")
    }

    func testAPageThatBreaksTheContractFailsNamingTheURL() throws {
        let expected = [
            "nextnumber": "paging.next is not a string",
            "nextempty": "paging.next is empty",
            "nextbad": "paging.next is not an absolute URL (http://[bad)",
            "nextrelative": "paging.next is not an absolute URL (/me/friends?after=x)",
            "pagingarray": "paging is not an object",
            "pagingstring": "paging is not an object",
            "summarystring": "summary.total_count is not a whole number",
            "summaryfraction": "summary.total_count is not a whole number",
            "summarynegative": "summary.total_count is below 0 (-1)",
            "summaryarray": "summary is not an object",
            "longnext": "paging.next is longer than 8 KB",
            "summaryhuge": "not a friends page: summary.total_count cannot be read as a number",
            "toparray": #"not a friends page: the top level is an array, not a Graph friends page {"data": [...]}"#,
        ]
        for (scenario, problem) in expected.sorted(by: { $0.key < $1.key }) {
            let result = try assertFails(scenario, saying: problem)
            XCTAssertTrue(result.standardError.hasSuffix("&limit=500: \(problem)\n"), result.standardError)
        }
        // Not JSON: where, in the body's one line.
        let surrogate = try assertFails("nextsurrogate", saying: #"a \u escape of half a character (a lone surrogate)"#)
        XCTAssertTrue(
            surrogate.standardError.contains("&limit=500: not a friends page: not valid JSON at line 1, column "),
            surrogate.standardError)
    }

    func testATokenWithAControlCharacterIsRefusedBeforeAnyRequest() throws {
        let url = try graph().url("pages")
        for token in ["tok-SECRET\r\nX-Evil: 1", "tok-SECRET\nmore", "tok-SECRET\u{7F}x", "tok\tSECRET"] {
            for arguments in [["--session", token], []] {
                let environment: [String: String?] = arguments.isEmpty ? ["PICKER_SESSION": token] : [:]
                let result = try runPicker(
                    arguments + ["--source", url, "--filter", ""], environment: environment)
                XCTAssertEqual(result.status, 2, token.debugDescription)
                XCTAssertTrue(
                    result.standardError.contains("the session token holds a control character"), result.standardError)
                XCTAssertFalse(result.standardError.contains("SECRET"), result.standardError)
            }
        }
        let carriageReturn = try sessionFile(holding: "tok-SECRET\rmore")
        let result = try runPicker(["--session-file", carriageReturn, "--source", url, "--filter", ""])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(try graph().requests().count, 0, "nothing was sent")
    }

    func testIPv6LoopbackAndCapitalsWorkAsLoopback() throws {
        let server = try graph()
        for url in [
            server.url("pages", host: "[::1]", port: server.ipv6Port),
            server.url("pages", scheme: "HTTP", host: "[::1]", port: server.ipv6Port),
            server.url("pages", scheme: "Http", host: "127.0.0.1"),
        ] {
            let result = try filterAll(url)
            XCTAssertEqual(result.status, 0, "\(url): \(result.standardError)")
            XCTAssertEqual(result.output, everyPage, url)
        }
    }

    func testARedirectWithinTheOriginIsFollowedWithTheToken() throws {
        let result = try filterAll(try graph().url("samehop"))
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.output, everyPage)
        let requests = try graph().requests()
        XCTAssertEqual(requests.map { $0.path.split(separator: "/").first }, ["samehop", "pages", "pages", "pages"])
        XCTAssertEqual(Set(requests.map(\.authorization)), ["Bearer \(Self.token)"])
    }

    func testWithoutLibcurlAURLSourceFailsClearlyAndAFileSourceStillWorks() throws {
        let library = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libcurl.so.4").resolvingSymlinksInPath().path
        let picker = try PickerPaths.picker().path
        let session = ["--session-file", sessionFile]
        let network = try runHiding(
            [library], picker, session + ["--source", try graph().url("pages"), "--filter", ""],
            environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(network.status, 2, network.standardError)
        XCTAssertTrue(
            network.standardError.contains("URL sources need libcurl, which cannot be loaded"), network.standardError)
        XCTAssertEqual(try graph().requests().count, 0)
        let sample = PickerPaths.package().appendingPathComponent("sample-friends.json").path
        let file = try runHiding([library], picker, ["--source", sample, "--filter", "ada"])
        XCTAssertEqual(file.status, 0, file.standardError)
        XCTAssertTrue(file.output.contains("Ada"), file.output)
    }
}

/// A listener on a port of `127.0.0.1`, as another user's program would hold it: it accepts
/// every connection and keeps what each sends.
private final class LoopbackSquatter {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(socket)
            throw HarnessError("cannot listen on 127.0.0.1:\(port): \(reason)")
        }
    }

    /// What each connection made so far sent, read for up to a second.
    func received() -> [String] {
        var texts: [String] = []
        while case let connection = accept(socket, nil, nil), connection >= 0 {
            defer { Glibc.close(connection) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            while poll(&poller, 1, 1000) > 0 {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        return texts
    }

    func close() {
        Glibc.close(socket)
    }
}
