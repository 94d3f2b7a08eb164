import Foundation
import PickerTestSupport
import XCTest

/// `--ansi` through the real binary: `ls --color=always | picker --ansi` shows the names in
/// their colours, never the escapes, and prints them without.
final class ColoredInputTests: TmuxTestCase {
    private let listing = Data("\u{1b}[01;34mdocs\u{1b}[0m\n\u{1b}[01;32mrun.sh\u{1b}[0m\nnotes.txt\n".utf8)

    func testColouredNamesAreShownAndPrintedWithoutTheirEscapes() throws {
        let picker = try startPicker(["--ansi", "--no-sort"], input: listing) { $0.counts == "3/3 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["docs", "run.sh", "notes.txt"])
        try picker.type("run")
        try picker.waitForScreen("run.sh") { $0.names == ["run.sh"] }
        try picker.press("Enter")
        try picker.assertExit(0, output: "run.sh\n", standardError: "")
        let plain = try startPicker(["--no-sort"], input: listing) { $0.counts == "3/3 · 0 selected" }
        XCTAssertEqual(try plain.screen().names.first, #"\x1b[01;34mdocs\x1b[0m"#, "without --ansi, escaped")
    }

    func testTheFieldsShownKeepTheirColours() throws {
        // A field keeps the colour set in it, or before it, as fzf draws it.
        let lines = Data("4.0K \u{1b}[34mdocs\u{1b}[0m\n\u{1b}[35m1.2K run.sh\u{1b}[0m\n".utf8)
        let picker = try startPicker(["--ansi", "--no-sort", "--with-nth", "2"], input: lines) {
            $0.counts == "2/2 · 0 selected"
        }
        XCTAssertEqual(try picker.screen().names, ["docs", "run.sh"])
        let rows = try picker.screenWithAttributes()
        XCTAssertTrue(rows[2].contains("\u{1b}[34mdocs"), "blue: \(rows[2])")
        XCTAssertTrue(rows[3].contains("\u{1b}[35mrun.sh"), "magenta from before the field: \(rows[3])")
        XCTAssertFalse(rows.joined().contains("4.0K"))
        try picker.type("1.2")
        try picker.waitForScreen("no name: the fields not shown are not searched") { $0.names.isEmpty }
        try picker.press("BSpace", "BSpace", "BSpace")
        try picker.type("run")
        try picker.waitForScreen("run.sh") { $0.names == ["run.sh"] }
        try picker.press("Enter")
        try picker.assertExit(0, output: "1.2K run.sh\n", standardError: "")
    }

    func testFilterLeavesTheColoursOut() throws {
        let result = try runPicker(
            ["--ansi", "--filter", "s", "--no-sort", "--no-rank"], input: listing, environment: ["PICKER_SOURCE": nil])
        assertExit(result, 0, output: "docs\nrun.sh\nnotes.txt\n", standardError: "")
        let numbers = try runPicker(["--ansi", "--filter", "01"], input: listing, environment: ["PICKER_SOURCE": nil])
        assertExit(numbers, 1, output: "", "the colour's numbers are not searched")
    }
}
