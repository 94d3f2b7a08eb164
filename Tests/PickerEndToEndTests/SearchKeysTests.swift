import XCTest

/// The search's keys, on the full screen (keys read by ncurses) and inline (keys decoded from
/// the terminal's bytes): Tab and Shift-Tab toggle and move, the query is edited around its
/// cursor as readline does, the key overlay opens from the search.
final class SearchKeysTests: TmuxTestCase {
    /// Where the picker draws: the keys come through a different reader in each.
    enum Mode: CaseIterable { case fullScreen, inline }

    /// A picker in `mode`, and how to wait for its screen (the inline area as a screen of its
    /// own).
    struct Running {
        let session: TmuxSession
        let mode: Mode

        @discardableResult
        func wait(
            _ what: String, file: StaticString = #filePath, line: UInt = #line, until predicate: (Screen) -> Bool
        ) throws -> Screen {
            switch mode {
            case .fullScreen:
                return try session.waitForScreen("\(what) (full screen)", file: file, line: line, until: predicate)
            case .inline:
                return try session.waitForArea(
                    "\(what) (inline)", top: 5, rows: 10, file: file, line: line, until: predicate)
            }
        }

        /// The character the query's cursor is on (a blank past the end): the terminal's cursor
        /// stands on it, on the full screen and inline.
        func characterUnderTheTextCursor() throws -> Character? {
            let searchRow = mode == .fullScreen ? 1 : 6
            let (row, column) = try session.cursorPosition()
            guard row == searchRow else { return nil }
            let text = Array(try session.screen().lines[searchRow])
            return column < text.count ? text[column] : " "
        }
    }

    private func start(_ mode: Mode, file: StaticString = #filePath, line: UInt = #line) throws -> Running {
        switch mode {
        case .fullScreen: return Running(session: try startPicker(file: file, line: line), mode: mode)
        case .inline: return Running(session: try startInline(file: file, line: line), mode: mode)
        }
    }

    func testTabTabInTheSearchSelectsTwoAndShiftTabGoesBackUp() throws {
        for mode in Mode.allCases {
            let picker = try start(mode)
            try picker.session.press("/")
            try picker.session.type("adam")
            try picker.wait("the two Adams first") { $0.names.prefix(2) == ["Adam Novak", "Adam Piotr Kowalczyk"] }
            try picker.session.press("Tab", "Tab")
            try picker.wait("both selected by Tab Tab, the cursor below them") {
                $0.selectedNames == ["Adam Novak", "Adam Piotr Kowalczyk"] && $0.counts.hasSuffix("2 selected")
                    && $0.cursorLine == "> [ ] Sandra Adams"
            }
            try picker.session.press("Up", "BTab")
            try picker.wait("Shift-Tab unticked the last and moved up") {
                $0.selectedNames == ["Adam Novak"] && $0.cursorLine == "> [x] Adam Novak"
            }
            try picker.session.press("Enter")
            try picker.session.assertExit(0, output: "Adam Novak\n", "\(mode)")
        }
    }

    func testLeftRightHomeEndAndDeleteEditInsideTheQuery() throws {
        for mode in Mode.allCases {
            let picker = try start(mode)
            try picker.session.press("/")
            try picker.session.type("adalov")
            try picker.wait("nobody matches adalov") { $0.searchBar == "/ adalov" && $0.counts.hasPrefix("0/176") }
            XCTAssertEqual(try picker.characterUnderTheTextCursor(), " ", "\(mode): the cursor after the text")
            try picker.session.press("Left", "Left", "Left")
            try picker.wait("the query unchanged") { $0.searchBar == "/ adalov" }
            XCTAssertEqual(try picker.characterUnderTheTextCursor(), "l", "\(mode): three characters back")
            try picker.session.press("Space")
            try picker.wait("a blank typed at the cursor") {
                $0.searchBar == "/ ada lov" && $0.names == ["Ada Augusta Lovelace"]
            }
            try picker.session.press("Home", "Right", "Delete")
            try picker.wait("Delete took the character under the cursor") { $0.searchBar == "/ aa lov" }
            try picker.session.press("C-e", "C-b", "BSpace")
            try picker.wait("Ctrl-E, Ctrl-B, Backspace") { $0.searchBar == "/ aa lv" }
            try picker.session.press("C-a", "C-f", "C-f")
            try picker.session.type("x")
            try picker.wait("Ctrl-A then Ctrl-F twice: typed after two characters") { $0.searchBar == "/ aax lv" }
            try picker.session.press("End")
            try picker.session.type("e")
            try picker.wait("End: typed at the end") { $0.searchBar == "/ aax lve" }
            try picker.session.press("C-c")
            try picker.session.assertExit(130, "\(mode)")
        }
    }

    func testTheKeyOverlayOpensFromTheSearchOnF1AndCtrlSlash() throws {
        for mode in Mode.allCases {
            for key in ["F1", "C-/"] {
                let picker = try start(mode)
                try picker.session.press("/")
                try picker.session.type("zoë")
                try picker.wait("searching") { $0.searchBar == "/ zoë" }
                try picker.session.press(key)
                try picker.wait("\(key): the keys overlay") {
                    $0.helpLine == "↑↓ scroll · any other key back" && $0.lines.contains(" while browsing")
                }
                try picker.session.press("x")
                try picker.wait("back in the search, the query as it was") {
                    $0.searchBar == "/ zoë" && $0.helpLine == SearchAndSelectTests.searchingHelp
                }
                try picker.session.type("?")
                try picker.wait("? is typed into the search") { $0.searchBar.hasPrefix("/ zoë?") }
                try picker.session.press("C-c")
                try picker.session.assertExit(130, "\(mode) \(key)")
            }
        }
    }

    /// Shift-Tab, F1, Ctrl-/ and the editing keys in the list itself.
    func testShiftTabAndTheOverlayKeysWhileBrowsing() throws {
        for mode in Mode.allCases {
            let picker = try start(mode)
            try picker.session.press("Down", "Down", "BTab")
            try picker.wait("Shift-Tab toggled Adalberto and moved up") {
                $0.selectedNames == ["Adalberto Ruiz"] && $0.cursorLine == "> [ ] Adaeze Okafor"
            }
            try picker.session.press("Left", "Right", "Delete")
            try picker.wait("the editing keys do nothing in the list") {
                $0.searchBar == "type to search" && $0.cursorLine == "> [ ] Adaeze Okafor"
            }
            try picker.session.press("F1")
            try picker.wait("F1: the keys") { $0.helpLine == "↑↓ scroll · any other key back" }
            try picker.session.press("Escape")
            try picker.wait("any key goes back") { $0.helpLine == SearchAndSelectTests.browsingHelp }
            try picker.session.press("C-/")
            try picker.wait("Ctrl-/: the keys") { $0.helpLine == "↑↓ scroll · any other key back" }
            try picker.session.press("Enter")
            try picker.wait("back again, not finished") { $0.helpLine == SearchAndSelectTests.browsingHelp }
            try picker.session.press("Enter")
            try picker.session.assertExit(0, output: "Adalberto Ruiz\n", "\(mode)")
        }
    }
}
