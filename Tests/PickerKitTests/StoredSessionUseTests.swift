import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `picker` with a URL source and no session given uses the session `picker login` stored:
/// only on its origin, only until it expires.
final class StoredSessionUseTests: XCTestCase {
    private var directory: URL!
    private var environment: [String: String] { ["XDG_CONFIG_HOME": directory.path] }

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("stored-session-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try XCTUnwrap(SessionStore(environment: environment))
        try store.save(
            StoredSession(
                token: "tok-STORED-SECRET", origin: "https://graph.example:443", expiresAt: 2_000_000_000,
                flow: .facebook, obtainedAt: 1_700_000_000))
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func options(_ arguments: [String], _ extra: [String: String] = [:]) throws -> Options {
        guard
            case .run(let options) = try Options.parse(
                arguments, environment: environment.merging(extra) { $1 }, defaultSource: nil)
        else { throw XCTSkip("not a run") }
        return options
    }

    func testTheStoredSessionServesItsOriginOnly() throws {
        let same = try options(["--source", "https://graph.example/v19.0/me/friends"])
        XCTAssertEqual(same.session, .stored(directory.appendingPathComponent("picker/session").path))
        XCTAssertEqual(try same.sessionToken(now: 1_800_000_000), "tok-STORED-SECRET")
        XCTAssertEqual(same.rejectionAdvice, "Run picker login to log in again")
        let other = try options(["--source", "https://evil.example/me/friends"])
        XCTAssertThrowsError(try other.sessionToken(now: 1_800_000_000)) { error in
            let message = (error as? Options.UsageError)?.description ?? ""
            XCTAssertTrue(
                message.hasSuffix(
                    "the session of picker login is for https://graph.example:443 and is never sent to another origin"),
                message)
            XCTAssertFalse(message.contains("tok-STORED-SECRET"))
        }
    }

    func testAnExpiredStoredSessionSaysToLogInAgainWithStatusThree() throws {
        let options = try options(["--source", "https://graph.example/me/friends"])
        XCTAssertThrowsError(try options.sessionToken(now: 2_000_000_000)) { error in
            let usage = error as? Options.UsageError
            XCTAssertEqual(
                usage?.description, "the session of picker login expired on 2033-05-18 03:33 UTC: run picker login")
            XCTAssertEqual(usage?.status, .sessionRejected)
        }
        let store = SessionStore(path: directory.appendingPathComponent("picker/session").path)
        var expired = try XCTUnwrap(try store.load())
        expired.expiresAt = 1_600_000_000
        try store.save(expired)
        let plan = LaunchPlan.start(options)
        guard case .exit(let status) = plan.action else { return XCTFail("an exit") }
        XCTAssertEqual(status, .sessionRejected)
        XCTAssertEqual(plan.reports, ["the session of picker login expired on 2020-09-13 12:26 UTC: run picker login"])
    }

    func testAGivenSessionWinsAndOtherSourcesTakeNone() throws {
        XCTAssertEqual(
            try options(["--source", "https://graph.example/me/friends"], ["PICKER_SESSION": "env"]).session,
            .token("env"))
        XCTAssertEqual(
            try options(["--session-file", "/f", "--source", "https://graph.example/x"]).session, .file("/f"))
        XCTAssertNil(try options(["--source", "friends.json"]).session)
        XCTAssertEqual(try options(["--source", "https://graph.example/x"]).sessionToken(), "tok-STORED-SECRET")
    }

    func testWithNoneStoredTheSourceNeedsASession() throws {
        try FileManager.default.removeItem(at: directory.appendingPathComponent("picker/session"))
        let options = try options(["--source", "https://graph.example/me/friends"])
        XCTAssertThrowsError(try options.sessionToken()) { error in
            XCTAssertTrue("\(error)".contains("needs a session: run picker login, or give --session-file PATH"))
        }
    }
}
