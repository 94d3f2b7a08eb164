import Glibc
import XCTest

/// Every way out of the inline area gives the terminal back as it was: started from an
/// interactive shell, the picker leaves `stty -g` and the pane's modes as before, its lines
/// erased, and the cursor where it started, so the shell's prompt comes right after the lines
/// printed before it.
final class InlineRestoreTests: TmuxTestCase {
    /// What the shell shows before the picker: the command that started it, then three lines.
    private let linesAbove = ["$ sh run.sh", "1", "2", "3"]

    /// Starts the picker from a shell below three lines, and returns it with the modes a
    /// restored terminal has.
    private func startFromShell(file: StaticString = #filePath, line: UInt = #line) throws -> (
        TmuxSession, modes: String
    ) {
        let picker = try startInline(before: "seq 1 3", top: 4, fromShell: true, file: file, line: line)
        let running = try picker.terminalModes()
        XCTAssertTrue(
            running.hasPrefix("alternate=0 cursor=1 "), "inline, the cursor shown on the focused row: \(running)",
            file: file, line: line)
        let title = running.components(separatedBy: " title=").last ?? ""
        return (picker, "alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0 insert=0 wrap=1 origin=0 title=\(title)")
    }

    /// Waits for the exit, checks its status, `stty -g`, the modes, and that the shell's prompt
    /// follows the lines above on the row where the picker started.
    private func assertRestored(
        _ picker: TmuxSession, modes: String, status: Int32, above: [String]? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try picker.assertExit(status, file: file, line: line)
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before, "stty -g as before", file: file, line: line)
        XCTAssertEqual(try picker.terminalModes(), modes, file: file, line: line)
        let above = above ?? linesAbove
        let screen = try picker.waitForScreen("the prompt after the lines above", file: file, line: line) {
            Array($0.lines.prefix(above.count + 1)) == above + ["$"]
        }
        XCTAssertTrue(
            screen.lines.dropFirst(above.count + 1).allSatisfy(\.isEmpty), "\(screen)", file: file, line: line)
        XCTAssertTrue(
            try picker.cursorPosition() == (above.count, 2), "the prompt where the picker started", file: file,
            line: line)
    }

    func testEnterRestoresTheTerminal() throws {
        let (picker, modes) = try startFromShell()
        try picker.press("Enter")
        try assertRestored(picker, modes: modes, status: 0)
    }

    func testCtrlCRestoresTheTerminal() throws {
        let (picker, modes) = try startFromShell()
        try picker.press("/")
        try picker.type("ada")
        try picker.waitForArea("searching", top: 4, rows: 10) { $0.searchBar == "/ ada" }
        try picker.press("C-c")
        try assertRestored(picker, modes: modes, status: 130)
    }

    func testSIGTERMRestoresTheTerminalWithStatus143() throws {
        let (picker, modes) = try startFromShell()
        try picker.send(signal: SIGTERM)
        try assertRestored(picker, modes: modes, status: 143)
    }

    func testSIGINTRestoresTheTerminalWithStatus130() throws {
        let (picker, modes) = try startFromShell()
        try picker.send(signal: SIGINT)
        try assertRestored(picker, modes: modes, status: 130)
    }

    func testCtrlZSuspendsWithTheTerminalRestoredAndFgDrawsTheAreaBelowThePrompt() throws {
        try assertSuspendsAndResumes { try $0.press("C-z") }
    }

    func testSIGTSTPSuspendsLikeCtrlZ() throws {
        try assertSuspendsAndResumes { try $0.send(signal: SIGTSTP) }
    }

    private func assertSuspendsAndResumes(
        file: StaticString = #filePath, line: UInt = #line, _ suspend: (TmuxSession) throws -> Void
    ) throws {
        let (picker, modes) = try startFromShell(file: file, line: line)
        try picker.press("Down", "Space")
        try picker.waitForArea("Adaeze checked", top: 4, rows: 10, file: file, line: line) {
            $0.cursorLine == "> [x] Adaeze Okafor"
        }
        try suspend(picker)
        let stopped = try picker.waitForScreen("the shell's prompt after the job stopped", file: file, line: line) {
            $0.lines.contains { $0.contains("Stopped") } && $0.lines.last { !$0.isEmpty } == "$"
        }
        XCTAssertEqual(Array(stopped.lines.prefix(4)), linesAbove, "\(stopped)", file: file, line: line)
        XCTAssertFalse(
            stopped.lines.contains { $0.contains("Select Friends") }, "the area erased", file: file, line: line)
        XCTAssertEqual(
            try picker.terminalModes(), modes, "suspended, the terminal is the shell's", file: file, line: line)
        try picker.type("stty -g > suspended")
        try picker.press("Enter")
        try picker.waitForScreen("stty run", file: file, line: line) {
            $0.lines.last { !$0.isEmpty } == "$" && $0.lines.contains("$ stty -g > suspended")
        }
        let suspended = try String(contentsOf: picker.directory.appendingPathComponent("suspended"), encoding: .utf8)
        let before = try String(contentsOf: picker.directory.appendingPathComponent("before"), encoding: .utf8)
        XCTAssertEqual(
            suspended.trimmingCharacters(in: .whitespacesAndNewlines),
            before.trimmingCharacters(in: .whitespacesAndNewlines), "stty -g while suspended as before", file: file,
            line: line)

        try picker.type("fg")
        try picker.press("Enter")
        let resumed = try picker.waitForScreen("the area drawn again below the prompt", file: file, line: line) {
            $0.lines.contains("$ fg") && $0.lines.contains("> [x] Adaeze Okafor")
                && $0.lines.contains(SearchAndSelectTests.browsingHelp)
        }
        let top = try XCTUnwrap(resumed.lines.firstIndex { $0.hasPrefix("Select Friends") }, file: file, line: line)
        XCTAssertEqual(resumed.lines[top - 2], "$ fg", "\(resumed)", file: file, line: line)
        XCTAssertEqual(resumed.lines.filter { $0.hasPrefix("Select Friends") }.count, 1, file: file, line: line)
        try picker.press("Down")
        try picker.waitForArea("keys work again", top: top, rows: 10, file: file, line: line) {
            $0.cursorLine == "> [ ] Adalberto Ruiz"
        }
        try picker.press("Enter")
        try assertRestored(
            picker, modes: modes, status: 0, above: Array(resumed.lines.prefix(top)), file: file, line: line)
        XCTAssertEqual(try picker.waitForExit(file: file, line: line).output, "Adaeze Okafor\n", file: file, line: line)
    }

    func testTheResultOfACommandSubstitutionIsPrintedWhereThePickerWas() throws {
        let picker = try startInline(
            ["--session", "demo", "--height", "12", "--limit", "1"], before: "seq 1 3", top: 4, rows: 12,
            fromShell: true, shellLine: #"friend=$(picker); echo "friend: $friend""#)
        try picker.press("Down", "Down", "Enter")
        let screen = try picker.waitForScreen("the echo and the prompt after the lines above") {
            Array($0.lines.prefix(6)) == ["$ sh run.sh", "1", "2", "3", "friend: Adalberto Ruiz", "$"]
        }
        XCTAssertTrue(screen.lines.dropFirst(6).allSatisfy(\.isEmpty), "\(screen)")
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before)
    }
}
