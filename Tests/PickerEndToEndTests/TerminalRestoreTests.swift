import Glibc
import XCTest

/// Every way out gives the terminal back as it was: the picker runs from an interactive shell,
/// and `stty -g`, the pane's modes (alternate screen, cursor, keypad, mouse) and its title are
/// the same after it as before it.
final class TerminalRestoreTests: TmuxTestCase {
    /// Starts the picker from a shell and returns it with the pane's modes before it started.
    private func startFromShell(file: StaticString = #filePath, line: UInt = #line) throws -> (
        TmuxSession, modes: String
    ) {
        let picker = try startPicker(fromShell: true, file: file, line: line)
        let modes = try picker.terminalModes()
        XCTAssertTrue(
            modes.hasPrefix("alternate=1 cursor=1 "),
            "the picker draws on the alternate screen, the cursor shown on the focused row: \(modes)", file: file,
            line: line)
        return (picker, modesOutside(picker, while: modes))
    }

    /// What the modes are outside the picker: the same as while it runs, but for the alternate
    /// screen, cursor and keypad modes the picker sets; checked against a fresh shell below.
    private func modesOutside(_ picker: TmuxSession, while running: String) -> String {
        let title = running.components(separatedBy: " title=").last ?? ""
        return "alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0 insert=0 wrap=1 origin=0 title=\(title)"
    }

    /// Waits for the exit, then checks its status and that the terminal is as before.
    private func assertRestored(
        _ picker: TmuxSession, modes: String, status: Int32, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try picker.assertExit(status, file: file, line: line)
        let settings = try picker.terminalSettings()
        XCTAssertEqual(
            settings.after, settings.before, "stty -g after the picker equals stty -g before", file: file, line: line)
        XCTAssertEqual(try picker.terminalModes(), modes, file: file, line: line)
    }

    func testAFreshShellHasTheModesTheRestoredTerminalIsComparedWith() throws {
        let shell = try TmuxSession(arguments: ["--version"], fromShell: true)
        defer { shell.kill() }
        _ = try shell.waitForExit()
        let title = try shell.paneTitle()
        XCTAssertEqual(
            try shell.terminalModes(),
            "alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0 insert=0 wrap=1 origin=0 title=\(title)")
    }

    func testEscapeRestoresTheTerminal() throws {
        let (picker, modes) = try startFromShell()
        try picker.press("Escape")
        try assertRestored(picker, modes: modes, status: 130)
    }

    func testEnterRestoresTheTerminalBeforePrinting() throws {
        let (picker, modes) = try startFromShell()
        try picker.press("Enter")
        try assertRestored(picker, modes: modes, status: 0)
    }

    func testCtrlCRestoresTheTerminal() throws {
        let (picker, modes) = try startFromShell()
        try picker.press("/")
        try picker.type("ada")
        try picker.waitForScreen("searching") { $0.searchBar == "/ ada" }
        try picker.press("C-c")
        try assertRestored(picker, modes: modes, status: 130)
    }

    /// Sends `signal` to the running picker and checks the status and the terminal after it.
    private func assertSignalRestoresTheTerminal(
        _ signal: Int32, status: Int32, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (picker, modes) = try startFromShell(file: file, line: line)
        try picker.send(signal: signal)
        try assertRestored(picker, modes: modes, status: status, file: file, line: line)
    }

    func testSIGINTRestoresTheTerminalWithStatus130() throws {
        try assertSignalRestoresTheTerminal(SIGINT, status: 130)
    }

    func testSIGTERMRestoresTheTerminalWithStatus143() throws {
        try assertSignalRestoresTheTerminal(SIGTERM, status: 143)
    }

    func testSIGHUPRestoresTheTerminalWithStatus129() throws {
        try assertSignalRestoresTheTerminal(SIGHUP, status: 129)
    }

    func testSIGQUITRestoresTheTerminalWithStatus131() throws {
        try assertSignalRestoresTheTerminal(SIGQUIT, status: 131)
    }

    func testCtrlZSuspendsWithTheTerminalRestoredAndFgRedraws() throws {
        try assertSuspendsAndResumes { try $0.press("C-z") }
    }

    func testSIGTSTPSuspendsLikeCtrlZ() throws {
        try assertSuspendsAndResumes { try $0.send(signal: SIGTSTP) }
    }

    /// Checks that `suspend` stops the whole job with the terminal restored, and that `fg`
    /// brings the picker back as it was.
    private func assertSuspendsAndResumes(
        file: StaticString = #filePath, line: UInt = #line, _ suspend: (TmuxSession) throws -> Void
    ) throws {
        let (picker, modes) = try startFromShell(file: file, line: line)
        try picker.press("Down", "Space")
        try picker.waitForScreen("Adaeze checked", file: file, line: line) { $0.cursorLine == "> [x] Adaeze Okafor" }
        try suspend(picker)
        try picker.waitForScreen("the shell's prompt after the job stopped", file: file, line: line) { screen in
            screen.lines.contains { $0.contains("Stopped") } && screen.lines.last { !$0.isEmpty } == "$"
        }
        XCTAssertEqual(
            try picker.terminalModes(), modes, "suspended, the terminal is the shell's again", file: file, line: line)

        try picker.type("fg")
        try picker.press("Enter")
        try picker.waitForScreen("the picker redrawn as it was", file: file, line: line) {
            $0.cursorLine == "> [x] Adaeze Okafor" && $0.counts == "176/176 · 1 selected"
                && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
        try picker.press("Down")
        try picker.waitForScreen("keys work again", file: file, line: line) {
            $0.cursorLine == "> [ ] Adalberto Ruiz"
        }
        try picker.press("Enter")
        try assertRestored(picker, modes: modes, status: 0, file: file, line: line)
        XCTAssertEqual(try picker.waitForExit(file: file, line: line).output, "Adaeze Okafor\n", file: file, line: line)
    }
}
