import Foundation
import XCTest

/// The person you mean on the first row: results ranked by where the name matches, through the
/// real binary.
final class RankedSearchTests: TmuxTestCase {
    /// A list where A–Z order buries her: 300 Ada Anderssons and others before the one Ana.
    private let crowd = Data(
        (Array(repeating: "Ada Andersson", count: 300) + ["Alan Hansen", "Amara Tanaka", "Ana Müller", "Zoe Anand"]
            + (0..<200).map { "Aaron Smith\($0)" } + ["John Smith", "Marjorie Jones", "Pat O'Brien", "Ægir Jónsson"])
            .joined(separator: "\n").utf8)

    private func waitForList(_ picker: TmuxSession, _ count: Int) throws {
        try picker.waitForScreen("the list") { $0.counts == "\(count)/\(count) · 0 selected" }
    }

    func testTypingAnShowsAnAnaOnTheFirstRowWithoutLetters() throws {
        let picker = try startPicker([], input: crowd) { $0.counts == "508/508 · 0 selected" }
        try picker.type("an")
        try picker.waitForScreen("Ana first") {
            $0.searchBar == "/ an" && $0.cursorName == "Ana Müller" && $0.headers.isEmpty
        }
        let screen = try picker.screen()
        XCTAssertEqual(
            screen.names.prefix(3).map { $0.components(separatedBy: "  ")[0] },
            ["Ana Müller", "Ada Andersson", "Ada Andersson"], "\(screen)")
        try picker.press("Escape")
        try picker.waitForScreen("the A–Z list again, the cursor on Ana") {
            $0.searchBar == "type to search" && $0.cursorName == "Ana Müller" && !$0.headers.isEmpty
        }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ana Müller\n", standardError: "")
    }

    func testNoRankKeepsListOrderUnderTheLetters() throws {
        let picker = try startPicker(["--no-rank"], input: crowd) { $0.counts == "508/508 · 0 selected" }
        try picker.type("an")
        try picker.waitForScreen("Ada first, under A") {
            $0.searchBar == "/ an" && $0.cursorName?.hasPrefix("Ada Andersson  id ") == true
                && $0.headers.first == "  A"
        }
    }

    func testFilterPrintsTheBestMatchFirstAsTheScreenShowsIt() throws {
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        let ranked = try runPicker(["--filter", "an", "--limit", "2"], input: crowd, environment: environment)
        XCTAssertEqual(ranked.status, 0, ranked.standardError)
        XCTAssertEqual(ranked.output, "Ana Müller\nAda Andersson\n")
        let listOrder = try runPicker(
            ["--filter", "an", "--no-rank", "--limit", "1"], input: crowd, environment: environment)
        XCTAssertEqual(listOrder.output, "Ada Andersson\n")
        for (query, expected) in [
            ("^ana", "Ana Müller\n"), ("!a", "John Smith\n"), ("nes$", "Marjorie Jones\n"), ("obrien", "Pat O'Brien\n"),
            ("aegir", "Ægir Jónsson\n"), ("ana m", "Ana Müller\nAmara Tanaka\n"),
        ] {
            let result = try runPicker(["--filter", query], input: crowd, environment: environment)
            XCTAssertEqual(result.output, expected, query)
        }
        let typo = try runPicker(["--filter", "jhon"], input: crowd, environment: environment)
        XCTAssertEqual(typo.status, 1, "--filter prints exact matches only")
        XCTAssertEqual(typo.output, "")
    }

    func testAWordOneTypoAwayIsShownWithANotice() throws {
        let picker = try startPicker([], input: crowd) { $0.counts == "508/508 · 0 selected" }
        try picker.type("jhon")
        try picker.waitForScreen("John, one typo away") {
            $0.searchBar == "/ jhon   no exact match for “jhon”: names one typo away"
                && $0.names == ["John Smith", "Ægir Jónsson", "Marjorie Jones"] && $0.counts == "3/508 · 0 selected"
        }
        try picker.press("Enter")
        try picker.press("Enter")
        try picker.assertExit(0, output: "John Smith\n", standardError: "")
    }
}
