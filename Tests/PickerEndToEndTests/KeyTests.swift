import XCTest

/// What each key does on the screen.
final class KeyTests: TmuxTestCase {
    /// The arrows and Ctrl-N/P, Ctrl-J/K move; j and k are letters, typed into a search.
    func testArrowKeysAndControlChordsMoveTheCursor() throws {
        let picker = try startPicker()
        let steps: [(key: String, cursor: String)] = [
            ("Down", "Adaeze Okafor"), ("Down", "Adalberto Ruiz"), ("Up", "Adaeze Okafor"),
            ("C-n", "Adalberto Ruiz"), ("C-n", "Adam Novak"), ("C-p", "Adalberto Ruiz"),
            ("C-j", "Adam Novak"), ("C-k", "Adalberto Ruiz"),
            ("Up", "Adaeze Okafor"), ("Up", "Ada Augusta Lovelace"), ("Up", "Ada Augusta Lovelace"),
        ]
        for step in steps {
            try picker.press(step.key)
            try picker.waitForScreen("\(step.key) to put the cursor, and only it, on \(step.cursor)") {
                $0.cursorLine == "> [ ] \(step.cursor)" && $0.lines.filter { $0.hasPrefix("> ") }.count == 1
            }
        }
        // Moving does not select anyone: Enter prints the friend under the cursor.
        try picker.press("Down", "Enter")
        try picker.assertExit(0, output: "Adaeze Okafor\n")
    }

    func testEndAndHomeJumpToTheEnds() throws {
        let picker = try startPicker()
        try picker.press("End")
        try picker.waitForScreen("the list scrolled to its end, the cursor on the last friend") {
            $0.cursorLine == "> [ ] 佐藤花子" && $0.listLines.last == "> [ ] 佐藤花子" && $0.listLines.count == 21
                && !$0.names.contains("Ada Augusta Lovelace")
        }

        try picker.press("Home")
        try picker.waitForScreen("the list scrolled back to the top, the cursor on the first friend") {
            $0.cursorLine == "> [ ] Ada Augusta Lovelace"
                && Array($0.listLines.prefix(2)) == ["  A", "> [ ] Ada Augusta Lovelace"]
        }
    }

    func testPageDownAndPageUpMoveByAScreenful() throws {
        // 24 rows: title, search bar and help leave 21 rows for the list, so PgDn moves the
        // cursor 21 friends down: to the 22nd friend in list order.
        let everyone = try runPicker(["--filter", ""]).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(everyone.count, 176)
        let picker = try startPicker()
        try picker.press("NPage")
        let screen = try picker.waitForScreen("the cursor a page down") { $0.cursorLine == "> [ ] \(everyone[21])" }
        XCTAssertEqual(screen.cursorName, "Camila Cañizares")
        try picker.press("NPage")
        try picker.waitForScreen("the cursor another page down") { $0.cursorLine == "> [ ] \(everyone[42])" }
        try picker.press("PPage")
        try picker.waitForScreen("the cursor a page up") { $0.cursorLine == "> [ ] \(everyone[21])" }
        try picker.press("PPage")
        try picker.waitForScreen("the cursor back on the first friend") { $0.cursorLine == "> [ ] \(everyone[0])" }
    }

    func testSpaceTogglesTheFriendUnderTheCursor() throws {
        let picker = try startPicker()
        try picker.press("Down", "Space")
        try picker.waitForScreen("Adaeze checked") {
            $0.cursorLine == "> [x] Adaeze Okafor" && $0.counts == "176/176 · 1 selected"
                && $0.selectedNames == ["Adaeze Okafor"]
        }
        try picker.press("Space")
        try picker.waitForScreen("Adaeze unchecked, the cursor still on her") {
            $0.cursorLine == "> [ ] Adaeze Okafor" && $0.counts == "176/176 · 0 selected" && $0.selectedNames.isEmpty
        }
    }

