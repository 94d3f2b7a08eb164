import Foundation
import XCTest

/// `picker login` for scripts (standard output not a terminal), the session it stores, and
/// `picker` using that session on its origin only.
final class LoginTests: LoginTestCase {
    func testApprovedAfterTwoPendingPollsTheSessionIsStoredAndUsedWithoutASessionOption() throws {
        let login = try run(try rfc8628("pending.pending.approve"))
        let port = try graph().port
        assertExit(login, 0)
        XCTAssertEqual(
            login.output,
            """
            user_code WDJB-MJHT
            verification_uri http://127.0.0.1:\(port)/activate
            verification_uri_complete http://127.0.0.1:\(port)/activate?user_code=WDJB-MJHT
            expires_in 600

            """)
        XCTAssertTrue(
            login.standardError.hasPrefix(
                "picker: to log in, open http://127.0.0.1:\(port)/activate and enter the code WDJB-MJHT within 600 s; waiting for approval\npicker: logged in to http://127.0.0.1:\(port), until "
            ), login.standardError)
        XCTAssertEqual(try polls().count, 3, "two pending polls, then the token")
        let stored = try XCTUnwrap(try storedSession())
        XCTAssertEqual(stored["access_token"] as? String, token)
        XCTAssertEqual(stored["origin"] as? String, "http://127.0.0.1:\(port)")
        XCTAssertEqual(stored["flow"] as? String, "rfc8628")
        XCTAssertNotNil(stored["expires_at"] as? Double)
        XCTAssertEqual(try permissions(sessionPath), 0o600)
        XCTAssertEqual(try permissions(config.appendingPathComponent("picker").path), 0o700)

        let friends = try run(["--source", try graph().url("pages"), "--filter", "", "--format", "ids"])
        assertExit(friends, 0, output: "9001\n9002\n9003\n9004\n9005\n")
        let pages = try graph().requests().filter { $0.path.hasPrefix("/pages/") }
        XCTAssertEqual(pages.count, 3)
        XCTAssertTrue(pages.allSatisfy { $0.authorization == "Bearer \(token)" }, "\(pages.map(\.authorization))")
    }

    func testFacebooksFlowIsToldByItsEndpoint() throws {
        let login = try run(try facebook("pending.approve"))
        assertExit(login, 0)
        XCTAssertTrue(login.output.hasPrefix("user_code A1B2C3D4\n"), login.output)
        XCTAssertTrue(
            login.output.contains(
                "verification_uri_complete http://127.0.0.1:\(try graph().port)/device?user_code=A1B2C3D4&qr=1\n"),
            login.output)
        let polls = try polls()
        XCTAssertEqual(polls.count, 2)
        XCTAssertTrue(polls.allSatisfy { $0.path.hasSuffix("/v19.0/device/login_status") }, "login_status beside login")
        XCTAssertEqual(try storedSession()?["flow"] as? String, "facebook")
        XCTAssertEqual(try storedSession()?["access_token"] as? String, token)
        let friends = try run(["--source", try graph().url("pages"), "--filter", "", "--format", "ids"])
        assertExit(friends, 0)
        XCTAssertTrue(
            try graph().requests().filter { $0.path.hasPrefix("/pages/") }.allSatisfy {
                $0.authorization == "Bearer \(token)"
            })
    }

    func testSlowDownAddsFiveSecondsToTheInterval() throws {
        let login = try run(try rfc8628("pending.slow.approve"))
        assertExit(login, 0)
        XCTAssertTrue(
            login.standardError.contains("the service asked to be asked less often: every 5.2 s"), login.standardError)
        let times = try polls().map(\.time)
        XCTAssertEqual(times.count, 3)
        XCTAssertLessThan(times[1] - times[0], 4, "every 0.2 s before")
        XCTAssertGreaterThanOrEqual(times[2] - times[1], 5.15, "every 5.2 s after slow_down")
    }

    func testFacebooksSlowDownDoublesTheInterval() throws {
        let login = try run(try facebook("pending.slow.approve", query: "?interval=1"))
        assertExit(login, 0)
        let times = try polls().map(\.time)
        XCTAssertEqual(times.count, 3)
        XCTAssertGreaterThanOrEqual(times[2] - times[1], 1.95, "every 2 s after polling too fast")
    }

