import XCTest

/// Ways out without a result, and the result going through a pipe.
final class CancelAndPipeTests: TmuxTestCase {
    func testEscapeWithNothingSelectedCancels() throws {
        let picker = try startPicker()
        try picker.press("Escape")

        try picker.assertExit(130, output: "", standardError: "", "cancelled")
    }

    /// With friends selected, the first Esc asks on the bottom line and the picker goes on;
    /// another key keeps the selection; the second Esc in a row cancels.
    func testEscapeWithASelectionAsksThenTheSecondEscapeCancels() throws {
        let picker = try startPicker()
        try picker.press("Tab", "Space")
        try picker.waitForScreen("Ada and Adaeze checked") { $0.counts == "176/176 · 2 selected" }
        try picker.press("Escape")
        try picker.waitForScreen("the question on the bottom line") {
            $0.helpLine == "Esc again to discard 2 selected" && $0.counts == "176/176 · 2 selected"
        }
        try picker.press("Down")
        try picker.waitForScreen("another key keeps the selection, and the question goes") {
            $0.helpLine == SearchAndSelectTests.browsingHelp && $0.cursorName == "Adalberto Ruiz"
                && $0.counts == "176/176 · 2 selected"
        }
        XCTAssertTrue(picker.isRunning, "still running")
        try picker.press("Escape")
        try picker.waitForScreen("asked again") { $0.helpLine == "Esc again to discard 2 selected" }
        try picker.press("Escape")

        try picker.assertExit(130, output: "", standardError: "", "cancelled on the second Esc")
    }

    func testCtrlCWithASelectionCancelsAtOnce() throws {
        let picker = try startPicker()
        try picker.press("Space")
        try picker.waitForScreen("Ada checked") { $0.counts == "176/176 · 1 selected" }
        try picker.press("C-c")

        try picker.assertExit(130, output: "", "cancelled without asking")
    }

    func testCtrlCWhileSearchingCancels() throws {
        let picker = try startPicker()
        try picker.press("/")
        try picker.type("ada")
        try picker.waitForScreen("the friends matching ada") { $0.counts == "14/176 · 0 selected" }
        try picker.press("C-c")

        try picker.assertExit(130, output: "", "cancelled")
    }

    func testResultThroughAPipeHoldsOnlyTheNamesWhileTheScreenShowsTheList() throws {
        // The picker's standard output is a pipe into `cat > file`; the list is drawn on the
        // terminal all the same.
        let picker = try startPicker(throughPipe: true)
        let first = try picker.screen()
        XCTAssertEqual(first.lines.count, 24)
        XCTAssertEqual(first.cursorLine, "> [ ] Ada Augusta Lovelace")
        XCTAssertEqual(first.helpLine, SearchAndSelectTests.browsingHelp)

        try picker.press("/")
        try picker.type("ada")
        try picker.press("Down")
        try picker.waitForScreen("browsing the friends matching ada") {
            $0.counts == "14/176 · 0 selected" && $0.helpLine == SearchAndSelectTests.filteredHelp
        }
        try picker.press("Space")
        try picker.waitForScreen("Adaeze checked") { $0.cursorLine == "> [x] Adaeze Okafor" }
        try picker.press("Enter")

        try picker.assertExit(
            0, output: "Adaeze Okafor\n", "only the result, no terminal output, went through the pipe")
    }

    /// The README's example, read from the README: names separated by NUL reach `xargs -0`
    /// whole, an apostrophe included (plain `xargs` stops at one).
    func testTheReadmeExampleKeepsAnApostropheThroughXargs() throws {
        let readme = try String(
            contentsOf: PickerPaths.package().appendingPathComponent("README.md"), encoding: .utf8)
        let example = try XCTUnwrap(
            readme.firstMatch(of: /`(picker [^`]*--print0 \| xargs -0 [^`]*)`/)?.1, "the README's xargs example")
        let picker = killedAtTheEnd(try TmuxSession(arguments: [], shellLine: "\(example) > stdout"))
        try picker.waitForScreen("the list") { $0.counts == "176/176 · 0 selected" }
        try picker.type("o'brien")
        try picker.press("Tab", "C-u")
        try picker.type("quinn")
        try picker.press("Tab")
        try picker.waitForScreen("two selected") { $0.counts == "1/176 · 2 selected" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "invite Brendan Patrick O'Brien\ninvite Quinn O'Hara\n")
    }
}
