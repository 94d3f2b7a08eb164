import Foundation
import PickerTestSupport
import XCTest

/// `--expect` and `--print-query` through the real binary, ported from fzf's `test_expect` and
/// `test_print_query`: the query, then the key that ended the pick, then the pick.
final class ExpectAndPrintQueryEndToEndTests: TmuxTestCase {
    private let numbers = Data((1...100).map(String.init).joined(separator: "\n").utf8)

    func testTheKeyThatEndedThePickIsPrintedFirst() throws {
        for (key, tmuxKey, name) in [("ctrl-t", "C-t", "ctrl-t"), ("alt-c", "M-c", "alt-c"), ("f2", "F2", "f2")] {
            let picker = try startPicker(["--no-sort", "--expect", "ctrl-t,alt-c,f2"], input: numbers) {
                $0.counts == "100/100 · 0 selected"
            }
            try picker.type("55")
            try picker.waitForScreen("55 alone") { $0.names == ["55"] }
            try picker.press(tmuxKey)
            try picker.assertExit(0, output: "\(name)\n55\n", standardError: "", key)
        }
        let entered = try startPicker(["--expect", "ctrl-t"], input: numbers) { $0.counts == "100/100 · 0 selected" }
        try entered.type("55")
        try entered.waitForScreen("55 alone") { $0.names == ["55"] }
        try entered.press("Enter")
        try entered.assertExit(0, output: "\n55\n", standardError: "", "Enter: an empty line")
    }

    func testTheQueryIsPrintedFirstEvenWhenNothingIsPicked() throws {
        let picker = try startPicker(["--print-query", "--expect", "ctrl-t"], input: numbers) {
            $0.counts == "100/100 · 0 selected"
        }
        try picker.type("5")
        try picker.waitForScreen("the fives") { $0.counts == "19/100 · 0 selected" }
        let first = try picker.screen().names.prefix(2)
        try picker.press("Tab")
        try picker.press("Tab")
        try picker.waitForScreen("two picked") { $0.counts == "19/100 · 2 selected" }
        try picker.press("C-t")
        try picker.assertExit(0, output: "5\nctrl-t\n" + first.map { $0 + "\n" }.joined(), standardError: "")

        let nobody = try startPicker(["--print-query"], input: numbers) { $0.counts == "100/100 · 0 selected" }
        try nobody.type("zed@x.org")
        try nobody.waitForScreen("no match") { $0.counts.hasPrefix("0/100") }
        try nobody.press("Enter")
        try nobody.assertExit(1, output: "zed@x.org\n", standardError: "", "the address not in the book")
    }

    func testFilterPrintsTheQueryFirstAsFzfDoes() throws {
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        let found = try runPicker(
            ["--filter", "55", "--print-query", "--expect", "ctrl-t"], input: numbers, environment: environment)
        assertExit(found, 0, output: "55\n55\n", standardError: "", "no key line without a screen, as fzf")
        let none = try runPicker(["--filter", "zz", "--print-query"], input: numbers, environment: environment)
        assertExit(none, 1, output: "zz\n", standardError: "")
        let zero = try runPicker(
            ["--filter", "55", "--print-query", "--print0"], input: numbers, environment: environment)
        assertExit(zero, 0, output: "55\u{0}55\u{0}", standardError: "")
        let selectOne = try runPicker(
            ["-q", "55", "-1", "--print-query", "--expect", "f2"], input: numbers, environment: environment)
        assertExit(selectOne, 0, output: "55\n\n55\n", standardError: "", "as fzf --select-1 prints")
        let exitZero = try runPicker(["-q", "zz", "-0", "--print-query"], input: numbers, environment: environment)
        assertExit(exitZero, 1, output: "zz\n", standardError: "")
    }
}
