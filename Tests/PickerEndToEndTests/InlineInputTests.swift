import XCTest

/// Keys and the mouse in the inline area: everything that works on the full screen, read from
/// the terminal's bytes, with mouse rows counted from the area's first line.
final class InlineInputTests: TmuxTestCase {
    /// Waits for the area of the default `startInline` (10 lines from row 5) to satisfy
    /// `predicate`.
    @discardableResult
    private func wait(
        _ picker: TmuxSession, _ what: String, file: StaticString = #filePath, line: UInt = #line,
        until predicate: (Screen) -> Bool
    ) throws -> Screen {
        try picker.waitForArea(what, top: 5, rows: 10, file: file, line: line, until: predicate)
    }

    func testMovingKeysInEveryFormTheTerminalSends() throws {
        let everyone = try runPicker(["--filter", ""]).output.split(separator: "\n").map(String.init)
        let picker = try startInline()
        // The area's list has 7 rows (10 lines less title, search and help); a page moves 7.
        let steps: [(key: String, cursor: String)] = [
            ("Down", everyone[1]), ("C-n", everyone[2]), ("Up", everyone[1]), ("C-p", everyone[0]),
            ("C-j", everyone[1]), ("C-k", everyone[0]), ("NPage", everyone[7]),
            ("NPage", everyone[14]), ("PPage", everyone[7]), ("End", everyone[175]), ("Home", everyone[0]),
        ]
        for step in steps {
            try picker.press(step.key)
            try wait(picker, "\(step.key) to put the cursor on \(step.cursor)") {
                $0.cursorName.map { $0 == step.cursor || $0.hasPrefix(step.cursor + "  id …") } == true
                    && $0.lines.filter { $0.hasPrefix("> ") }.count == 1
            }
        }
        // Keypad transmit mode's forms and other terminals', sent as bytes.
        let sequences: [(bytes: String, cursor: String)] = [
            ("\u{1B}OB", everyone[1]), ("\u{1B}OA", everyone[0]), ("\u{1B}[4~", everyone[175]),
            ("\u{1B}[1~", everyone[0]), ("\u{1B}[8~", everyone[175]), ("\u{1B}[7~", everyone[0]),
            ("\u{1B}OF", everyone[175]), ("\u{1B}OH", everyone[0]), ("\u{1B}[6~", everyone[7]),
            ("\u{1B}[5~", everyone[0]), ("\u{1B}[1;5B\u{1B}[C\u{1B}[D\u{1B}[15~", everyone[0]),
        ]
        for step in sequences {
            try picker.type(step.bytes)
            try wait(picker, "\(step.bytes.debugDescription) to put the cursor on \(step.cursor)") {
                $0.cursorName.map { $0 == step.cursor || $0.hasPrefix(step.cursor + "  id …") } == true
                    && $0.lines.filter { $0.hasPrefix("> ") }.count == 1
            }
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: everyone[0] + "\n")
    }

