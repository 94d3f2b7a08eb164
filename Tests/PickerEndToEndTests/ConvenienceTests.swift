import Foundation
import XCTest

/// What users of the Facebook picker and of fzf reach for: name order, sections, limits,
/// preselection, Ctrl-A, select-1/exit-0, title and prompt, cycling, the mouse, the key
/// overlay, colours and default options.
final class ConvenienceTests: TmuxTestCase {
    private static let adamNovakID = "100000118497150"
    private static let adaLovelaceID = "100000051968888"

    func testSortingAndShowingByLastNameWithTheSortKeyInBold() throws {
        let picker = try startPicker(["--sort", "last", "--display", "last"])
        let screen = try picker.screen()
        XCTAssertEqual(screen.cursorLine, "> [ ] Adams Sandra")
        XCTAssertEqual(screen.listLines.first, "  A")
        let styled = try picker.styledScreen().first { $0.contains("kesson") } ?? ""
        XCTAssertTrue(
            styled.contains("\u{1B}[1m") && styled.contains("Åkesson"),
            "the last name is bold: \(styled.debugDescription)")
        try picker.press("Enter")
        XCTAssertEqual(try picker.waitForExit().output, "Sandra Adams\n", "the output keeps the service's name")
    }

    func testSectionKeysJumpBetweenSections() throws {
        let picker = try startPicker()
        try picker.press("M-n")
        try picker.waitForScreen("the B section, its header on the top row") {
            $0.cursorName == "Bartłomiej Wiśniewski"
                && $0.listLines.prefix(2) == ["  B", "> [ ] Bartłomiej Wiśniewski"]
        }
        try picker.press("C-s")
        try picker.waitForScreen("asked for a letter, the bottom line saying what the keys do there") {
            $0.searchBar == "jump to section: type a letter or #"
                && $0.helpLine == "a letter or # jump · any other key back"
        }
        try picker.press("m")
        try picker.waitForScreen("the M section, its header on the top row, as a contacts list's index does") {
            $0.cursorName == "Madalena Ferreira" && $0.searchBar == "type to search"
                && $0.listLines.prefix(2) == ["  M", "> [ ] Madalena Ferreira"]
        }
        try picker.press("M-p")
        try picker.waitForScreen("the section before M at the top") {
            $0.cursorName?.hasPrefix("L") == true && $0.listLines.first == "  L"
        }
        try picker.press("C-s", "#")
        // The # section is the last and shorter than the screen: the list scrolls as far as it
        // goes, its header in view and the last friend on the last row.
        try picker.waitForScreen("the # section in view, the list scrolled to its end") {
            $0.cursorName == "#TeamRocket Alumni" && $0.listLines.contains("  #")
                && $0.listLines.last(where: { !$0.isEmpty }) == "  [ ] 佐藤花子"
        }
    }

    func testALimitOfOneReplacesThePick() throws {
        let picker = try startPicker(["--limit", "1"]) { $0.counts == "176/176 · 0/1 selected" }
        try picker.press("Space", "Down", "Space")
        try picker.waitForScreen("the second pick replacing the first") {
            $0.counts == "176/176 · 1/1 selected" && $0.selectedNames == ["Adaeze Okafor"]
        }
        try picker.press("Enter")
        XCTAssertEqual(try picker.waitForExit().output, "Adaeze Okafor\n")
    }

    func testAPickPastTheLimitIsRefusedWithAVisibleMessage() throws {
        let picker = try startPicker(["--limit", "2"]) { $0.counts == "176/176 · 0/2 selected" }
        try picker.press("Tab", "Tab", "Space")
        try picker.waitForScreen("the third pick refused") {
            $0.counts == "176/176 · 2/2 selected"
                && $0.helpLine == "⚠ at most 2 friends can be selected · Enter done · Esc cancel"
        }
        try picker.press("Down")
        try picker.waitForScreen("the message gone at the next key") { $0.helpLine.hasPrefix("Enter done") }
    }

    func testPreselectionWithUnknownIdsReportedOnStandardError() throws {
        let picker = try startPicker(["--select", "\(Self.adamNovakID),no-such-id"]) {
            $0.counts == "176/176 · 1 selected"
        }
        try picker.press("Enter")
        try picker.assertExit(
            0, output: "Adam Novak\n", standardError: "picker: --select: no friend has the id 'no-such-id'\n")
    }

