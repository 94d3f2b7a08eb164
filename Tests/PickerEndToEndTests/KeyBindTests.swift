import Foundation
import PickerTestSupport
import XCTest

/// `--bind` through the real binary: keys bound act, and the `?` overlay lists them.
final class KeyBindTests: TmuxTestCase {
    func testBoundKeysActAndAreListed() throws {
        let picker = try startPicker(
            ["--no-sort", "--bind", "ctrl-t:select-all,f3:accept"], input: Data("Ann\nBob\nCy\n".utf8)
        ) { $0.counts == "3/3 · 0 selected" }
        try picker.press("?")
        try picker.waitForScreen("the overlay") { $0.lines.contains { $0.contains("while browsing") } }
        // The keys bound are listed with those that work anywhere, at its end.
        try picker.press("End")
        try picker.waitForScreen("the overlay lists the binds") { screen in
            screen.lines.contains { $0.contains("ctrl-t (--bind)") && $0.contains("select every friend shown") }
        }
        try picker.press("Escape")
        try picker.waitForScreen("the list again") { $0.names == ["Ann", "Bob", "Cy"] }
        try picker.press("C-t")
        try picker.waitForScreen("all selected") { $0.counts == "3/3 · 3 selected" }
        try picker.press("F3")
        try picker.assertExit(0, output: "Ann\nBob\nCy\n", standardError: "")
    }

    func testAnUnknownActionIsAUsageError() throws {
        let result = try runPicker(["--bind", "ctrl-t:explode", "--filter", ""], input: Data("Ann\n".utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.hasPrefix("picker: --bind: no such action 'explode'"), result.standardError)
    }
}
