import XCTest

/// Ways out without a result, and the result going through a pipe.
final class CancelAndPipeTests: TmuxTestCase {
    func testEscapeWhileBrowsingCancelsEvenWithFriendsSelected() throws {
        let picker = try startPicker()
        try picker.press("Space")
        try picker.waitForScreen("Ada checked") { $0.counts == "176/176 · 1 selected" }
        try picker.press("Escape")

        try picker.assertExit(130, output: "", standardError: "", "cancelled")
    }

    func testQCancels() throws {
        let picker = try startPicker()
        try picker.press("q")

        try picker.assertExit(130, output: "", "cancelled")
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
        try picker.press("Enter")
        try picker.waitForScreen("browsing the friends matching ada") {
            $0.counts == "14/176 · 0 selected" && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
        try picker.press("j", "Space")
        try picker.waitForScreen("Adaeze checked") { $0.cursorLine == "> [x] Adaeze Okafor" }
        try picker.press("Enter")

        try picker.assertExit(
            0, output: "Adaeze Okafor\n", "only the result, no terminal output, went through the pipe")
    }
}
