import XCTest

/// Any terminal size, however small, and any number of resizes in a row: no crash, and a
/// usable screen once the terminal grows again.
final class ResizeTests: TmuxTestCase {
    /// Waits for the full 80×24 screen, then checks that keys still work and Enter prints.
    private func assertUsableAfterGrowing(_ picker: TmuxSession, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        try picker.resize(columns: 80, rows: 24)
        try picker.waitForScreen("the whole screen at 80×24", file: file, line: line) {
            $0.lines.count == 24 && $0.counts == "176/176 · 0 selected"
                && $0.helpLine == SearchAndSelectTests.browsingHelp
                && $0.cursorLine == "> [ ] Ada Augusta Lovelace"
        }
        try picker.press("Down")
        try picker.waitForScreen("the cursor moved", file: file, line: line) { $0.cursorLine == "> [ ] Adaeze Okafor" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Adaeze Okafor\n", file: file, line: line)
    }

    func testOneByOneThenGrown() throws {
        let picker = try startPicker()
        try picker.resize(columns: 1, rows: 1)
        try picker.waitForScreen("a 1×1 screen") { $0.lines.count == 1 }
        try picker.press("/")
        try picker.type("ad")
        try picker.press("Escape")
        try assertUsableAfterGrowing(picker)
    }

    func testTwoRowsByTenColumnsShowsTheSearchAndAFriend() throws {
        let picker = try startPicker()
        try picker.resize(columns: 10, rows: 2)
        try picker.waitForScreen("a 2×10 screen: the search bar and the cursor row") {
            $0.lines == ["type to s…", "> [ ] Ada…"]
        }
        try assertUsableAfterGrowing(picker)
    }

    func testManyResizesInARow() throws {
        let picker = try startPicker()
        let sizes = [(1, 1), (10, 2), (200, 60), (3, 3), (40, 5), (1, 30), (120, 1), (7, 4), (2, 2), (60, 20)]
        for _ in 0..<3 {
            for (columns, rows) in sizes { try picker.resize(columns: columns, rows: rows) }
        }
        try assertUsableAfterGrowing(picker)
    }
}
