import Foundation
import PickerTestSupport
import XCTest

/// A test of `picker login` against the device flows of the Graph test service: a private
/// config directory (`XDG_CONFIG_HOME`) for the stored session, the endpoints of a plan (see
/// `Tests/GraphServer/device_flow.py`), and checks that no secret is ever shown.
class LoginTestCase: GraphTestCase {
    /// The `XDG_CONFIG_HOME` of the test.
    private(set) var config = URL(fileURLWithPath: "/nonexistent")
    /// The key of the test's plan: the service names the device code and the token after it.
    let key = "k" + UUID().uuidString.prefix(8).lowercased()

    override func setUpWithError() throws {
        try super.setUpWithError()
        config = TemporaryFolder.root.appendingPathComponent("picker-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: config)
        super.tearDown()
    }

    /// Where the session is stored.
    var sessionPath: String { config.appendingPathComponent("picker/session").path }
    /// The token the service grants.
    var token: String { "tok-\(key)-APPROVED-SECRET" }
    /// The device code the service gives, which is never shown.
    var deviceCode: String { "dev-\(key)-DEVICECODE" }
    /// The client's id the tests log in as, which is never shown.
    var clientID: String { "client-SECRET-\(key)" }
    /// The environment of every run: the private config directory, no proxy.
    var environment: [String: String?] {
        Self.networkVariablesUnset.merging(["XDG_CONFIG_HOME": config.path]) { $1 }
    }

    /// `picker login`'s arguments for RFC 8628 with `plan`, the device endpoint given `query`
    /// (such as `?interval=1`).
    func rfc8628(_ plan: String, query: String = "") throws -> [String] {
        let base = "http://127.0.0.1:\(try graph().port)/rfc/\(key)/\(plan)"
        return [
            "login", "--device-url", base + "/device" + query, "--token-url", base + "/token", "--client-id", clientID,
        ]
    }

    /// `picker login`'s arguments for Facebook's flow with `plan`, told by its endpoint alone.
    func facebook(_ plan: String, query: String = "") throws -> [String] {
        let device = "http://127.0.0.1:\(try graph().port)/fb/\(key)/\(plan)/v19.0/device/login" + query
        return ["login", "--device-url", device, "--client-id", "1234|\(clientID)"]
    }

    /// Runs the picker with `arguments` without a terminal (so `picker login` is plain),
    /// checking that no secret shows in what it writes.
    func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try runPicker(arguments, environment: environment)
        assertNoSecret(in: [result.output, result.standardError], file: file, line: line)
        return result
    }

    /// Checks that none of `texts` holds the token, the device code or the client's id.
    func assertNoSecret(in texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        for text in texts {
            for secret in [token, deviceCode, clientID] {
                for form in Self.forms(of: secret) {
                    XCTAssertFalse(text.contains(form), "\(secret) is shown: \(text)", file: file, line: line)
                }
            }
        }
    }

    /// The stored session's members, or nil when none is stored.
    func storedSession() throws -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: sessionPath) else { return nil }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The permissions of `path`.
    func permissions(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// The requests the token endpoint of the test's plan received, oldest first.
    func polls() throws -> [GraphServer.Request] {
        try graph().requests().filter {
            $0.path.contains("/\(key)/") && ($0.path.hasSuffix("/token") || $0.path.hasSuffix("/login_status"))
        }
    }
}
