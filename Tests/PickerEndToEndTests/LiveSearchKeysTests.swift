import Foundation
import XCTest

/// The keys as a new user presses them: Enter finishes from the search, ↓ goes into the list
/// with the search kept, the editing keys edit a search kept, Alt keys are one key each (never
/// a cancel), a paste is typed into the search on one line, and the terminal's cursor stands on
/// the focused row after every move, where a screen reader follows it.
final class LiveSearchKeysTests: TmuxTestCase {
    func testEnterFinishesFromTheSearch() throws {
        let picker = try startPicker()
        try picker.type("o'brien")
        try picker.waitForScreen("one match") { $0.counts == "1/176 · 0 selected" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Brendan Patrick O'Brien\n", "one Enter")
    }

    /// The README's inline example: type, Enter, done.
    func testTheInlineExampleNeedsOneEnter() throws {
        let picker = try startInline(["--session", "demo", "--height", "12", "--limit", "1"], rows: 12)
        try picker.type("zoë")
        try picker.waitForArea("Zoë found", top: 5, rows: 12) { $0.counts.hasPrefix("1/176") }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Zoë Kravchenko\n")
    }

    func testDownGoesIntoTheListWhereSpaceTogglesAndTypingGoesOn() throws {
        let picker = try startPicker()
        try picker.type("ana")
        try picker.press("Down")
        try picker.waitForScreen("the second match, in the list") {
            $0.helpLine.hasPrefix("Enter done · Esc clear · Space toggle") && $0.searchBar.hasPrefix("/ ana ")
        }
        let second = try XCTUnwrap(try picker.screen().cursorLine)
        try picker.press("Space")
        try picker.waitForScreen("it toggled") { $0.cursorLine == second.replacingOccurrences(of: "[ ]", with: "[x]") }
        // Space toggles in the list; the other keys type on into the search kept.
        try picker.type("m")
        try picker.waitForScreen("the search edited") { $0.searchBar.hasPrefix("/ anam") }
        XCTAssertTrue(try picker.screen().title.hasSuffix("1 selected"))
    }

    /// After `-q ana`, Backspace and Ctrl-W edit the search kept; `'` is typed like any letter.
    func testTheEditingKeysEditASearchKeptAndEveryPrintableKeyTypes() throws {
        let picker = try startPicker(["--session", "demo", "-q", "ana"]) { $0.searchBar.hasPrefix("/ ana") }
        try picker.press("BSpace")
        try picker.waitForScreen("one letter less") { $0.searchBar == "/ an" }
        try picker.press("C-w")
        try picker.waitForScreen("the word gone") { $0.searchBar == "/" || $0.searchBar == "/ " }
        try picker.type("'brien")
        try picker.waitForScreen("the apostrophe typed") {
            $0.searchBar == "/ 'brien" && $0.cursorLine == "> [ ] Brendan Patrick O'Brien"
        }
    }

    /// Alt-b, Alt-f, Alt-d and Alt-Backspace edit by words; an Alt key at the start, which a
    /// terminal sends as Esc then the key, does nothing, and never cancels.
    func testAltKeysAreReadlinesWordKeysAndNeverACancel() throws {
        for inline in [false, true] {
            let picker =
                inline
                ? try startInline(rows: 10) : try startPicker()
            func bar() throws -> String {
                let screen = try picker.screen()
                return inline ? screen.area(top: 5, rows: 10).searchBar : screen.searchBar
            }
            try picker.press("M-f")
            try picker.type("ana mu noz")
            try picker.press("M-b", "M-b", "M-d")
            try picker.waitForScreen("mu deleted") { _ in (try? bar()) == "/ ana  noz" }
            try picker.press("M-BSpace")
            try picker.waitForScreen("ana deleted") { _ in (try? bar()) == "/   noz" || (try? bar()) == "/  noz" }
            XCTAssertTrue(picker.isRunning, "inline: \(inline)")
            try picker.press("C-c")
            try picker.assertExit(130, output: "")
        }
    }

    /// A paste, which the terminal marks (bracketed paste), is typed into the search, its line
    /// ends as spaces: it sends no Enter.
    func testAPasteGoesIntoTheSearchOnOneLine() throws {
        let picker = try startPicker()
        _ = try picker.tmux(["set-buffer", "-b", "pasted", "zoë\nkrav"])
        _ = try picker.tmux(["paste-buffer", "-p", "-b", "pasted", "-t", TmuxSession.pane])
        try picker.waitForScreen("the paste in the search") {
            $0.searchBar.hasPrefix("/ zoë krav") && $0.counts == "1/176 · 0 selected"
        }
        XCTAssertTrue(picker.isRunning, "no Enter")
    }

    /// The terminal's cursor stands on the focused row's marker after every move, page, jump,
    /// toggle, resize and review, and at the query's text cursor while typing: full screen and
    /// inline.
    func testTheCursorStandsOnTheFocusedRow() throws {
        let picker = try startPicker()
        func assertOnTheFocusedRow(_ action: String, line: UInt = #line) throws {
            try picker.waitForScreen("the cursor on the focused row after \(action)", line: line) { screen in
                guard let (row, column) = try? picker.cursorPosition(), row < screen.lines.count else { return false }
                return column == 0 && screen.lines[row].hasPrefix("> ")
            }
        }
        try assertOnTheFocusedRow("opening")
        for (keys, action) in [
            (["Down", "Down"], "moves"), (["NPage"], "a page"), (["C-s", "m"], "a section jump"),
            (["Space"], "a toggle"),
            (["End"], "the end"), (["C-r"], "the review"), (["Escape"], "leaving the review"),
        ] {
            _ = try picker.tmux(["send-keys", "-t", TmuxSession.pane] + keys)
            try assertOnTheFocusedRow(action)
        }
        try picker.resize(columns: 60, rows: 20)
        try assertOnTheFocusedRow("a resize")
        try picker.type("zo")
        try picker.waitForScreen("the cursor after the query") { _ in
            (try? picker.cursorPosition()).map { $0 == (1, 4) } ?? false
        }

        let inline = try startInline(rows: 10)
        try inline.press("Down", "Down")
        try inline.waitForScreen("the cursor on the inline area's focused row") { screen in
            guard let (row, column) = try? inline.cursorPosition(), row < screen.lines.count else { return false }
            return column == 0 && screen.lines[row].hasPrefix("> [ ] Adalberto")
        }
    }

    /// On a narrow, short terminal the key overlay wraps what each key does and scrolls to its
    /// last lines.
    func testTheKeyOverlayWrapsAndScrolls() throws {
        let picker = try startPicker(columns: 50, rows: 20)
        try picker.press("F1")
        var seen = try picker.waitForScreen("the overlay") { $0.lines.contains { $0.contains("while browsing") } }
        XCTAssertFalse(seen.lines.contains { $0.contains("…") }, "\(seen)")
        for _ in 0..<8 {
            try picker.press("NPage")
            seen = try picker.screen()
        }
        XCTAssertTrue(seen.lines.contains { $0.contains("wheel") }, "the last line reached: \(seen)")
        try picker.press("x")
        try picker.waitForScreen("back to the list") { $0.cursorLine != nil }
    }

    func testSelectWarningsShowWhileThePickerIsOpen() throws {
        let picker = try startPicker(["--session", "demo", "--select", "no-such-friend"])
        try picker.waitForScreen("the warning on the bottom line") {
            $0.helpLine.contains("--select: no friend has the id 'no-such-friend'")
                && $0.helpLine.contains("Enter done")
        }
    }

    /// The spinner turns on a clock, even while a source keeps delivering.
    func testTheSpinnerTurnsWhileASourceKeepsDelivering() throws {
        let script = "i=0; while [ $i -lt 400 ]; do echo \"Friend $i\"; i=$((i+1)); sleep 0.01; done"
        let picker = killedAtTheEnd(try TmuxSession(arguments: [], shellLine: "sh -c '\(script)' | picker"))
        var spinners = Set<Character>()
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline, spinners.count < 3 {
            let title = try picker.screen().title
            if let index = title.firstIndex(where: { "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏".contains($0) }) { spinners.insert(title[index]) }
            usleep(50_000)
        }
        XCTAssertGreaterThanOrEqual(spinners.count, 3, "the spinner turned: \(spinners)")
    }
}
