import Foundation
import PickerTestSupport
import XCTest

/// A test of the picker against the Graph test service: the service started for each test, a
/// session file holding ``token``, and `--filter` runs that check the token never shows.
class GraphTestCase: TmuxTestCase {
    static let token = "tok-SECRET-4242"
    private var server: GraphServer?
    private var files: [String] = []
    /// A file whose first line is ``token``.
    private(set) var sessionFile = ""

    /// The certificate and key the service speaks TLS with, or nil for none.
    var tls: (certificate: String, key: String)? { nil }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try GraphServer(tls: tls)
        sessionFile = try self.sessionFile(holding: Self.token)
    }

    override func tearDown() {
        server?.stop()
        for file in files { try? FileManager.default.removeItem(atPath: file) }
        super.tearDown()
    }

    func graph() throws -> GraphServer { try XCTUnwrap(server) }

    /// A session file (removed after the test) whose first line is `token`.
    func sessionFile(holding token: String) throws -> String {
        let file = TemporaryFolder.root.appendingPathComponent("picker-session-\(UUID().uuidString)")
        try Data("\(token)\n".utf8).write(to: file)
        files.append(file.path)
        return file.path
    }

    /// `picker --filter ''` on `url` with the session `token`: every friend the service has, or
    /// the failure. The token, as written or percent-encoded, is never in the output or the
    /// messages.
    func filterAll(
        _ url: String, _ extra: [String] = [], token: String = token, environment: [String: String?] = [:],
        measuringMemory: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws -> CommandResult {
        let session = token == Self.token ? sessionFile : try sessionFile(holding: token)
        let result = try runPicker(
            ["--session-file", session, "--source", url, "--filter", "", "--format", "ids"] + extra,
            environment: Self.networkVariablesUnset.merging(environment) { $1 }, measuringMemory: measuringMemory)
        for form in Self.forms(of: token) {
            XCTAssertFalse(
                result.output.contains(form), "the token never appears in the output", file: file, line: line)
            XCTAssertFalse(
                result.standardError.contains(form), "the token never appears in messages: \(result.standardError)",
                file: file, line: line)
        }
        return result
    }

    /// Runs `--filter` on `scenario` and checks that it fails (status 2) with a message that
    /// names the URL and says `problem`; returns the result.
    @discardableResult
    func assertFails(
        _ scenario: String, saying problem: String, _ extra: [String] = [], measuringMemory: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> CommandResult {
        let url = try graph().url(scenario)
        let result = try filterAll(url, extra, measuringMemory: measuringMemory, file: file, line: line)
        XCTAssertEqual(result.status, 2, "\(scenario): \(result.standardError)", file: file, line: line)
        XCTAssertEqual(result.output, "", "\(scenario): no partial list", file: file, line: line)
        XCTAssertTrue(result.standardError.hasPrefix("picker: \(url)"), result.standardError, file: file, line: line)
        XCTAssertTrue(result.standardError.contains(problem), result.standardError, file: file, line: line)
        return result
    }

    /// The variables that choose proxies and trusted certificates, unset: each test sets what
    /// it needs.
    static let networkVariablesUnset: [String: String?] = Dictionary(
        uniqueKeysWithValues: [
            "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
            "SSL_CERT_FILE", "SSL_CERT_DIR", "CURL_CA_BUNDLE",
        ].map { ($0, nil) })

    /// `token` as written, and percent-encoded with upper- and lower-case digits.
    static func forms(of token: String) -> Set<String> {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let encoded = token.addingPercentEncoding(withAllowedCharacters: unreserved) ?? token
        var lower = ""
        var digitsLeft = 0
        for character in encoded {
            lower += digitsLeft > 0 ? character.lowercased() : String(character)
            digitsLeft = character == "%" ? 2 : max(0, digitsLeft - 1)
        }
        return [token, encoded, lower]
    }
}
