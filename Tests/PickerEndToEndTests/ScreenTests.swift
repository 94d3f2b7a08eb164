import PickerTestSupport
import XCTest

/// How the screen fits the terminal: resizing, wide characters, long names.
final class ScreenTests: TmuxTestCase {
    /// The sample's first friends in list order, as shown: the two Alex Kims told apart by the
    /// end of their ids.
    static let firstFriends = [
        "Ada Augusta Lovelace", "Adaeze Okafor", "Adalberto Ruiz", "Adam Novak", "Adam Piotr Kowalczyk",
        "Adélaïde Marchand", "Alex Kim  id …1352", "Alex Kim  id …0573",
    ]

    func testResizeRedrawsAtTheNewSizeAndBack() throws {
        let picker = try startPicker()
        let large = try picker.screen()
        XCTAssertEqual(large.lines.count, 24)
        XCTAssertEqual(terminalWidth(large.title), 80, "the counts end at the right edge:\n\(large)")

        try picker.resize(columns: 50, rows: 12)
        let small = try picker.waitForScreen("the screen redrawn at 50×12") {
            $0.lines.count == 12 && $0.helpLine.hasPrefix("Enter done") && terminalWidth($0.title) == 50
        }
        XCTAssertEqual(small.title, "Select Friends" + String(repeating: " ", count: 16) + "176/176 · 0 selected")
        XCTAssertEqual(small.searchBar, "type to search")
        XCTAssertEqual(
            small.helpLine, "Enter done · Esc cancel · Space toggle · ? keys",
            "the hints that fit, those that finish and cancel first, and the keys to the last")
        XCTAssertEqual(small.listLines.count, 9, "12 rows less title, search bar and help")
        XCTAssertEqual(small.listLines.first, "  A")
        XCTAssertEqual(small.names, Self.firstFriends)
        XCTAssertEqual(small.cursorLine, "> [ ] Ada Augusta Lovelace")
        XCTAssertLessThanOrEqual(small.widestLine, 50, "\(small)")

        try picker.resize(columns: 80, rows: 24)
        let grown = try picker.waitForScreen("the screen redrawn at 80×24") {
            $0.lines.count == 24 && terminalWidth($0.title) == 80
                && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
        XCTAssertEqual(grown.listLines.count, 21)
        XCTAssertEqual(Array(grown.names.prefix(8)), Self.firstFriends)
        XCTAssertEqual(grown.cursorLine, "> [ ] Ada Augusta Lovelace")

        // Still working after the resizes.
        try picker.press("Down", "Enter")
        try picker.assertExit(0, output: "Adaeze Okafor\n")
    }

    func testCJKNameFoundByItsFamilyNameIsDrawnWithinTheWidth() throws {
        let picker = try startPicker()
        try picker.press("/")
        try picker.type("山田")
        let screen = try picker.waitForScreen("the one friend whose name has 山田") {
            $0.counts == "1/176 · 0 selected" && $0.listLines == ["> [ ] 山田太郎"]
        }
        XCTAssertEqual(screen.searchBar, "/ 山田")
        XCTAssertEqual(terminalWidth(screen.title), 80)
        XCTAssertLessThanOrEqual(screen.widestLine, 80, "\(screen)")

        try picker.press("Enter")
        try picker.assertExit(0, output: "山田太郎\n")
    }

    func testCJKNamesAreCutOnACharacterBoundary() throws {
        // 13 columns: "> [ ] " takes 6, leaving 7 for 山田太郎 (8 columns): 山田太 and "…".
        let picker = try startPicker(["--session", "demo", "--query", "山田"], columns: 13, rows: 8) {
            $0.cursorLine != nil
        }
        var screen = try picker.screen()
        XCTAssertEqual(screen.cursorLine, "> [ ] 山田太…")
        XCTAssertLessThanOrEqual(screen.widestLine, 13, "\(screen)")

        // 12 columns: 6 left, 山田 (4) and "…"; 太 would not fit with the "…".
        try picker.resize(columns: 12, rows: 8)
        screen = try picker.waitForScreen("the row cut for 12 columns") { $0.cursorLine == "> [ ] 山田…" }
        XCTAssertLessThanOrEqual(screen.widestLine, 12, "\(screen)")
    }

    /// A name too long for its row is cut with an ellipsis; when the match is past the edge,
    /// the row shows the name from further on, after another, so that the match shows.
    func testVeryLongNameIsCutWithAnEllipsisAtTheWidth() throws {
        let name = "María de los Ángeles Inmaculada Concepción Fernández de Córdoba y Gutiérrez de la Concha"
        let picker = try startPicker()
        try picker.press("/")
        try picker.type("concha")
        let screen = try picker.waitForScreen("the long name") {
            $0.counts == "1/176 · 0 selected" && $0.cursorLine != nil
        }
        let row = try XCTUnwrap(screen.cursorLine)
        XCTAssertEqual(row, "> [ ] …" + name.suffix(73))
        XCTAssertEqual(terminalWidth(row), 80)
        try picker.press("C-u")
        try picker.type("maría")
        let start = try picker.waitForScreen("the start of the long name") { $0.counts.hasPrefix("1/176") }
        XCTAssertEqual(start.cursorLine, "> [ ] " + name.prefix(73) + "…")

        // The whole name is printed all the same.
        try picker.press("Enter")
        try picker.assertExit(0, output: name + "\n")
    }

    /// A Devanagari grapheme cluster such as प्रि (four scalars) takes three columns on the
    /// terminal; measured otherwise, the reverse-video padding of the cursor row and any span
    /// after the name's first (a highlighted match) would overwrite the end of the name.
    func testDevanagariNamesAreDrawnWhole() throws {
        let source = TemporaryFolder.root.appendingPathComponent(
            "picker-e2e-\(UUID().uuidString).json")
        try Data(#"[{"id": "1", "name": "प्रिया पटेल"}, {"id": "2", "name": "अर्जुन शर्मा"}]"#.utf8).write(to: source)
        addTeardownBlock { try? FileManager.default.removeItem(at: source) }

        let picker = try startPicker(["--source", source.path]) { $0.counts == "2/2 · 0 selected" }
        let list = try picker.waitForScreen("both friends drawn") {
            $0.friendLines.count == 2 && $0.helpLine == SearchAndSelectTests.browsingHelp
        }
        XCTAssertEqual(list.listLines, ["> [ ] अर्जुन शर्मा", "  [ ] प्रिया पटेल"], "the cursor row shows the whole name")

        try picker.press("/")
        try picker.type("पटेल")
        let found = try picker.waitForScreen("the friend matching पटेल") {
            $0.counts == "1/2 · 0 selected" && $0.searchBar == "/ पटेल" && $0.friendLines.count == 1
        }
        XCTAssertEqual(found.listLines, ["> [ ] प्रिया पटेल"], "the highlighted match is drawn after the rest of the name")
    }
}
