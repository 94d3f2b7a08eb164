import Foundation
import XCTest

/// The picker reading the friends of a session from a Graph-compatible service over HTTP, as a
/// real client of a real server on loopback.
final class GraphSourceTests: GraphTestCase {
    func testFollowsEveryPageIncludingAnEmptyOneWithTheTokenOnlyInTheHeader() throws {
        let result = try filterAll(try graph().url("pages"))
        assertExit(result, 0, output: "9001\n9002\n9003\n9004\n9005\n")
        let requests = try graph().requests()
        XCTAssertEqual(requests.count, 3, "three pages, the empty middle one followed")
        for request in requests {
            XCTAssertEqual(request.authorization, "Bearer \(Self.token)")
            XCTAssertEqual(request.accept, "application/json")
            XCTAssertTrue(request.userAgent?.hasPrefix("picker/") ?? false, "\(request.userAgent ?? "none")")
            XCTAssertFalse(request.path.contains(Self.token), request.path)
            XCTAssertFalse(request.path.contains("access_token"), request.path)
        }
        XCTAssertTrue(requests[0].path.contains("fields=id,name,first_name,middle_name,last_name"), requests[0].path)
        XCTAssertTrue(requests[0].path.contains("limit=500"), requests[0].path)
    }

    func testAnExpiredSessionExitsWithStatus3AndAdviceToLogInAgain() throws {
        let result = try filterAll(try graph().url("expired"))
        assertExit(result, 3, output: "")
        XCTAssertTrue(
            result.standardError.contains(
                "the session was rejected: Error validating access token: Session has expired on Monday. (OAuthException, code 190, subcode 463)"
            ), result.standardError)
        XCTAssertTrue(result.standardError.contains("Log in again"), result.standardError)
    }

    func testAServerErrorIsRetried() throws {
        let result = try filterAll(try graph().url("flaky"))
        assertExit(result, 0, output: "9001\n9002\n")
        XCTAssertEqual(try graph().requests().count, 2)
    }

    func testARateLimitIsRetriedAfterTheTimeTheServiceAsks() throws {
        let result = try filterAll(try graph().url("ratelimit"))
        assertExit(result, 0)
        let requests = try graph().requests()
        XCTAssertEqual(requests.count, 2)
        XCTAssertGreaterThanOrEqual(requests[1].time - requests[0].time, 0.9, "Retry-After: 1 is honoured")
    }

