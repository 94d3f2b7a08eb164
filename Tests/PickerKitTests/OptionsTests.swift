import XCTest

@testable import PickerKit

final class OptionsTests: XCTestCase {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(Options.UsageError) -> Options.Command {
        try Options.parse(arguments, environment: environment, defaultSource: "sample.json")
    }

    func testDefaults() throws {
        XCTAssertEqual(try parse([]), .run(Options(session: nil, source: .file("sample.json"))))
    }

    func testEveryOption() throws {
        var expected = Options(session: .token("tok"), source: .standardInput)
        expected.query = "ada"
        expected.filter = "zoe"
        expected.format = .json
        expected.print0 = true
        expected.timeout = 2.5
        XCTAssertEqual(
            try parse([
                "--session", "tok", "--source", "-", "--query", "ada", "--filter=zoe", "--format", "json", "--print0",
                "--timeout", "2.5",
            ]),
            .run(expected))
        XCTAssertEqual(try parse(["-h"]), .help)
        XCTAssertEqual(try parse(["--session", "x", "--help"]), .help)
        XCTAssertEqual(try parse(["--version"]), .version)
    }

    func testEnvironmentGivesSessionAndSourceAndTheCommandLineWins() throws {
        let environment = ["PICKER_SESSION": "env-token", "PICKER_SOURCE": "env.json"]
        XCTAssertEqual(try parse([], environment), .run(Options(session: .token("env-token"), source: .file("env.json"))))
        XCTAssertEqual(
            try parse(["--session", "cli", "--source", "cli.json"], environment),
            .run(Options(session: .token("cli"), source: .file("cli.json"))))
        XCTAssertEqual(
            try parse(["--session-file", "/run/token"], environment),
            .run(Options(session: .file("/run/token"), source: .file("env.json"))))
    }

    func testBadCommandLinesSayWhatIsWrong() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option '--bogus' (see picker --help)"),
            (["--query"], "--query needs a value"),
            (["--format", "xml"], "--format must be one of names, ids, tsv, json, not 'xml'"),
            (["--session", ""], "--session needs a non-empty token"),
            (["--print0=yes"], "--print0 takes no value"),
            (["--timeout", "0"], "--timeout needs a number of seconds above 0, not '0'"),
            (["--timeout", "soon"], "--timeout needs a number of seconds above 0, not 'soon'"),
            (
                ["--source", "https://graph.example/me/friends?access_token=secret"],
                "--source https://graph.example/me/friends?access_token=REDACTED needs a session: give --session-file PATH (recommended: a token on the command line is visible in ps), --session TOKEN, or PICKER_SESSION"
            ),
            (
                ["--session", "t", "--source", "http://graph.example/me/friends"],
                "--source http://graph.example/me/friends plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https"
            ),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? Options.UsageError)?.description, message)
            }
        }
    }

    func testURLSourcesTakeASessionAndLoopbackMayUsePlainHTTP() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:8080/me/friends"))
        XCTAssertEqual(
            try parse(["--source", url.absoluteString], ["PICKER_SESSION": "t"]),
            .run(Options(session: .token("t"), source: .url(url))))
    }

    func testTheSessionFileGivesItsFirstLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("picker-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("  tok-123 \nsecond line\n".utf8).write(to: file)
        XCTAssertEqual(try Options(session: .file(file.path), source: .standardInput).sessionToken(), "tok-123")
        try Data("\n".utf8).write(to: file)
        XCTAssertThrowsError(try Options(session: .file(file.path), source: .standardInput).sessionToken()) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "--session-file \(file.path): the first line holds no token")
        }
        XCTAssertThrowsError(try Options(session: .file("/nonexistent/token"), source: .standardInput).sessionToken())
    }

    func testHelpNamesEveryOption() {
        for option in [
            "--session", "--session-file", "--source", "--timeout", "--query", "--filter", "--format", "--print0", "--help",
            "--version",
        ] {
            XCTAssertTrue(Options.helpText.contains(option), option)
        }
    }
}