    func testPreselectionOverTheLimitIsReported() throws {
        let picker = try startPicker(["--select", "\(Self.adamNovakID),\(Self.adaLovelaceID)", "--limit", "1"]) {
            $0.counts == "176/176 · 1/1 selected"
        }
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.output, "Ada Augusta Lovelace\n", "with a limit of 1 the last id given wins")
        XCTAssertEqual(result.errors, "picker: --select: '\(Self.adamNovakID)' left out, over --limit 1\n")
    }

    /// Alt-A selects every friend shown, as gum's select-all does, and again deselects them;
    /// everyone, hidden friends included, is deselected by Alt-A in the review of the
    /// selection. Ctrl-A, readline's start of line, is no select-all.
    func testAltASelectsThenDeselectsTheFriendsShownAndInTheReviewEveryone() throws {
        let picker = try startPicker()
        try picker.press("End", "Space")
        try picker.type("ada")
        try picker.press("C-a")
        try picker.waitForScreen("Ctrl-A at the start of the query") { _ in
            (try? picker.cursorPosition()).map { $0 == (1, 2) } ?? false
        }
        XCTAssertEqual(try picker.screen().counts, "14/176 · 1 selected")
        try picker.press("M-a")
        try picker.waitForScreen("the 14 shown selected, with the one hidden") { $0.counts == "14/176 · 15 selected" }
        try picker.press("M-a")
        try picker.waitForScreen("the shown deselected, the hidden kept") { $0.counts == "14/176 · 1 selected" }
        try picker.press("M-a", "C-r", "M-a")
        try picker.waitForScreen("everyone deselected in the review") {
            $0.title.hasSuffix(" 0 selected") && $0.friendLines.count == 15 && $0.selectedNames.isEmpty
        }
        try picker.press("C-r")
        try picker.waitForScreen("the list as it was") { $0.counts == "14/176 · 0 selected" }
    }

    func testSelectOnePrintsTheOnlyMatchWithoutAScreenAndExitZeroExitsAtOnce() throws {
        let one = try runPicker(["--query", "adam nov", "--select-1"])
        assertExit(one, 0, output: "Adam Novak\n", "printed with no terminal at all")
        let none = try runPicker(["--query", "zzzz", "--exit-0"])
        assertExit(none, 1, output: "")
        let several = try runPicker(["--query", "adam", "--select-1"])
        assertExit(several, 2, "two matches: the list would open, and there is no terminal here")
        XCTAssertTrue(several.standardError.contains("terminal"), several.standardError)
    }

    /// With several matches the screen opens on the list already loaded, query applied, and
    /// the whole list is there when the query is cleared.
    func testSelectOneWithSeveralMatchesOpensTheLoadedList() throws {
        let picker = try startPicker(["--query", "adam", "--select-1", "--select", "100002379016881"]) {
            $0.counts == "4/176 · 1 selected"
        }
        try picker.press("/", "C-u")
        try picker.waitForScreen("everyone") { $0.counts == "176/176 · 1 selected" }
        try picker.press("Enter")
        XCTAssertEqual(try picker.waitForExit().output, "Gabriel José García Márquez\n")
    }

    func testTitlePromptAndHeader() throws {
        let picker = try startPicker(["--title", "Invite to dinner", "--prompt", "who? ", "--header", "Pick two"]) {
            $0.title.hasPrefix("Invite to dinner ")
        }
        XCTAssertEqual(try picker.screen().lines[1], "Pick two", "the header under the title")
        XCTAssertEqual(try picker.screen().lines[2], "type to search")
        try picker.press("/")
        try picker.type("ada")
        try picker.waitForScreen("the prompt") { $0.lines[2] == "who? ada" }
    }

    func testCycleWrapsAround() throws {
        let picker = try startPicker(["--cycle"])
        try picker.press("Up")
        try picker.waitForScreen("the last friend") { $0.cursorName == "佐藤花子" }
        try picker.press("Down")
        try picker.waitForScreen("the first friend again") { $0.cursorName == "Ada Augusta Lovelace" }
    }

    func testClicksTheCheckBoxTheWheelAndADoubleClick() throws {
        let picker = try startPicker()
        XCTAssertEqual(try picker.paneFormat("#{mouse_sgr_flag}"), "1", "SGR mouse reports on")
        let screen = try picker.screen()
        let ruiz = try XCTUnwrap(screen.lines.firstIndex { $0.hasSuffix("Adalberto Ruiz") })
        try picker.click(line: ruiz, column: 12)
        try picker.waitForScreen("the cursor on the clicked friend") {
            $0.cursorName == "Adalberto Ruiz" && $0.counts.hasSuffix("0 selected")
        }
        try picker.click(line: ruiz + 1, column: 3)
        try picker.waitForScreen("a click on the check box") {
            $0.cursorName == "Adam Novak" && $0.selectedNames == ["Adam Novak"]
        }
        try picker.click(line: 10, column: 10, button: 65)
        try picker.waitForScreen("the wheel moving three friends down") {
            $0.cursorName?.hasPrefix("Alex Kim  id …") == true
        }
        try picker.doubleClick(line: ruiz, column: 12)
        try picker.assertExit(0, output: "Adam Novak\n", "a double click finishes with the selection")
        XCTAssertEqual(try picker.paneFormat("#{mouse_sgr_flag}"), "0", "mouse reports off again after exit")
    }

    func testNoMouseLeavesTheMouseToTheTerminal() throws {
        let picker = try startPicker(["--no-mouse"])
        XCTAssertEqual(try picker.paneFormat("#{mouse_any_flag}"), "0")
        XCTAssertEqual(try picker.paneFormat("#{mouse_sgr_flag}"), "0")
    }

    func testTheKeyOverlayShowsEveryKeyAndAnyKeyCloses() throws {
        let picker = try startPicker(rows: 40)
        try picker.press("?")
        try picker.waitForScreen("the keys") {
            $0.lines.contains(" while browsing") && $0.helpLine == "↑↓ scroll · any other key back"
        }
        try picker.press("NPage", "NPage")
        let overlay = try picker.waitForScreen("the keys further on") { $0.lines.contains(" anywhere") }
        XCTAssertTrue(overlay.lines.contains { $0.contains("Ctrl-Z") && $0.contains("suspend") }, "\(overlay)")
        try picker.press("x")
        try picker.waitForScreen("the list again") {
            $0.cursorName == "Ada Augusta Lovelace" && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
    }

    /// How many SGR sequences on these lines set a foreground colour (30–38, 90–97).
    private func colourCodes(_ lines: [String]) -> Int {
        let text = lines.joined()
        var count = 0
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end].split(separator: ";").compactMap { Int($0) }
            if parameters.contains(where: { (30...38).contains($0) || (90...97).contains($0) }) { count += 1 }
            rest = rest[end...]
        }
        return count
    }

    func testColoursAndTheMonochromeScreenOfNoColor() throws {
        let coloured = try startPicker()
        let colouredLines = try coloured.styledScreen()
        XCTAssertGreaterThan(
            colourCodes(colouredLines), 0,
            "headers and prompt in colour: \(colouredLines.prefix(4).map(\.debugDescription))")
        for (arguments, environment) in [(["--no-color"], [:]), ([], ["NO_COLOR": "1"])]
            as [([String], [String: String])]
        {
            let plain = try startPicker(arguments, environment: environment)
            try plain.press("/")
            try plain.type("ada")
            try plain.press("Down", "Up", "Space")
            try plain.waitForScreen("a selection and matches") { $0.counts == "14/176 · 1 selected" }
            let styled = try plain.styledScreen()
            XCTAssertEqual(colourCodes(styled), 0, "no colour at all with \(arguments) \(environment)")
            let cursor = try XCTUnwrap(styled.first { $0.contains("[x]") })
            XCTAssertTrue(
                cursor.contains("\u{1B}[7m") || cursor.contains(";7m"),
                "the cursor in reverse: \(cursor.debugDescription)")
            XCTAssertTrue(
                styled.joined().contains("\u{1B}[4m") || styled.joined().contains(";4m"), "matches underlined")
        }
    }

    func testDefaultOptionsFromTheEnvironment() throws {
        let picker = try startPicker(environment: ["PICKER_DEFAULT_OPTS": "--title 'From env' --limit 1"]) {
            $0.title.hasPrefix("From env") && $0.counts == "176/176 · 0/1 selected"
        }
        try picker.press("Escape")
        try picker.assertExit(130)
    }
}
