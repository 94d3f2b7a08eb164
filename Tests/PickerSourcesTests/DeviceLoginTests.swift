import Foundation
import PickerTestSupport
import Synchronization
import XCTest

@testable import PickerSources
@testable import PickerStore

/// A whole login against a service played in memory, on a clock the waits move forward: what
/// is asked, when, and what the login ends with.
final class DeviceLoginTests: XCTestCase {
    /// A service that answers each request with the next of its scripted answers (or fails
    /// with ``HTTPFailure`` for nil), and records what was asked and when.
    private final class ScriptedService: HTTPSending, @unchecked Sendable {
        private var script: [(status: Int, body: String)?]
        private let clock: Clock
        private(set) var asked: [(request: HTTPRequest, at: Double)] = []

        init(_ script: [(status: Int, body: String)?], clock: Clock) {
            self.script = script
            self.clock = clock
        }

        func send(_ request: HTTPRequest) throws(HTTPFailure) -> HTTPResponse {
            asked.append((request, clock.now))
            guard !script.isEmpty, let answer = script.removeFirst() else {
                throw HTTPFailure("connection refused")
            }
            return HTTPResponse(status: answer.status, body: Data(answer.body.utf8), url: request.url)
        }
    }

    /// Time that passes only when the login waits.
    private final class Clock: Sendable {
        private let seconds = Mutex(1000.0)
        var now: Double { seconds.withLock { $0 } }
        func wait(_ interval: Double) { seconds.withLock { $0 += interval } }
    }

    private let clock = Clock()
    private let secret = "tok-GRANTED-SECRET"

    private func login(_ service: ScriptedService, flow: DeviceFlow = .rfc8628) throws -> DeviceLogin {
        let device = flow == .facebook ? "https://graph.example/v19.0/device/login" : "https://auth.example/device"
        var options = LoginOptions(
            deviceURL: try XCTUnwrap(URL(string: device)),
            tokenURL: try XCTUnwrap(URL(string: flow == .facebook ? device + "_status" : "https://auth.example/token")),
            clientID: flow == .facebook ? "1234|client-token" : "client-SECRET-id", scope: "user_friends", flow: flow)
        options.timeout = 3
        var login = DeviceLogin(options: options)
        login.connect = { _ throws(HTTPFailure) in service }
        let clock = self.clock
        login.pause = { clock.wait($0) }
        login.clock = { clock.now }
        login.wallClock = { 1_700_000_000 + clock.now }
        return login
    }

    private func codes(expiresIn: Int = 600) -> String {
        #"{"device_code": "device-SECRET-code", "user_code": "WDJB-MJHT", "verification_uri": "https://auth.example/activate", "expires_in": \#(expiresIn), "interval": 2}"#
    }
    private let pending = (400, #"{"error": "authorization_pending"}"#)
    private var granted: (Int, String) {
        (200, #"{"access_token": "\#(secret)", "token_type": "Bearer", "expires_in": 3600}"#)
    }

    /// Runs a whole login on `script` (the codes first); the session or the failure, and what
    /// was reported.
    private func run(_ script: [(status: Int, body: String)?], flow: DeviceFlow = .rfc8628) throws -> (
        Result<StoredSession, LoginFailure>, [DeviceLogin.Progress], ScriptedService
    ) {
        let service = ScriptedService(script, clock: clock)
        let login = try login(service, flow: flow)
        var progress: [DeviceLogin.Progress] = []
        do throws(LoginFailure) {
            let (authorization, receivedAt) = try login.authorize()
            let session = try login.waitForApproval(authorization, receivedAt: receivedAt) { progress.append($0) }
            return (.success(session), progress, service)
        } catch {
            return (.failure(error), progress, service)
        }
    }

    private func form(_ request: HTTPRequest) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (request.form ?? []).map { ($0.name, $0.value) })
    }

    func testApprovedAfterTwoPendingPolls() throws {
        let (result, progress, service) = try run([(200, codes()), pending, pending, granted])
        let session = try result.get()
        XCTAssertEqual(session.token, secret)
        XCTAssertEqual(session.origin, "https://auth.example:443", "the token endpoint's origin")
        XCTAssertEqual(session.flow, .rfc8628)
        XCTAssertEqual(session.expiresAt, session.obtainedAt + 3600)
        XCTAssertEqual(progress, [.waiting, .waiting, .waiting])
        XCTAssertEqual(
            service.asked.map(\.request.url.absoluteString),
            ["https://auth.example/device"] + Array(repeating: "https://auth.example/token", count: 3))
        XCTAssertEqual(form(service.asked[0].request), ["client_id": "client-SECRET-id", "scope": "user_friends"])
        XCTAssertEqual(
            form(service.asked[1].request),
            [
                "grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": "device-SECRET-code",
                "client_id": "client-SECRET-id",
            ])
        XCTAssertEqual(service.asked.map(\.at), [1000, 1002, 1004, 1006], "every interval of 2 s")
        XCTAssertEqual(service.asked[1].request.headers["Accept"], "application/json")
    }

