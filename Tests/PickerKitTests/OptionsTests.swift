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
        var expected = Options(session: "tok", source: .standardInput)
        expected.query = "ada"
        expected.filter = "zoe"
        expected.format = .json
        expected.print0 = true
        XCTAssertEqual(
            try parse(["--session", "tok", "--source", "-", "--query", "ada", "--filter=zoe", "--format", "json", "--print0"]),
            .run(expected))
        XCTAssertEqual(try parse(["-h"]), .help)
        XCTAssertEqual(try parse(["--session", "x", "--help"]), .help)
        XCTAssertEqual(try parse(["--version"]), .version)
    }

    func testEnvironmentGivesSessionAndSourceAndTheCommandLineWins() throws {
        let environment = ["PICKER_SESSION": "env-token", "PICKER_SOURCE": "env.json"]
        XCTAssertEqual(try parse([], environment), .run(Options(session: "env-token", source: .file("env.json"))))
        XCTAssertEqual(
            try parse(["--session", "cli", "--source", "cli.json"], environment),
            .run(Options(session: "cli", source: .file("cli.json"))))
    }

    func testBadCommandLinesSayWhatIsWrong() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option '--bogus' (see picker --help)"),
            (["--query"], "--query needs a value"),
            (["--format", "xml"], "--format must be one of names, ids, tsv, json, not 'xml'"),
            (["--session", ""], "--session needs a non-empty token"),
            (["--print0=yes"], "--print0 takes no value"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? Options.UsageError)?.description, message)
            }
        }
    }

    func testHelpNamesEveryOption() {
        for option in ["--session", "--source", "--query", "--filter", "--format", "--print0", "--help", "--version"] {
            XCTAssertTrue(Options.helpText.contains(option), option)
        }
    }
}