    func testTabTogglesAndMovesDown() throws {
        let picker = try startPicker()
        try picker.press("Tab")
        try picker.waitForScreen("Ada checked, the cursor on the next friend") {
            $0.cursorLine == "> [ ] Adaeze Okafor" && $0.selectedNames == ["Ada Augusta Lovelace"]
                && $0.counts == "176/176 · 1 selected"
        }
        try picker.press("Tab")
        try picker.waitForScreen("Adaeze checked, the cursor on the third friend") {
            $0.cursorLine == "> [ ] Adalberto Ruiz" && $0.selectedNames == ["Ada Augusta Lovelace", "Adaeze Okafor"]
                && $0.counts == "176/176 · 2 selected"
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ada Augusta Lovelace\nAdaeze Okafor\n")
    }

    func testCtrlWDeletesAWordAndCtrlUClearsTheQuery() throws {
        let picker = try startPicker()
        try picker.press("/")
        try picker.type("ada lov")
        try picker.waitForScreen("the one friend matching ada lov") {
            $0.searchBar == "/ ada lov" && $0.counts == "1/176 · 0 selected" && $0.names == ["Ada Augusta Lovelace"]
        }
        try picker.press("C-w")
        try picker.waitForScreen("the query back to ada") {
            $0.searchBar == "/ ada" && $0.counts == "14/176 · 0 selected"
        }
        try picker.press("C-u")
        try picker.waitForScreen("the query empty, everyone shown") {
            $0.searchBar == "/" && $0.counts == "176/176 · 0 selected"
                && $0.helpLine == SearchAndSelectTests.searchingHelp
        }
        // Still searching: typing goes on narrowing.
        try picker.type("lov")
        try picker.waitForScreen("the friends matching lov") {
            $0.searchBar == "/ lov" && $0.names == ["Ada Augusta Lovelace", "Dmitri Sokolov"]
        }
    }

    func testBackspaceDeletesTheLastCharacter() throws {
        let picker = try startPicker()
        try picker.press("/")
        try picker.type("ada q")
        try picker.waitForScreen("nobody matching ada q") {
            $0.counts == "0/176 · 0 selected" && $0.listLines == ["  No friends match “ada q”"]
        }
        try picker.press("BSpace")
        try picker.waitForScreen("the friends matching ada") {
            $0.searchBar == "/ ada" && $0.counts == "14/176 · 0 selected"
                && $0.names == SearchAndSelectTests.adaNames
        }
    }

    /// In list order (`--no-rank`, as the Facebook picker shows a search), with headers.
    func testSectionHeadersAppearOnlyWithSixFriendsOrMoreShown() throws {
        let picker = try startPicker(["--session", "demo", "--no-rank"])
        try picker.press("/")
        try picker.type("ber")
        try picker.waitForScreen("six friends under their section headers") {
            $0.counts == "6/176 · 0 selected"
                && $0.listLines == [
                    "  A",
                    "> [ ] Adalberto Ruiz",
                    "  E",
                    "  [ ] Émile Zola-Bernard",
                    "  I",
                    "  [ ] Iñaki Etxeberria",
                    "  [ ] Ingrid Bergström",
                    "  L",
                    "  [ ] Lars Sjöberg",
                    "  [ ] Lotte van der Berg",
                ]
        }
        try picker.type(" a")
        try picker.waitForScreen("five friends without headers") {
            $0.counts == "5/176 · 0 selected"
                && $0.listLines == [
                    "> [ ] Adalberto Ruiz",
                    "  [ ] Émile Zola-Bernard",
                    "  [ ] Iñaki Etxeberria",
                    "  [ ] Lars Sjöberg",
                    "  [ ] Lotte van der Berg",
                ]
        }
        try picker.press("BSpace")
        try picker.waitForScreen("the six friends and their headers again") {
            $0.counts == "6/176 · 0 selected" && $0.headers == ["  A", "  E", "  I", "  L"]
        }
    }
}
