import Foundation
import Glibc
import XCTest

/// Without a terminal the picker says so and exits 2, touching nothing, while `--filter` works
/// without any; a terminal type unknown here is drawn as xterm's, with a note; a reader that
/// goes away early is no crash.
final class NoTerminalTests: TmuxTestCase {
    private static let noScreenAdvice = "use --filter without a screen"

    /// Runs the picker in a new session without a controlling terminal (`setsid`).
    private func runWithoutControllingTerminal(_ arguments: [String]) throws -> CommandResult {
        try runCommand(
            URL(fileURLWithPath: "/usr/bin/setsid"), ["-w", try PickerPaths.picker().path] + arguments,
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": nil])
    }

    func testWithoutAControllingTerminalItSaysSoAndExits2() throws {
        let result = try runWithoutControllingTerminal(["--session", "demo"])
        assertExit(
            result, 2, output: "",
            standardError: "picker: no terminal to draw on (/dev/tty cannot be opened); \(Self.noScreenAdvice)\n")

        let filtered = try runWithoutControllingTerminal([
            "--source", PickerPaths.sample, "--session", "demo", "--filter", "jose",
        ])
        assertExit(filtered, 0, output: "José Álvarez\nGabriel José García Márquez\n")
    }

    /// Leaving while a source's thread is still reading is no crash: the picker without a
    /// terminal leaves at once while its standard-input reader has just started hashing what it
    /// reads. The libraries' exit handlers once tore OpenSSL down under that thread, about one
    /// run in 250, so the run is repeated enough to meet it (fewer times under a sanitizer,
    /// where a run takes a second and the timing differs anyway).
    func testLeavingWhileASourceStillLoadsIsNoCrash() throws {
        let names = Data(String(repeating: "Ada Lovelace\n", count: 150_000).utf8)
        for run in 1...(runsUnderSanitizer ? 25 : 500) {
            let result = try runCommand(
                URL(fileURLWithPath: "/usr/bin/setsid"), ["-w", try PickerPaths.picker().path, "--height", "10"],
                input: names, environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": nil])
            guard result.status == 2, result.standardError.split(separator: "\n").count == 1 else {
                return XCTFail("run \(run): exit \(result.status), \(result.standardError.prefix(300))")
            }
        }
    }

    /// Runs the picker from a shell in tmux with `environment`, where `TERM` names a type this
    /// machine has no usable terminfo entry for, and checks that it draws all the same (as
    /// xterm-256color), takes keys, prints the pick, gives the terminal back as it was and says
    /// once, on standard error, what it drew as (`note`).
    private func assertDrawnWithAStandIn(
        _ environment: [String: String?], note: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let picker = try TmuxSession(
            arguments: ["--session", "demo"], fromShell: true, environment: environment, file: file, line: line)
        defer { picker.kill() }
        try picker.waitForScreen("the picker drawn", file: file, line: line) {
            $0.title.hasPrefix("Select Friends") && $0.counts == "176/176 · 0 selected" && !$0.helpLine.isEmpty
        }
        XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=1 "), file: file, line: line)
        let second = try XCTUnwrap(try picker.screen().names.dropFirst().first, file: file, line: line)
        try picker.press("Down")
        try picker.waitForScreen("the cursor moved", file: file, line: line) { $0.cursorName == second }
        try picker.press("Enter")
        try picker.assertExit(0, output: second + "\n", standardError: "picker: \(note)\n", file: file, line: line)
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before, file: file, line: line)
        XCTAssertTrue(
            try picker.terminalModes().hasPrefix("alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0"), file: file,
            line: line)
    }

    func testTERMUnset() throws {
        try assertDrawnWithAStandIn(["TERM": nil], note: "TERM is not set; drew the picker as xterm-256color")
    }

    /// What vim's `:r !picker` sets, while `/dev/tty` is the real terminal.
    func testTERMDumb() throws {
        try assertDrawnWithAStandIn(
            ["TERM": "dumb"], note: "the terminal type 'dumb' cannot move the cursor; drew the picker as xterm-256color"
        )
    }

    /// kitty, alacritty, ghostty or wezterm over ssh, on a machine without their terminfo.
    func testUnknownTERM() throws {
        try assertDrawnWithAStandIn(
            ["TERM": "xterm-kitty"],
            note: "the terminal type 'xterm-kitty' is unknown here; drew the picker as xterm-256color")
    }

    func testAReaderThatWentAwayEndsTheFilterQuietlyWithStatus141() throws {
        let status = try runCommand(
            URL(fileURLWithPath: "/bin/bash"),
            [
                "-c", #""$0" --source "$1" --filter '' | head -0; exit "${PIPESTATUS[0]}""#,
                try PickerPaths.picker().path, PickerPaths.sample,
            ],
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": nil])
        assertExit(status, 141, standardError: "")
    }

    func testAReaderThatWentAwayEndsThePickerQuietlyWithStatus141AndTheTerminalRestored() throws {
        let picker = try startPicker(throughPipe: true, fromShell: true, pipeInto: "head -c 0")
        try picker.press("Enter")
        try picker.assertExit(141, standardError: "", "no crash report, no message")
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before)
    }

    func testAClosedStandardOutputIsAnErrorWithStatus2() throws {
        let result = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"exec "$0" --source "$1" --filter '' >&-"#, try PickerPaths.picker().path, PickerPaths.sample],
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": nil])
        assertExit(result, 2, standardError: "picker: cannot write the result: standard output is closed\n")
    }
}
