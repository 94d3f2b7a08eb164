import XCTest

/// `--height`: the picker draws in a few lines below the cursor, leaves the lines above as
/// they were, scrolls the terminal when the cursor is near the bottom, and on the way out
/// erases its lines and puts the cursor back where it started.
final class InlineScreenTests: TmuxTestCase {
    private let fiveLines = ["1", "2", "3", "4", "5"]

    /// Starts the picker with `height` below five printed lines, checks the area's `rows` and
    /// what is around it, picks Adaeze, and checks that the screen is the five lines again with
    /// the cursor below them.
    private func assertLinesAboveUntouched(
        height: String, rows: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let picker = try startInline(
            ["--session", "demo", "--height", height], rows: rows, file: file, line: line)
        let screen = try picker.screen()
        XCTAssertEqual(Array(screen.lines.prefix(5)), fiveLines, file: file, line: line)
        XCTAssertTrue(screen.lines[(5 + rows)...].allSatisfy(\.isEmpty), "\(screen)", file: file, line: line)
        XCTAssertEqual(screen.lines[5 + rows - 1], SearchAndSelectTests.browsingHelp, file: file, line: line)
        XCTAssertTrue(
            try picker.terminalModes().hasPrefix("alternate=0 "), "no alternate screen", file: file, line: line)

        try picker.press("Down")
        try picker.waitForArea("the cursor on Adaeze", top: 5, rows: rows, file: file, line: line) {
            $0.cursorLine == "> [ ] Adaeze Okafor"
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Adaeze Okafor\n", file: file, line: line)
        let after = try picker.screen()
        XCTAssertEqual(after.lines, fiveLines + Array(repeating: "", count: 19), "\(after)", file: file, line: line)
        XCTAssertTrue(
            try picker.cursorPosition() == (5, 0), "the cursor where the picker started", file: file, line: line)
    }

    func testTenLinesLeaveTheLinesAboveAsTheyWere() throws {
        try assertLinesAboveUntouched(height: "10", rows: 10)
    }

    func testFortyPercentTakesNineOfTwentyFourRowsAndLeavesTheLinesAboveAsTheyWere() throws {
        try assertLinesAboveUntouched(height: "40%", rows: 9)
    }

    func testNearTheBottomTheTerminalScrollsUpAndNothingIsLostFromTheScrollback() throws {
        // 30 lines in 24 rows: the cursor is on the last row, so the terminal scrolls 9 lines.
        let thirty = (1...30).map(String.init)
        let picker = try startInline(before: "seq 1 30", top: 14)
        let screen = try picker.screen()
        XCTAssertEqual(Array(screen.lines.prefix(14)), Array(thirty.suffix(14)), "\(screen)")
        let whole = try picker.scrollbackAndScreen()
        XCTAssertEqual(Array(whole.prefix(30)), thirty, "every line in the scrollback, in order")
        XCTAssertEqual(whole.count, 40, "the area right after them: \(whole)")

        try picker.press("Escape")
        try picker.assertExit(130, output: "")
        XCTAssertEqual(try picker.scrollbackAndScreen(), thirty, "the area erased, nothing else changed")
        XCTAssertTrue(try picker.cursorPosition() == (14, 0), "the cursor on the line after the last one printed")
    }

    /// Resizes the terminal to `width` columns, waits for the area redrawn that wide, and
    /// returns the screen.
    private func resize(
        _ picker: TmuxSession, to width: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Screen {
        try picker.resize(columns: width, rows: 24)
        return try picker.waitForScreen("the area redrawn \(width) columns wide", file: file, line: line) {
            $0.lines.contains { $0.contains("/176 · 0 selected") && terminalWidth($0) == width }
                && $0.lines.contains { $0.hasPrefix("Enter ") && $0.contains(" · Esc c") }
        }
    }

    func testResizingNarrowerAndWiderRedrawsTheAreaWithoutDebris() throws {
        let twelve = (1...12).map(String.init)
        let picker = try startInline(before: "seq 1 12", top: 12)
        try picker.press("/")
        try picker.type("ad")
        try picker.waitForArea("searching ad", top: 12, rows: 10) { $0.searchBar == "/ ad" }
        for width in [40, 120, 50, 100, 80] {
            let screen = try resize(picker, to: width)
            // The lines above, some perhaps pushed into the scrollback by the terminal's
            // rewrapping, then the area, once, then nothing.
            let whole = try picker.scrollbackAndScreen()
            XCTAssertEqual(Array(whole.prefix(12)), twelve, "\(width) columns: \(whole)")
            XCTAssertEqual(whole.count, 22, "\(width) columns: the lines above and the area, nothing more: \(whole)")
            XCTAssertEqual(whole.filter { $0.contains("selected") }.count, 1, "\(width) columns: \(whole)")
            XCTAssertLessThanOrEqual(screen.widestLine, width)
        }
        try picker.press("Escape", "Escape")
        try picker.assertExit(130, output: "")
        XCTAssertEqual(try picker.scrollbackAndScreen(), twelve)
    }

    func testMuchNarrowerTheScreenIsRedrawnCleanAndNothingIsLost() throws {
        // A terminal that rewraps lines, as tmux does, may rewrap the old area into more lines
        // than there are rows above it, and keep the bottom of the screen in view: the area's
        // first lines then go into its scrollback, where no program can erase them. The screen
        // itself holds only the new area.
        let picker = try startInline(columns: 120)
        let screen = try resize(picker, to: 24)
        let top = try XCTUnwrap(screen.lines.firstIndex { $0.contains("/176 · 0 selected") })
        XCTAssertTrue(screen.lines[top + 9].hasPrefix("Enter done · Esc cancel"), "\(screen)")
        XCTAssertTrue(screen.lines[(top + 10)...].allSatisfy(\.isEmpty), "\(screen)")
        XCTAssertTrue(fiveLines.suffix(top).elementsEqual(screen.lines.prefix(top)), "\(screen)")
        try picker.press("Escape")
        try picker.assertExit(130, output: "")
        let after = try picker.screen()
        XCTAssertFalse(after.lines.contains { $0.contains("selected") || $0.contains("move") }, "\(after)")
        XCTAssertEqual(Array(try picker.scrollbackAndScreen().prefix(5)), fiveLines, "nothing lost")
    }

    /// Waits for one area of `rows` lines on the screen: its title once, its help `rows - 1`
    /// lines below.
    private func waitForOneArea(
        _ picker: TmuxSession, rows: Int, terminalRows: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try picker.waitForScreen("one area of \(rows) lines", file: file, line: line) { screen in
            guard screen.lines.count == terminalRows,
                screen.lines.filter({ $0.hasPrefix("Select Friends") }).count == 1,
                let title = screen.lines.firstIndex(where: { $0.hasPrefix("Select Friends") })
            else { return false }
            return title + rows <= terminalRows && screen.lines[title + rows - 1] == SearchAndSelectTests.browsingHelp
        }
    }

    /// Starts the picker with `height` (an area of `rows` lines), resizes the terminal to each
    /// of `steps`' rows and waits for one area of its rows there, then checks that Enter leaves
    /// the five lines as they were.
    private func assertTheAreaFollowsTheTerminal(
        height: String, rows: Int, _ steps: [(terminal: Int, area: Int)], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let picker = try startInline(["--session", "demo", "--height", height], rows: rows, file: file, line: line)
        for step in steps {
            try picker.resize(columns: 80, rows: step.terminal)
            try waitForOneArea(picker, rows: step.area, terminalRows: step.terminal, file: file, line: line)
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ada Augusta Lovelace\n", file: file, line: line)
        XCTAssertEqual(try picker.scrollbackAndScreen(), fiveLines, file: file, line: line)
    }

    func testAShorterTerminalShrinksTheAreaToItAndATallerOneGivesTheLinesBack() throws {
        try assertTheAreaFollowsTheTerminal(height: "10", rows: 10, [(8, 8), (24, 10)])
    }

    func testAPercentageFollowsTheTerminalsHeight() throws {
        try assertTheAreaFollowsTheTerminal(height: "50%", rows: 12, [(30, 15), (10, 5), (24, 12)])
    }

    func testAHeightOfTheWholeTerminalOrMoreUsesTheFullScreen() throws {
        for height in ["24", "100%", "500"] {
            let picker = try startPicker(["--session", "demo", "--height", height])
            XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=1 "), height)
            try picker.press("Escape")
            try picker.assertExit(130)
        }
    }

    func testATerminalBelowTheMinimumUsesTheFullScreen() throws {
        let picker = try startPicker(["--session", "demo", "--height", "10%"], rows: 4) {
            $0.lines.count == 4 && $0.title.contains("/176 · ")
        }
        XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=1 "))
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ada Augusta Lovelace\n")
    }

    func testWithoutATerminalItSaysWhatTheFullScreenSays() throws {
        let advice = "use --filter without a screen"
        let detached = try runCommand(
            URL(fileURLWithPath: "/usr/bin/setsid"),
            ["-w", try PickerPaths.picker().path, "--session", "demo", "--height", "10"],
            environment: ["LANG": "C.UTF-8", "PICKER_SESSION": nil, "PICKER_SOURCE": nil, "PICKER_DEFAULT_OPTS": nil])
        assertExit(
            detached, 2, output: "",
            standardError: "picker: no terminal to draw on (/dev/tty cannot be opened); \(advice)\n")
    }

    /// A terminal type unknown here, or `dumb`, draws the inline area as xterm-256color, and
    /// says so once the terminal is given back.
    func testATerminalTypeUnknownHereDrawsAsXterm() throws {
        for (term, why) in [("dumb", "cannot move the cursor"), ("xterm-kitty", "is unknown here")] {
            let picker = try startInline(environment: ["TERM": term])
            XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=0 "), term)
            let second = try XCTUnwrap(
                try picker.waitForArea("the area", top: 5, rows: 10) { _ in true }.names.dropFirst().first)
            try picker.press("Down")
            try picker.waitForArea("the cursor moved", top: 5, rows: 10) { $0.cursorName == second }
            try picker.press("Enter")
            try picker.assertExit(
                0, output: "\(second)\n",
                standardError: "picker: the terminal type '\(term)' \(why); drew the picker as xterm-256color\n", term)
            XCTAssertEqual(try picker.scrollbackAndScreen(), fiveLines, term)
        }
    }

    func testTheHeightComesFromPickerDefaultOptsAndNoHeightUndoesIt() throws {
        let inline = try startInline(["--session", "demo"], environment: ["PICKER_DEFAULT_OPTS": "--height 10"])
        XCTAssertTrue(try inline.terminalModes().hasPrefix("alternate=0 "))
        let full = try startPicker(
            ["--session", "demo", "--no-height"], environment: ["PICKER_DEFAULT_OPTS": "--height 10"])
        XCTAssertTrue(try full.terminalModes().hasPrefix("alternate=1 "))
    }

    func testACursorInsideALineKeepsItsTextAndTheOutputFollowsIt() throws {
        let picker = try startInline(
            ["--session", "demo", "--height", "10"], before: "seq 1 5; printf 'Pick: '", top: 6,
            shellLine: "picker; echo '<'")
        XCTAssertEqual(try picker.screen().lines[5], "Pick:")
        try picker.press("Enter")
        XCTAssertEqual(try picker.waitForExit().status, 0)
        let screen = try picker.screen()
        XCTAssertEqual(
            Array(screen.lines.prefix(7)), fiveLines + ["Pick: Ada Augusta Lovelace", "<"],
            "the result printed where the cursor was: \(screen)")
        XCTAssertTrue(screen.lines.dropFirst(7).allSatisfy(\.isEmpty), "\(screen)")
    }

    func testXtermTerminfoDrawsTheSameArea() throws {
        let picker = try startInline(environment: ["TERM": "xterm-256color"])
        try picker.press("/")
        try picker.type("zoë")
        try picker.waitForArea("searching zoë", top: 5, rows: 10) {
            $0.searchBar == "/ zoë" && $0.names == ["Zoë Kravchenko"]
        }
        let styled = try picker.styledScreen()
        XCTAssertTrue(styled[5 + 2].contains("\u{1B}[7m"), "the cursor row in reverse video: \(styled[7])")
        try picker.press("Enter")
        try picker.assertExit(0, output: "Zoë Kravchenko\n")
        XCTAssertEqual(try picker.scrollbackAndScreen(), fiveLines)
    }

    func testColoursAndAttributesAreTheFullScreensAndNoColorDropsOnlyTheColours() throws {
        func matchCell(_ arguments: [String]) throws -> String {
            let picker = try startInline(arguments + ["--height", "10", "--query", "ada"])
            let styled = try picker.styledScreen()
            let row = styled[5 + 3]
            picker.kill()
            return row
        }
        let coloured = try matchCell(["--session", "demo"])
        XCTAssertTrue(coloured.contains("4m") && coloured.contains("1m"), "matches bold and underlined: \(coloured)")
        XCTAssertTrue(coloured.contains("38;5;166m") || coloured.contains("35m"), "in the match colour: \(coloured)")
        let plain = try matchCell(["--session", "demo", "--no-color"])
        XCTAssertTrue(plain.contains("4m") && plain.contains("1m"), plain)
        XCTAssertFalse(plain.contains("38;5;") || plain.contains("[35m") || plain.contains(";35m"), plain)
    }
}