    func testDeniedAndExpiredLoginsExitThreeAndStoreNothing() throws {
        let cases: [([String], String)] = [
            (
                try rfc8628("pending.denied"),
                "the login was denied (access_denied: The user declined the request.); nothing is stored"
            ),
            (
                try rfc8628("expired"),
                "the code expired before the login was approved (expired_token: The device code has expired.)"
            ),
            (
                try facebook("denied"),
                "the login was denied (The user declined (OAuthException, code 100, subcode 1349173))"
            ),
            (try facebook("expired"), "the code expired before the login was approved (The device code has expired"),
            (
                try rfc8628("pending", query: "?expires_in=1"),
                "picker: the code expired before the login was approved; run picker login again"
            ),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            assertExit(result, 3, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
            XCTAssertNil(try storedSession(), "nothing is stored")
        }
    }

    func testAnAddressWithTheCodeOnAnotherSiteIsLeftOut() throws {
        let login = try run(try rfc8628("approve", query: "?complete=foreign"))
        assertExit(login, 0)
        let port = try graph().port
        XCTAssertEqual(
            login.output, "user_code WDJB-MJHT\nverification_uri http://127.0.0.1:\(port)/activate\nexpires_in 600\n")
        XCTAssertTrue(
            login.standardError.contains(
                "picker: the service's address with the code filled in (verification_uri_complete) is on another site than the address to open, http://127.0.0.1:\(try graph().otherPort)/activate?user_code=WDJB-MJHT; left out, so the QR code opens the address shown\n"
            ), login.standardError)
    }

    func testAUserCodeDrawnInvisiblyIsRefused() throws {
        for (code, named) in [("WDJB%E2%80%8DMJHT", "U+200D"), ("WDJB%C2%ADMJHT", "U+00AD")] {
            let login = try run(try rfc8628("approve", query: "?user_code=\(code)"))
            assertExit(login, 2)
            XCTAssertTrue(
                login.standardError.hasSuffix(
                    "the answer's user_code holds \(named): a code to type is 1 to 64 ASCII letters, digits and '-'\n"),
                login.standardError)
            XCTAssertEqual(login.output, "")
            XCTAssertNil(try storedSession())
        }
    }

    func testAnotherOriginNeverGetsTheStoredToken() throws {
        assertExit(try run(try rfc8628("approve")), 0)
        let graph = try graph()
        for source in [
            graph.url("pages", host: "127.0.0.1", port: graph.otherPort), graph.url("pages", host: "127.0.0.2"),
            graph.url("pages", host: "[::1]", port: graph.ipv6Port),
        ] {
            let result = try run(["--source", source, "--filter", ""])
            assertExit(result, 2, source)
            XCTAssertTrue(
                result.standardError.contains(
                    "needs a session: run picker login, or give --session-file PATH (recommended: a token on the command line is visible in ps), --session TOKEN, or PICKER_SESSION; the session of picker login is for http://127.0.0.1:\(graph.port) and is never sent to another origin"
                ), result.standardError)
        }
        XCTAssertTrue(try graph.requests().filter { $0.path.hasPrefix("/pages/") }.isEmpty, "nothing was asked")
    }

    func testAnExpiredOrRejectedStoredSessionSaysToRunPickerLogin() throws {
        assertExit(try run(try rfc8628("approve")), 0)
        let rejected = try run(["--source", try graph().url("expired"), "--filter", ""])
        assertExit(rejected, 3)
        XCTAssertTrue(
            rejected.standardError.hasSuffix(
                "the session was rejected: Error validating access token: Session has expired on Monday. (OAuthException, code 190, subcode 463). Run picker login to log in again\n"
            ), rejected.standardError)

        var stored = try XCTUnwrap(try storedSession())
        stored["expires_at"] = 1_600_000_000
        try JSONSerialization.data(withJSONObject: stored).write(to: URL(fileURLWithPath: sessionPath))
        let expired = try run(["--source", try graph().url("pages"), "--filter", ""])
        assertExit(
            expired, 3,
            standardError: "picker: the session of picker login expired on 2020-09-13 12:26 UTC: run picker login\n")
        XCTAssertTrue(try graph().requests().filter { $0.path.hasPrefix("/pages/") }.isEmpty)
    }

    func testLogoutRemovesTheSessionAndTheCachedFriends() throws {
        assertExit(try run(try rfc8628("approve")), 0)
        let cache = config.appendingPathComponent("cache")
        let keeping = ["XDG_CACHE_HOME": cache.path]
        assertExit(
            try runPicker(
                ["--source", try graph().url("pages"), "--filter", ""], environment: environment.merging(keeping) { $1 }
            ), 0)
        let cached = {
            try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("picker").path).filter {
                $0.hasSuffix(".cache")
            }
        }
        XCTAssertEqual(try cached().count, 1, "the friends read with the stored session are cached")
        let logout = try runPicker(["logout"], environment: environment.merging(keeping) { $1 })
        assertExit(
            logout, 0, standardError: "picker: logged out: removed \(sessionPath); removed 1 cached friend list\n")
        XCTAssertEqual(try cached(), [], "logging out removes them")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sessionPath))
        assertExit(try run(["logout"]), 0, standardError: "picker: no session is stored (\(sessionPath))\n")
        let after = try run(["--source", try graph().url("pages"), "--filter", ""])
        assertExit(after, 2)
        XCTAssertTrue(after.standardError.contains("needs a session: run picker login"), after.standardError)
    }

    func testLogoutEmptiesTheCacheDirectoryPickerUsesWhereverItIs() throws {
        let chosen = config.appendingPathComponent("chosen").path
        let defaults = config.appendingPathComponent("defaults").path
        for directory in [chosen, defaults] {
            assertExit(
                try filterAll(try graph().url("pages"), ["--cache-dir", directory], environment: environment), 0)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).count, 1, directory)
        }
        let options = ["PICKER_DEFAULT_OPTS": "--cache-dir \(defaults)"]
        assertExit(
            try runPicker(["logout"], environment: environment.merging(options) { $1 }), 0,
            standardError: "picker: no session is stored (\(sessionPath)); removed 1 cached friend list\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: defaults), [], "PICKER_DEFAULT_OPTS's")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: chosen).count, 1, "not picker's this time")
        assertExit(
            try runPicker(["logout", "--cache-dir", chosen], environment: environment.merging(options) { $1 }), 0,
            standardError: "picker: no session is stored (\(sessionPath)); removed 1 cached friend list\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: chosen), [], "--cache-dir's")
    }

    /// A logout must not keep the session: a PICKER_DEFAULT_OPTS that a run of picker refuses
    /// is read for its --cache-dir alone, and the problem said.
    func testLogoutWorksWhateverPickerDefaultOptsSays() throws {
        assertExit(try run(try rfc8628("approve")), 0)
        let directory = config.appendingPathComponent("cached").path
        assertExit(try filterAll(try graph().url("pages"), ["--cache-dir", directory], environment: environment), 0)
        let broken = ["PICKER_DEFAULT_OPTS": "--colour --cache-dir \(directory)"]
        assertExit(
            try runPicker(["logout"], environment: environment.merging(broken) { $1 }), 0,
            standardError:
                "picker: logged out: removed \(sessionPath); removed 1 cached friend list (PICKER_DEFAULT_OPTS: unknown option '--colour' (see picker --help): only its --cache-dir was read)\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: sessionPath))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    func testAGivenSessionFileStillWinsOverTheStoredOne() throws {
        assertExit(try run(try rfc8628("approve")), 0)
        assertExit(try run(["--session-file", sessionFile, "--source", try graph().url("pages"), "--filter", ""]), 0)
        XCTAssertTrue(
            try graph().requests().filter { $0.path.hasPrefix("/pages/") }.allSatisfy {
                $0.authorization == "Bearer \(Self.token)"
            })
    }

    func testHostileAnswersAreShownEscapedWithoutSecrets() throws {
        for arguments in [try rfc8628("hostile"), try facebook("hostile")] {
            let result = try run(arguments)
            assertExit(result, 2, "\(arguments)")
            XCTAssertFalse(
                result.standardError.unicodeScalars.contains {
                    $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07
                })
            XCTAssertTrue(result.standardError.contains(#"\x1b"#), result.standardError)
            XCTAssertTrue(result.standardError.contains("REDACTED"), result.standardError)
            XCTAssertNil(try storedSession())
        }
    }

    func testAServiceThatIsDownIsRetriedThenGivenUpOn() throws {
        let result = try run(try rfc8628("busy", query: "?interval=0.1"))
        assertExit(result, 2)
        XCTAssertTrue(result.standardError.hasSuffix("still failing after 4 retries: HTTP 503\n"), result.standardError)
        XCTAssertEqual(try polls().count, 5)
        let refused = try run([
            "login", "--device-url", "http://127.0.0.1:1/device", "--token-url", "http://127.0.0.1:1/t", "--client-id",
            clientID,
        ])
        assertExit(refused, 2, standardError: "picker: http://127.0.0.1:1/device: connection refused\n")
    }
}
