import Foundation
import PickerTestSupport
import XCTest

/// `--history` through the real binary, ported from fzf's `test_history`.
final class QueryHistoryEndToEndTests: TmuxTestCase {
    private let numbers = Data((1...100).map(String.init).joined(separator: "\n").utf8)

    func testQueriesAreKeptAndRecalledAsFzfKeepsThem() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("queries").path
        let options = ["--no-sort", "--history", file, "--history-size", "4"]
        for query in ["00", "11", "22", "33", "44"] {
            let picker = try startPicker(options, input: numbers) { $0.counts == "100/100 · 0 selected" }
            try picker.type(query)
            try picker.waitForScreen("one left") { $0.counts == "1/100 · 0 selected" || query == "00" }
            try picker.press("Enter")
            _ = try picker.waitForExit()
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "11\n22\n33\n44\n")

        let picker = try startPicker(options, input: numbers) { $0.counts == "100/100 · 0 selected" }
        for (keys, query) in [
            (["C-p"], "44"), (["C-p"], "33"), (["BSpace"], "3"), (["1"], "31"), (["C-p"], "22"), (["C-n"], "31"),
            (["0"], "310"),
        ] {
            if keys == ["1"] || keys == ["0"] { try picker.type(keys[0]) } else { try picker.press(keys[0]) }
            try picker.waitForScreen("the query \(query)") { $0.searchBar == "/ \(query)" }
        }
        try picker.press("Enter")
        _ = try picker.waitForExit()
        XCTAssertEqual(
            try String(contentsOfFile: file, encoding: .utf8), "22\n33\n44\n310\n", "edits kept off the file")
    }
}
