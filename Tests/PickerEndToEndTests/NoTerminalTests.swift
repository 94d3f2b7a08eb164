import Foundation
import Glibc
import XCTest

/// Without a usable terminal the picker says so and exits 2, touching nothing, while
/// `--filter` works without any terminal; a reader that goes away early is no crash.
final class NoTerminalTests: TmuxTestCase {
    private static let noScreenAdvice = "use --filter without a screen"

    /// Runs the picker in a new session without a controlling terminal (`setsid`).
    private func runWithoutControllingTerminal(_ arguments: [String]) throws -> CommandResult {
        try runCommand(
            URL(fileURLWithPath: "/usr/bin/setsid"), ["-w", try PickerPaths.picker().path] + arguments,
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": PickerPaths.sample])
    }

    func testWithoutAControllingTerminalItSaysSoAndExits2() throws {
        let result = try runWithoutControllingTerminal(["--session", "demo"])
        assertExit(
            result, 2, output: "",
            standardError: "picker: no terminal to draw on (/dev/tty cannot be opened); \(Self.noScreenAdvice)\n")

        let filtered = try runWithoutControllingTerminal(["--session", "demo", "--filter", "jose"])
        assertExit(filtered, 0, output: "José Álvarez\nGabriel José García Márquez\n")
    }

    /// Runs the picker from a shell in tmux with `environment`, and checks that it exits 2
    /// with `message`, leaving the terminal as it was; `--filter` then works all the same.
    private func assertRefused(
        _ environment: [String: String?], message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let picker = try TmuxSession(
            arguments: ["--session", "demo"], fromShell: true, environment: environment, file: file, line: line)
        defer { picker.kill() }
        try picker.assertExit(
            2, output: "", standardError: "picker: \(message); \(Self.noScreenAdvice)\n", file: file,
            line: line)
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before, file: file, line: line)
        XCTAssertTrue(
            try picker.terminalModes().hasPrefix("alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0"), file: file,
            line: line)
        XCTAssertEqual(try picker.screen().lines.first, "$ sh run.sh", "nothing drawn", file: file, line: line)

        let filter = try TmuxSession(arguments: ["--session", "demo", "--filter", "jose"], environment: environment)
        defer { filter.kill() }
        try filter.assertExit(0, output: "José Álvarez\nGabriel José García Márquez\n", file: file, line: line)
    }

    func testTERMUnset() throws {
        try assertRefused(["TERM": nil], message: "the terminal cannot draw the picker (TERM is not set)")
    }

    func testTERMDumb() throws {
        try assertRefused(["TERM": "dumb"], message: "the terminal cannot draw the picker (TERM is dumb)")
    }

    func testUnknownTERM() throws {
        try assertRefused(["TERM": "no-such-terminal"], message: "the terminal type 'no-such-terminal' is unknown")
    }

    func testAReaderThatWentAwayEndsTheFilterQuietlyWithStatus141() throws {
        let status = try runCommand(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", #""$0" --filter '' | head -0; exit "${PIPESTATUS[0]}""#, try PickerPaths.picker().path],
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": PickerPaths.sample])
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
            URL(fileURLWithPath: "/bin/sh"), ["-c", #"exec "$0" --filter '' >&-"#, try PickerPaths.picker().path],
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": PickerPaths.sample])
        assertExit(result, 2, standardError: "picker: cannot write the result: standard output is closed\n")
    }
}