    func testTextControlKeysAndEscapeWhileSearching() throws {
        let picker = try startInline()
        try picker.press("/")
        try picker.type("zoë kr")
        try wait(picker, "UTF-8 typed into the search") {
            $0.searchBar == "/ zoë kr" && $0.names == ["Zoë Kravchenko"]
                && $0.helpLine == SearchAndSelectTests.searchingHelp
        }
        try picker.press("C-w")
        try wait(picker, "Ctrl-W deleted a word") { $0.searchBar == "/ zoë" && $0.names.count == 1 }
        try picker.press("BSpace", "BSpace")
        try wait(picker, "Backspace deleted the blank, then ë whole") {
            $0.searchBar == "/ zo" && $0.names.count == 3
        }
        try picker.press("C-u")
        try wait(picker, "Ctrl-U cleared the query") { $0.searchBar == "/" && $0.counts == "176/176 · 0 selected" }
        try picker.type("日本")
        try wait(picker, "wide characters in the query") { $0.searchBar.hasPrefix("/ 日本") }
        try picker.press("Escape")
        try wait(picker, "Esc alone cleared the search") {
            $0.searchBar == "type to search" && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
        try picker.press("Tab", "Space")
        try wait(picker, "Tab toggled Ada and moved down, Space toggled Adaeze") {
            $0.selectedNames == ["Ada Augusta Lovelace", "Adaeze Okafor"] && $0.counts == "176/176 · 2 selected"
        }
        try picker.press("?")
        try wait(picker, "the keys overlay") { $0.helpLine == "↑↓ scroll · any other key back" }
        try picker.press("q")
        try wait(picker, "back from the overlay") { $0.helpLine == SearchAndSelectTests.browsingHelp }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ada Augusta Lovelace\nAdaeze Okafor\n")
    }

    func testEscapeWhileBrowsingAndCtrlCCancel() throws {
        let escape = try startInline()
        try escape.press("Escape")
        try escape.assertExit(130, output: "")
        let control = try startInline()
        try control.press("C-c")
        try control.assertExit(130, output: "")
    }

    /// The bottom line's notices show in the area as on the full screen: Esc with friends
    /// selected asks first, another key keeps them, the second Esc in a row cancels.
    func testEscapeWithASelectionAsksOnTheAreasBottomLine() throws {
        let picker = try startInline()
        try picker.press("Space")
        try wait(picker, "Ada ticked") { $0.counts == "176/176 · 1 selected" }
        try picker.press("Escape")
        try wait(picker, "the question on the area's bottom line") {
            $0.helpLine == "Esc again to discard 1 selected" && $0.counts == "176/176 · 1 selected"
        }
        try picker.press("Down")
        try wait(picker, "another key keeps the selection, and the question goes") {
            $0.helpLine == SearchAndSelectTests.browsingHelp && $0.cursorName == "Adaeze Okafor"
                && $0.counts == "176/176 · 1 selected"
        }
        try picker.press("Escape")
        try wait(picker, "asked again") { $0.helpLine == "Esc again to discard 1 selected" }
        try picker.press("Escape")
        try picker.assertExit(130, output: "")
    }

    func testAltWithAKeyIsEscapeThenTheKeyAsOnTheFullScreen() throws {
        let picker = try startInline()
        try picker.press("/")
        try picker.type("ad")
        try wait(picker, "searching ad") { $0.searchBar == "/ ad" }
        try picker.press("M-Space")
        try wait(picker, "Esc cleared the search, then Space toggled the friend under the cursor") {
            $0.searchBar == "type to search" && $0.cursorLine == "> [x] Ada Augusta Lovelace"
        }
    }

    func testMouseClicksHitTheRowUnderThePointer() throws {
        let picker = try startInline()
        XCTAssertEqual(try picker.paneFormat("#{mouse_sgr_flag}"), "1", "SGR mouse reports on")
        // Rows: 5 title, 6 search, 7 header A, 8 Ada, 9 Adaeze, 10 Adalberto, 11 Adam Novak.
        try picker.click(line: 10, column: 12)
        try wait(picker, "the cursor on the clicked friend") { $0.cursorLine == "> [ ] Adalberto Ruiz" }
        try picker.click(line: 9, column: 3)
        try wait(picker, "a click on the check box toggles") {
            $0.selectedNames == ["Adaeze Okafor"] && $0.cursorLine == "> [x] Adaeze Okafor"
        }
        try picker.click(line: 3, column: 3)
        try picker.click(line: 12, column: 10, button: 65)
        try wait(picker, "a click above the area does nothing; the wheel moves three friends down") {
            $0.cursorLine == "> [ ] Adam Piotr Kowalczyk" && $0.selectedNames == ["Adaeze Okafor"]
        }
        try picker.doubleClick(line: 10, column: 12)
        try picker.assertExit(0, output: "Adaeze Okafor\n", "a double click finishes with the selection")
        XCTAssertEqual(try picker.paneFormat("#{mouse_sgr_flag}"), "0", "mouse reports off again after exit")
    }
}
