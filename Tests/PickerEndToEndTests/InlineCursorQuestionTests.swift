import XCTest

/// The inline area asks the terminal where its cursor is (`CSI 6n`): the area goes where the
/// answer says, and a terminal that never answers gets the full screen, after a bounded wait.
final class InlineCursorQuestionTests: XCTestCase {
    private let question = "\u{1B}[6n"
    /// What xterm's terminfo switches to the alternate screen with.
    private let alternateScreen = "\u{1B}[?1049h"

    func testAnAnsweredQuestionPlacesTheAreaAtTheCursorWithoutTheAlternateScreen() throws {
        let terminal = try PickerOnPseudoTerminal(arguments: ["--session", "demo", "--height", "10"])
        defer { terminal.close() }
        terminal.terminal.cursorAnswer = "\u{1B}[6;1R"
        try terminal.read(until: "the area's last line, on row 15") {
            $0.contains("\u{1B}[15;1H") && $0.contains("Enter done")
        }
        XCTAssertFalse(terminal.written.contains(alternateScreen))
        XCTAssertFalse(terminal.written.contains("\u{1B}[16;1H"), "nothing drawn below the area")
        try terminal.terminal.type("\u{1B}OB\r")
        let exit = try terminal.waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertEqual(exit.output, "Adaeze Okafor\n")
        let moves = terminal.written.matches(of: /\u{1B}\[(\d+);(\d+)H/).map { "\($0.1);\($0.2)" }
        XCTAssertEqual(moves.last, "6;1", "the cursor back where it was: \(terminal.written.debugDescription)")
        XCTAssertTrue(terminal.written.hasSuffix("\u{1B}[?1006l\u{1B}[?1000l"), "mouse reports off last")
    }

    func testResizesWhileTheQuestionWaitsDoNotCutTheWaitShort() throws {
        let terminal = try PickerOnPseudoTerminal(arguments: ["--session", "demo", "--height", "10"])
        defer { terminal.close() }
        try terminal.read(until: "the question") { $0.contains(question) }
        for columns in [70, 60, 80] {
            terminal.terminal.resize(rows: 24, columns: columns)
            usleep(100_000)
        }
        terminal.terminal.cursorAnswer = "\u{1B}[6;1R"
        try terminal.read(until: "the area's last line, on row 15") {
            $0.contains("\u{1B}[15;1H") && $0.contains("Enter done")
        }
        XCTAssertFalse(terminal.written.contains(alternateScreen), "still inline after the signals")
        try terminal.terminal.type("\r")
        XCTAssertEqual(try terminal.waitForExit().output, "Ada Augusta Lovelace\n")
    }

    func testATerminalThatNeverAnswersGetsTheFullScreen() throws {
        let terminal = try PickerOnPseudoTerminal(arguments: ["--session", "demo", "--height", "10"])
        defer { terminal.close() }
        try terminal.read(until: "the question") { $0.contains(question) }
        let asked = Date()
        try terminal.read(until: "the full screen after the wait", timeout: 10) { $0.contains(alternateScreen) }
        let waited = Date().timeIntervalSince(asked)
        XCTAssertGreaterThan(waited, 1.5, "it waited for an answer")
        XCTAssertLessThan(waited, 6, "but not for ever")
        try terminal.read(until: "the list on the full screen") { $0.contains("Enter done") }
        try terminal.terminal.type("\u{1B}OB\r")
        let exit = try terminal.waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertEqual(exit.output, "Adaeze Okafor\n")
    }
}