    func testSlowDownWidensTheIntervalForEveryLaterPoll() throws {
        let (result, progress, service) = try run([
            (200, codes()), pending, (400, #"{"error": "slow_down"}"#), pending, granted,
        ])
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(service.asked.map(\.at), [1000, 1002, 1004, 1011, 1018])
        XCTAssertEqual(progress, [.waiting, .waiting, .slowedDown(interval: 7), .waiting])
    }

    func testDeniedAndExpiredStopWithStatusThree() throws {
        for answer in [(400, #"{"error": "access_denied"}"#), (400, #"{"error": "expired_token"}"#)] {
            let (result, _, _) = try run([(200, codes()), pending, answer])
            guard case .failure(let failure) = result else { return XCTFail("\(answer) stopped the login") }
            XCTAssertTrue(failure.rejectsLogin, failure.message)
            XCTAssertTrue(failure.message.hasPrefix("https://auth.example/token: the "), failure.message)
        }
    }

    func testTheLoginStopsWhenTheCodesExpire() throws {
        let (result, _, service) = try run([(200, codes(expiresIn: 60))] + Array(repeating: pending, count: 40))
        guard case .failure(let failure) = result else { return XCTFail("the codes expire") }
        XCTAssertTrue(failure.rejectsLogin)
        XCTAssertEqual(failure.message, "the code expired before the login was approved; run picker login again")
        XCTAssertEqual(service.asked.count, 1 + 29, "polls at 2, 4, … 58 s; none at or past 60 s")
        XCTAssertEqual(clock.now, 1060, "it waited to the end")
    }

    func testFailuresThatMayPassAreRetriedWithBackoffThenStop() throws {
        let (result, progress, service) = try run([(200, codes()), nil, (503, "busy"), pending, granted])
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(service.asked.map(\.at), [1000, 1002, 1006, 1014, 1016], "2, then 4 and 8 s after failures")
        XCTAssertEqual(progress[1], .retrying(reason: "connection refused", wait: 4))
        let (stopped, _, _) = try run([(200, codes()), nil, nil, nil, nil, nil])
        guard case .failure(let failure) = stopped else { return XCTFail("five failures in a row stop it") }
        XCTAssertFalse(failure.rejectsLogin)
        XCTAssertEqual(failure.message, "https://auth.example/token: still failing after 4 retries: connection refused")
    }

    func testFacebooksWords() throws {
        let facebookCodes =
            #"{"code": "fb-SECRET-device", "user_code": "A1B2C3", "verification_uri": "https://www.facebook.com/device", "expires_in": "420", "interval": "5"}"#
        let pending = (400, #"{"error": {"message": "pending", "code": 31, "error_subcode": 1349174}}"#)
        let slow = (400, #"{"error": {"message": "slow", "code": 17, "error_subcode": 1349172}}"#)
        let token = (200, #"{"access_token": "EAAB-\#(secret)", "expires_in": 5183944}"#)
        let (result, _, service) = try run([(200, facebookCodes), pending, slow, token], flow: .facebook)
        let session = try result.get()
        XCTAssertEqual(session.origin, "https://graph.example:443")
        XCTAssertEqual(form(service.asked[0].request), ["access_token": "1234|client-token", "scope": "user_friends"])
        XCTAssertEqual(
            form(service.asked[1].request), ["access_token": "1234|client-token", "code": "fb-SECRET-device"])
        XCTAssertEqual(service.asked.map(\.at), [1000, 1005, 1010, 1020], "slow down doubles the interval")
        XCTAssertEqual(service.asked[1].request.url.absoluteString, "https://graph.example/v19.0/device/login_status")
    }

    func testNoSecretReachesAMessage() throws {
        let hostile =
            #"{"error": "server_error\u001b]0;x\u0007", "error_description": "device-SECRET-code client-SECRET-id"}"#
        let (result, _, _) = try run([(200, codes()), (400, hostile)])
        guard case .failure(let failure) = result else { return XCTFail("a failure") }
        for secret in ["device-SECRET-code", "client-SECRET-id", "\u{1B}"] {
            XCTAssertFalse(failure.message.contains(secret), failure.message)
        }
        XCTAssertTrue(failure.message.contains(#"server_error\x1b]0;x\x07"#), failure.message)
        let (refused, _, _) = try run([(401, #"{"error": "invalid_client", "error_description": "client-SECRET-id?"}"#)]
        )
        guard case .failure(let refusal) = refused else { return XCTFail("a refusal") }
        XCTAssertEqual(refusal.message, "https://auth.example/device: the service refused: invalid_client: REDACTED?")
    }
}
