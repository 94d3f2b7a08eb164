import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class OptionsTests: XCTestCase {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(Options.UsageError)
        -> Options.Command
    {
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
        expected.loadTimeout = 30
        XCTAssertEqual(
            try Options.parse(
                [
                    "--session", "tok", "--source", "-", "--query", "ada", "--filter=zoe", "--format", "json",
                    "--print0", "--timeout", "2.5", "--load-timeout", "30",
                ], environment: [:], defaultSource: "sample.json", standardInputIsTerminal: false),
            .run(expected))
        XCTAssertEqual(try parse(["-h"]), .help)
        XCTAssertEqual(try parse(["--session", "x", "--help"]), .help)
        XCTAssertEqual(try parse(["--version"]), .version)
    }

    func testStandardInputThatIsNotATerminalIsTheSourceWhenNoneIsNamed() throws {
        func source(_ arguments: [String], _ environment: [String: String] = [:]) throws -> FriendSource? {
            guard
                case .run(let options) = try Options.parse(
                    arguments, environment: environment, defaultSource: "sample.json", standardInputIsTerminal: false)
            else { return nil }
            return options.source
        }
        XCTAssertEqual(try source([]), .standardInput, "as fzf, fzy and gum read it")
        XCTAssertEqual(try source(["--filter", "a"]), .standardInput)
        XCTAssertEqual(try source(["--source", "names.txt"]), .file("names.txt"), "a named source wins")
        // A pipe is what the user means now, as in fzf: it wins over the standing defaults.
        XCTAssertEqual(try source([], ["PICKER_SOURCE": "env.json"]), .standardInput)
        let defaults = ["PICKER_DEFAULT_OPTS": "--source opts.json", "PICKER_SOURCE": "env.json"]
        XCTAssertEqual(try source([], defaults), .standardInput)
        XCTAssertEqual(try source(["--source", "cli.json"], defaults), .file("cli.json"))
        XCTAssertEqual(try source(["--source", "-"], defaults), .standardInput)
    }

    /// A bare word is most likely a search: the message says how to give one.
    func testABareWordSuggestsTheQueryOrTheFilter() {
        XCTAssertThrowsError(try parse(["--session", "demo", "ada"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "picker takes no words, only options: to search for ada, give -q ada (the list opens with it applied) or -f ada (the matches printed, without a screen); see picker --help"
            )
        }
        XCTAssertNoThrow(try parse(["--query", "ada"]), "a value is no bare word")
        XCTAssertThrowsError(try parse(["--nope"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "unknown option '--nope' (see picker --help)")
        }
        XCTAssertEqual(shellQuotedWord("zoë"), "zoë")
        XCTAssertEqual(shellQuotedWord("o'brien x"), #"'o'\''brien x'"#)
        XCTAssertEqual(shellWords(shellQuotedWord("o'brien x")), ["o'brien x"])
        XCTAssertEqual(shellQuotedWord(""), "''")
    }

    /// `--source -` with the terminal on standard input would read keys as friends.
    func testStandardInputThatIsTheTerminalIsNoSource() {
        XCTAssertThrowsError(try parse(["--source", "-"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.status, .error)
            XCTAssertTrue((error as? Options.UsageError)?.description.hasPrefix("--source - reads") ?? false)
        }
        XCTAssertThrowsError(try parse([], ["PICKER_SOURCE": "-"]))
    }

    /// With a terminal on standard input: the command line, then PICKER_DEFAULT_OPTS, then
    /// PICKER_SOURCE (an empty one is none), then the bundled sample.
    func testTheSourceWithATerminalOnStandardInput() throws {
        func source(_ arguments: [String], _ environment: [String: String]) throws -> FriendSource? {
            guard case .run(let options) = try parse(arguments, environment) else { return nil }
            return options.source
        }
        let both = ["PICKER_DEFAULT_OPTS": "--source opts.json", "PICKER_SOURCE": "env.json"]
        XCTAssertEqual(try source(["--source", "cli.json"], both), .file("cli.json"))
        XCTAssertEqual(try source([], both), .file("opts.json"))
        XCTAssertEqual(try source([], ["PICKER_SOURCE": "env.json"]), .file("env.json"))
        XCTAssertEqual(try source([], ["PICKER_SOURCE": ""]), .file("sample.json"))
        XCTAssertThrowsError(try Options.parse([], environment: [:], defaultSource: nil))
        XCTAssertEqual(
            try Options.parse([], environment: ["PICKER_SOURCE": "env.json"], defaultSource: nil),
            .run(Options(source: .file("env.json"))))
    }

    func testEnvironmentGivesSessionAndSourceAndTheCommandLineWins() throws {
        let environment = ["PICKER_SESSION": "env-token", "PICKER_SOURCE": "env.json"]
        XCTAssertEqual(
            try parse([], environment), .run(Options(session: .token("env-token"), source: .file("env.json"))))
        XCTAssertEqual(
            try parse(["--session", "cli", "--source", "cli.json"], environment),
            .run(Options(session: .token("cli"), source: .file("cli.json"))))
        XCTAssertEqual(
            try parse(["--session-file", "/run/token"], environment),
            .run(Options(session: .file("/run/token"), source: .file("env.json"))))
    }

    func testATimeoutIsAMillisecondToADay() throws {
        for text in ["0.0009", "0.0005", "-5", "-0", "nan", "inf", "-inf", "1e17", "86400.5", "0x1p-20"] {
            XCTAssertThrowsError(try parse(["--timeout", text]), text) { error in
                XCTAssertEqual(
                    (error as? Options.UsageError)?.description,
                    "--timeout needs a number of seconds from 0.001 to 86400, not '\(text)'")
                XCTAssertEqual((error as? Options.UsageError)?.status, .error, "exit 2")
            }
        }
        for (text, seconds) in [("0.001", 0.001), ("86400", 86400), ("1e3", 1000)] {
            guard case .run(let options) = try parse(["--timeout", text]) else { return XCTFail(text) }
            XCTAssertEqual(options.timeout, seconds, text)
        }
        XCTAssertThrowsError(try parse(["--load-timeout", "0"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--load-timeout needs a number of seconds from 0.001 to 86400, not '0'")
        }
        guard case .run(let options) = try parse([]) else { return XCTFail("no run") }
        XCTAssertEqual(options.loadTimeout, 120, "what a person would wait for a whole load")
    }

    func testARefusedURLSourceIsShownWithoutTheToken() throws {
        let file = TemporaryFolder.root.appendingPathComponent("options-session-\(UUID())")
        try Data("tok-SECRET-4242\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let refused =
            "--source http://graph.example/x/REDACTED/me/friends plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https"
        for session in [["--session", "tok-SECRET-4242"], ["--session-file", file.path]] {
            XCTAssertThrowsError(
                try parse(session + ["--source", "http://graph.example/x/tok-SECRET-4242/me/friends"]), "\(session)"
            ) { error in
                XCTAssertEqual((error as? Options.UsageError)?.description, refused)
            }
        }
    }

    func testBadCommandLinesSayWhatIsWrong() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option '--bogus' (see picker --help)"),
            (["--query"], "--query needs a value"),
            (
                ["--format", "xml"],
                "--format must be one of names, ids, tsv, json, mutt, aerc, address, tel, mutt-to, not 'xml'"
            ),
            (["--session", ""], "--session needs a non-empty token"),
            (["--print0=yes"], "--print0 takes no value"),
            (["--timeout", "0"], "--timeout needs a number of seconds from 0.001 to 86400, not '0'"),
            (["--timeout", "soon"], "--timeout needs a number of seconds from 0.001 to 86400, not 'soon'"),
            (
                ["--source", "https://graph.example/me/friends?access_token=secret"],
                "--source https://graph.example/me/friends?access_token=REDACTED needs a session: run picker login, or give --session-file PATH (recommended: a token on the command line is visible in ps), --session TOKEN, or PICKER_SESSION"
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
        let file = TemporaryFolder.root.appendingPathComponent("picker-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("  tok-123 \nsecond line\n".utf8).write(to: file)
        XCTAssertEqual(try Options(session: .file(file.path), source: .standardInput).sessionToken(), "tok-123")
        try Data("\n".utf8).write(to: file)
        XCTAssertThrowsError(try Options(session: .file(file.path), source: .standardInput).sessionToken()) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--session-file \(file.path): the first line holds no token")
        }
        XCTAssertThrowsError(try Options(session: .file("/nonexistent/token"), source: .standardInput).sessionToken())
    }

    func testATokenWithAControlCharacterIsRefusedForAURLSource() throws {
        let url = FriendSource(argument: "https://graph.example/me/friends")
        for token in ["a\rb", "a\nb", "a\tb", "a\u{0}b", "a\u{7F}b", "a\u{9B}b"] {
            XCTAssertThrowsError(
                try Options(session: .token(token), source: url).sessionToken(), token.debugDescription)
            XCTAssertEqual(try Options(session: .token(token), source: .standardInput).sessionToken(), token)
        }
        XCTAssertEqual(try Options(session: .token("tok-123"), source: url).sessionToken(), "tok-123")
    }

    func testTheFacebookAndFzfOptions() throws {
        guard
            case .run(let options) = try parse([
                "--sort", "last", "--display=last", "--limit", "3", "--select", "10, 11,,12", "--select", "13",
                "--select-1",
                "--exit-0", "--title", "Invite", "--prompt", "> ", "--cycle", "--no-mouse", "--no-color",
            ])
        else { return XCTFail("a run") }
        XCTAssertEqual(options.configuration.sortOrder, .last)
        XCTAssertEqual(options.configuration.displayOrder, .last)
        XCTAssertEqual(options.configuration.limit, 3)
        XCTAssertEqual(options.preselected, ["10", "11", "12", "13"])
        XCTAssertTrue(options.selectOne && options.exitZero && options.configuration.cycles)
        XCTAssertEqual(options.configuration.title, "Invite")
        XCTAssertEqual(options.configuration.prompt, "> ")
        XCTAssertFalse(options.mouse)
        XCTAssertFalse(options.color)
    }

    func testDefaultOptionsComeFromTheEnvironmentBeforeTheCommandLine() throws {
        let environment = ["PICKER_DEFAULT_OPTS": #"--title "My team" --limit 2 --format=ids"#]
        guard case .run(let options) = try parse(["--limit", "5"], environment) else { return XCTFail("a run") }
        XCTAssertEqual(options.configuration.title, "My team")
        XCTAssertEqual(options.configuration.limit, 5, "the command line wins")
        XCTAssertEqual(options.format, .ids)
        XCTAssertThrowsError(try parse([], ["PICKER_DEFAULT_OPTS": "--title 'open"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "PICKER_DEFAULT_OPTS: a quote is not closed")
        }
        XCTAssertThrowsError(try parse([], ["PICKER_DEFAULT_OPTS": "--bogus"]))
    }

    /// fzf's short options, their values attached or next.
    func testShortOptionsAsFzfUsersTypeThem() throws {
        var expected = Options(source: .file("sample.json"))
        expected.query = "ada lov"
        expected.filter = "zoe"
        expected.selectOne = true
        expected.exitZero = true
        expected.configuration.limit = 3
        expected.configuration.header = "Pick two"
        XCTAssertEqual(
            try parse(["-q", "ada lov", "-f", "zoe", "-1", "-0", "-m", "3", "--header", "Pick two"]), .run(expected))
        XCTAssertEqual(
            try parse(["-qada lov", "-fzoe", "-1", "-0", "-m3", "--header=Pick two"]), .run(expected),
            "a short option's value attached")
        XCTAssertThrowsError(try parse(["-m", "x"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "--limit needs a whole number above 0, not 'x'")
        }
        XCTAssertThrowsError(try parse(["-1x"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "unknown option '-1x' (see picker --help)")
        }
        XCTAssertThrowsError(try parse(["-q"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "-q needs a value")
        }
    }

    /// An error in `PICKER_DEFAULT_OPTS` says it came from there, and an option there takes no
    /// value from the command line.
    func testTheDefaultOptionsAreParsedOnTheirOwn() throws {
        XCTAssertThrowsError(try parse([], ["PICKER_DEFAULT_OPTS": "--limit x"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "PICKER_DEFAULT_OPTS: --limit needs a whole number above 0, not 'x'")
        }
        XCTAssertThrowsError(try parse(["ada"], ["PICKER_DEFAULT_OPTS": "--query"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "PICKER_DEFAULT_OPTS: --query needs a value")
        }
        XCTAssertThrowsError(try parse(["--bogus"], ["PICKER_DEFAULT_OPTS": "--limit 2"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description, "unknown option '--bogus' (see picker --help)",
                "the command line's errors are its own")
        }
    }

    func testHeightComesFromTheCommandLineOrTheDefaultsAndNoHeightUndoesIt() throws {
        let defaults = ["PICKER_DEFAULT_OPTS": "--height 40%"]
        guard case .run(let lines) = try parse(["--height", "10"]),
            case .run(let percent) = try parse(["--height=40%"]),
            case .run(let fromDefaults) = try parse([], defaults),
            case .run(let undone) = try parse(["--no-height"], defaults),
            case .run(let overridden) = try parse(["--height", "12"], defaults), case .run(let plain) = try parse([])
        else { return XCTFail("runs") }
        XCTAssertEqual(lines.height, .lines(10))
        XCTAssertEqual(percent.height, .percent(40))
        XCTAssertEqual(fromDefaults.height, .percent(40))
        XCTAssertNil(undone.height)
        XCTAssertEqual(overridden.height, .lines(12))
        XCTAssertNil(plain.height, "the full screen unless asked")
        XCTAssertThrowsError(try parse(["--height"])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "--height needs a value")
        }
        XCTAssertThrowsError(try parse([], ["PICKER_DEFAULT_OPTS": "--height 0%"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "PICKER_DEFAULT_OPTS: --height needs a percentage from 1% to 100%, not '0%'")
        }
    }

    func testNoColorInTheEnvironmentTurnsColoursOff() throws {
        guard case .run(let off) = try parse([], ["NO_COLOR": "1"]), case .run(let on) = try parse([], ["NO_COLOR": ""])
        else {
            return XCTFail("runs")
        }
        XCTAssertFalse(off.color)
        XCTAssertTrue(on.color, "an empty NO_COLOR does not count")
    }

    func testBadValuesOfTheNewOptions() {
        let cases: [([String], String)] = [
            (["--limit", "0"], "--limit needs a whole number above 0, not '0'"),
            (["--sort", "middle"], "--sort must be first or last, not 'middle'"),
            (["--display", ""], "--display must be first or last, not ''"),
            (["--cycle=yes"], "--cycle takes no value"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? Options.UsageError)?.description, message)
            }
        }
    }

    /// `--input` from the command line or `PICKER_DEFAULT_OPTS`, one of the formats picker reads.
    func testInputNamesWhatTheSourcesHold() throws {
        guard case .run(let options) = try parse(["--input", "text"]) else { return XCTFail("a run") }
        XCTAssertEqual(options.input, .text)
        guard case .run(let defaults) = try parse([], ["PICKER_DEFAULT_OPTS": "--input=vcard"]) else {
            return XCTFail("a run")
        }
        XCTAssertEqual(defaults.input, .vcard)
        guard case .run(let none) = try parse([]) else { return XCTFail("a run") }
        XCTAssertNil(none.input, "told by the content")
        XCTAssertThrowsError(try parse(["--input", "xml"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--input must be one of json, vcard, csv, text, facebook, not 'xml'")
            XCTAssertEqual((error as? Options.UsageError)?.status, .error)
        }
    }

    func testShellWords() {
        XCTAssertEqual(shellWords(#"a 'b c' "d \"e\"" f\ g '' h"#), ["a", "b c", #"d "e""#, "f g", "", "h"])
        XCTAssertEqual(shellWords("  "), [])
        XCTAssertEqual(shellWords(#""a\b""#), [#"a\b"#])
        XCTAssertNil(shellWords("'open"))
        XCTAssertNil(shellWords("trailing\\"))
    }

    func testHelpListsEveryOptionKeyEnvironmentVariableAndExitStatus() {
        let help = HelpPage.text
        for option in Options.table { for name in option.names { XCTAssertTrue(help.contains(name), name) } }
        for key in KeyMap.standard.help { XCTAssertTrue(help.contains(key.keys), key.keys) }
        for variable in Options.environment { XCTAssertTrue(help.contains(variable.name), variable.name) }
        for status in ExitStatus.allCases { XCTAssertTrue(help.contains(status.meaning.prefix(20)), status.meaning) }
        XCTAssertTrue(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "lines fit 80 columns")
    }

    func testHelpNamesEveryOption() {
        for option in [
            "--session", "--session-file", "--source", "--timeout", "--query", "--filter", "--format", "--print0",
            "--help",
            "--version",
        ] {
            XCTAssertTrue(HelpPage.text.contains(option), option)
        }
    }
}
