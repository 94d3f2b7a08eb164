import Foundation
import PickerTestSupport
import XCTest

/// `--no-sort` and `--tac` through the real binary: the source's order, or its reverse, on the
/// screen without sections and in `--filter`, as fzf prints them.
final class SourceOrderTests: TmuxTestCase {
    private let lines = Data("Zed an\nAmy\nBob\nann lee\nDan\n".utf8)

    func testNoSortShowsTheLinesAsGivenAndASearchStillRanks() throws {
        let picker = try startPicker(["--no-sort"], input: lines) { $0.counts == "5/5 · 0 selected" }
        let screen = try picker.screen()
        XCTAssertEqual(screen.names, ["Zed an", "Amy", "Bob", "ann lee", "Dan"], "\(screen)")
        XCTAssertEqual(screen.headers, [], "no letters")
        try picker.type("an")
        try picker.waitForScreen("the best match first, then the order given") {
            $0.searchBar == "/ an" && $0.names == ["ann lee", "Zed an", "Dan"]
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "ann lee\n", standardError: "")
    }

    func testTacShowsTheLastLineFirst() throws {
        let picker = try startPicker(["--tac"], input: lines) { $0.counts == "5/5 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["Dan", "ann lee", "Bob", "Amy", "Zed an"])
        try picker.press("Enter")
        try picker.assertExit(0, output: "Dan\n", standardError: "")
    }

    /// `fzf --filter '' --no-sort` and `fzf --filter '' --tac` print these; with a query fzf
    /// keeps the order under `--no-sort`, which here is `--no-rank` too.
    func testFilterPrintsInTheSourcesOrderAsFzfDoes() throws {
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        for (arguments, expected) in [
            (["--no-sort", "--filter", ""], "Zed an\nAmy\nBob\nann lee\nDan\n"),
            (["--tac", "--filter", ""], "Dan\nann lee\nBob\nAmy\nZed an\n"),
            (["--no-sort", "--no-rank", "--filter", "an"], "Zed an\nann lee\nDan\n"),
            (["--no-sort", "--filter", "an"], "ann lee\nZed an\nDan\n"),
            (["--tac", "--filter", "a"], "ann lee\nAmy\nZed an\nDan\n"),
            (["--filter", ""], "Amy\nann lee\nBob\nDan\nZed an\n"),
        ] {
            let result = try runPicker(arguments, input: lines, environment: environment)
            assertExit(result, 0, output: expected, standardError: "", "\(arguments)")
        }
        let json = try runPicker(["--source", PickerPaths.sample, "--no-sort", "--filter", "", "--limit", "3"])
        assertExit(json, 0, output: "Siobhán Ní Dhomhnaill\nÇağla\nNiamh O'Reilly\n", "a JSON file's order")
        let reversed = try runPicker(["--source", PickerPaths.sample, "--tac", "--filter", "", "--limit", "2"])
        assertExit(reversed, 0, output: "Zoltán Kovács\nTomás Ó Ceallaigh\n", "its reverse")
    }
}
