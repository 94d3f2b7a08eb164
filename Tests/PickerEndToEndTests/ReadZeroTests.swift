import Foundation
import PickerTestSupport
import XCTest

/// `--read0` through the real binary, ported from fzf's `test_read0`: names ended by NUL, a
/// line break inside one kept, as `find -print0` and `--print0` write them.
final class ReadZeroTests: TmuxTestCase {
    private let records = Data("Ann Lee\u{0}Bob\nStone\u{0}{\"not\": \"json\"}\u{0}".utf8)

    func testFilterReadsRecordsEndedByNUL() throws {
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        let found = try runPicker(
            ["--read0", "--filter", "stone", "--print0"], input: records, environment: environment)
        assertExit(found, 0, output: "Bob\nStone\u{0}", standardError: "")
        let all = try runPicker(["--read0", "--no-sort", "--filter", ""], input: records, environment: environment)
        assertExit(
            all, 0, output: "Ann Lee\nBob\nStone\n{\"not\": \"json\"}\n", standardError: "", "never read as JSON")
        let lines = try runPicker(["--filter", "stone", "--source", "-"], input: Data("Bob\nStone\n".utf8))
        assertExit(lines, 0, output: "Stone\n", "without --read0, lines")
        let named = try runPicker(["--read0", "--source", PickerPaths.sample, "--filter", ""])
        assertExit(
            named, 2, output: "",
            standardError: "picker: --read0 reads standard input: give no --source, or --source -\n")
    }

    func testMessagesNameARecordByItsNumber() throws {
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        var bad = Data("Ann\nLee\u{0}B".utf8)
        bad += [0xFF] + Array("b".utf8)
        let found = try runPicker(["--read0", "--filter", ""], input: bad, environment: environment)
        assertExit(
            found, 2, output: "", standardError: "picker: standard input: record 2 is not valid UTF-8 (byte offset 9)\n"
        )
        var badLine = Data("Ann\nB".utf8)
        badLine += [0xFF] + Array("b".utf8)
        let lines = try runPicker(["--filter", ""], input: badLine, environment: environment)
        assertExit(
            lines, 2, output: "", standardError: "picker: standard input: line 2 is not valid UTF-8 (byte offset 5)\n",
            "without --read0, lines")
        let picker = try startPicker(["--read0"], input: bad) { $0.counts == "1/1 · 0 selected" }
        try picker.waitForScreen("the record named on the bottom line") {
            $0.helpLine.contains("loading stopped: record 2 is not valid UTF-8")
        }
        try picker.press("Escape")
        try picker.assertExit(130)
    }

    func testTheScreenShowsARecordWithItsLineBreakEscapedAndPrintsItWhole() throws {
        let picker = try startPicker(["--read0", "--no-sort", "--print0"], input: records) {
            $0.counts == "3/3 · 0 selected"
        }
        XCTAssertEqual(try picker.screen().names, ["Ann Lee", #"Bob\x0aStone"#, #"{"not": "json"}"#])
        try picker.type("stone")
        try picker.waitForScreen("Bob") { $0.names == [#"Bob\x0aStone"#] }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Bob\nStone\u{0}", standardError: "")
    }
}