    func testAServerSlowerThanTheTimeoutFailsNamingTheURL() throws {
        let url = try graph().url("slow")
        let result = try filterAll(url, ["--timeout", "1"])
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.hasPrefix("picker: \(url)?fields="), result.standardError)
        XCTAssertTrue(result.standardError.contains("no complete answer within 1 s"), result.standardError)
    }

    func testAConnectionDroppedMidBodyFails() throws {
        let url = try graph().url("drop")
        let result = try filterAll(url)
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.hasPrefix("picker: \(url)"), result.standardError)
    }

    func testAMalformedPageFails() throws {
        let result = try filterAll(try graph().url("malformed"))
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.contains("not a friends page: not valid JSON"), result.standardError)
    }

    func testNoConnectionFailsNamingTheURL() throws {
        let result = try filterAll("http://127.0.0.1:9/me/friends")
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.contains("http://127.0.0.1:9/me/friends"), result.standardError)
        XCTAssertTrue(result.standardError.contains("connection refused"), result.standardError)
    }

    func testANextPageOnAnotherOriginIsRefusedAndGetsNoToken() throws {
        let result = try filterAll(try graph().url("crossorigin"))
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.contains("paging.next leads to another origin"), result.standardError)
        XCTAssertEqual(try graph().requests().filter { $0.port == (try? graph().otherPort) }.count, 0)
    }

    func testARedirectToAnotherOriginIsNotFollowed() throws {
        let result = try filterAll(try graph().url("redirect"))
        assertExit(result, 2)
        XCTAssertTrue(
            result.standardError.contains("refused to follow a redirect to another origin"), result.standardError)
        let other = try graph().otherPort
        XCTAssertEqual(try graph().requests().filter { $0.port == other }.count, 0)
    }

    func testANextLoopStopsWithAnError() throws {
        let result = try filterAll(try graph().url("loop"))
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.contains("leads back to a page already read"), result.standardError)
        XCTAssertEqual(try graph().requests().count, 2)
    }

    func testFilterPrintsNothingWhenALaterPageFails() throws {
        let result = try filterAll(try graph().url("failsecond"))
        assertExit(result, 2, output: "", "no partial list")
        XCTAssertTrue(
            result.standardError.contains("Invalid parameter (GraphMethodException, code 100)"), result.standardError)
    }

    func testAURLSourceNeedsASession() throws {
        let result = try runPicker(["--source", try graph().url("pages"), "--filter", ""])
        assertExit(result, 2)
        XCTAssertTrue(
            result.standardError.contains("needs a session: run picker login, or give --session-file PATH"),
            result.standardError)
        XCTAssertEqual(try graph().requests().count, 0)
    }

    func testPlainHTTPToAnotherMachineIsRefused() throws {
        let result = try runPicker(["--session", "t", "--source", "http://graph.example/me/friends", "--filter", ""])
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.contains("plain http is refused"), result.standardError)
    }

    func testARefusedURLSourceHoldingTheTokenIsShownWithoutIt() throws {
        // filterAll checks that no form of the token reaches standard error.
        let result = try filterAll("http://graph.example/x/\(Self.token)/me/friends")
        assertExit(result, 2)
        XCTAssertEqual(
            result.standardError,
            "picker: --source http://graph.example/x/REDACTED/me/friends plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https\n"
        )
    }

    func testTheListGrowsWhilePagesArriveAndASelectionMadeMeanwhileIsPrinted() throws {
        let key = UUID().uuidString
        let picker = try startPicker(
            ["--session-file", sessionFile, "--source", try graph().url("gated", key: key)],
            readyWhen: { $0.title.contains("loading 5/20") && $0.counts == "5/5 · 0 selected" })
        try picker.press("Space")
        try picker.waitForScreen("the first friend selected while loading") { $0.counts == "5/5 · 1 selected" }
        let first = try XCTUnwrap(try picker.screen().cursorName)

        try graph().openGate(key: key, page: 2)
        try picker.waitForScreen("the second page") {
            $0.title.contains("loading 10/20") && $0.counts == "10/10 · 1 selected"
        }
        XCTAssertEqual(try picker.screen().cursorName, first, "the cursor stays on its friend")
        try picker.press("/")
        try picker.type("graph07")
        try picker.waitForScreen("searching while loading") { $0.names == ["Hao Graph07"] }
        try picker.press("Tab")
        try picker.press("Escape")

        try graph().openGate(key: key, page: 3)
        try graph().openGate(key: key, page: 4)
        try picker.waitForScreen("everyone loaded") {
            !$0.title.contains("loading") && $0.counts == "20/20 · 2 selected"
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "\(first)\nHao Graph07\n")
    }

    /// The screen opens before the service answers, saying whom it connects to; the query
    /// takes keys meanwhile, and Esc leaves at once.
    func testTheScreenOpensWhileConnectingAndTakesTheQuery() throws {
        let key = UUID().uuidString
        let url = try graph().url("held", key: key)
        let picker = try startPicker(
            ["--session-file", sessionFile, "--source", url],
            readyWhen: { $0.title.contains(" connecting to 127.0.0.1…") && $0.counts == "0/0 · 0 selected" })
        try picker.type("graph03")
        try picker.waitForScreen("the query typed while connecting") { $0.searchBar == "/ graph03" }
        try graph().openGate(key: key, page: 1)
        try picker.waitForScreen("the friends, searched") {
            $0.names.count == 1 && $0.names[0].hasSuffix(" Graph03") && $0.counts == "1/5 · 0 selected"
        }
        // Enter finishes (a second one, where Enter first keeps the search, finds the picker gone).
        try picker.press("Enter", "Enter")
        let ended = try picker.assertExit(0)
        XCTAssertTrue(ended.output.hasSuffix(" Graph03\n"), ended.output)

        let waiting = try startPicker(
            ["--session-file", sessionFile, "--source", try graph().url("held")],
            readyWhen: { $0.title.contains(" connecting to 127.0.0.1…") })
        try waiting.press("Escape")
        try waiting.assertExit(130, output: "", standardError: "", "Esc leaves without waiting for the service")
    }

    func testAPageThatFailsAfterTheListOpenedLeavesAWarningAndEnterStillWorks() throws {
        let picker = try startPicker(
            ["--session-file", sessionFile, "--source", try graph().url("failsecond")],
            readyWhen: { $0.helpLine.hasPrefix("⚠ loading stopped: ") })
        let screen = try picker.screen()
        XCTAssertEqual(screen.counts, "2/2 · 0 selected")
        XCTAssertTrue(screen.helpLine.contains("Invalid parameter"), screen.helpLine)
        XCTAssertFalse(screen.lines.joined().contains(Self.token))
        try picker.press("Down")
        try picker.waitForScreen("the cursor on the second friend") { $0.cursorName == "Cai Graph02" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Cai Graph02\n")
    }

    func testAServersHostileNamesAndMessagesAreShownEscaped() throws {
        let url = try graph().url("hostile")
        let filtered = try filterAll(url)
        assertExit(filtered, 2)
        XCTAssertTrue(
            filtered.standardError.hasSuffix(#"\x1b]2;PWNED\x1b\\x1b[31mBad\x9b2J (code 100)"# + "\n"),
            filtered.standardError)

        // Monochrome, so that any colour on screen could only come from the server.
        let picker = try startPicker(
            ["--session-file", sessionFile, "--source", url, "--no-color"],
            readyWhen: { $0.helpLine.hasPrefix("⚠ loading stopped: ") })
        let screen = try picker.screen()
        XCTAssertEqual(screen.names, [#"Eve \x1b]0;PWNED\x07 Title"#, #"Mal \x1b[41mRed"#])
        XCTAssertTrue(screen.helpLine.contains(#"\x1b]2;PWNED\x1b\\x1b[31mBad\x9b2J"#), screen.helpLine)
        XCTAssertFalse(try picker.paneTitle().contains("PWNED"))
        XCTAssertEqual(
            HostileNameTests.foreignSequences(try picker.screenWithAttributes()), [], "no colour from a name")
    }
}
