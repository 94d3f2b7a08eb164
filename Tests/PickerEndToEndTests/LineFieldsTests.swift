import Foundation
import PickerTestSupport
import XCTest

/// `--delimiter`, `--nth`, `--with-nth` and `--accept-nth` through the real binary, on the
/// lines `abook --mutt-query ''` prints (address, tab, name, tab, group): ported from fzf's
/// `test_with_nth` and `test_accept_nth`.
final class LineFieldsTests: TmuxTestCase {
    private let book = Data("ann@x.org\tAnn Lee\tfriends\nbob@ann.org\tBob Stone\twork\ncy@x.org\tCy Young\t\n".utf8)

    func testTheFieldsShownAreSearchedAndTheLinePrintedWhole() throws {
        let picker = try startPicker(["--no-sort", "--delimiter", "\\t", "--with-nth", "2,1"], input: book) {
            $0.counts == "3/3 · 0 selected"
        }
        XCTAssertEqual(
            try picker.screen().names, ["Ann Lee ann@x.org", "Bob Stone bob@ann.org", "Cy Young cy@x.org"],
            "the fields shown, the tab between them a space")
        try picker.type("young")
        try picker.waitForScreen("Cy") { $0.names == ["Cy Young cy@x.org"] }
        try picker.press("Enter")
        try picker.assertExit(0, output: "cy@x.org\tCy Young\t\n", standardError: "", "the line as read, tabs and all")
    }

    func testTheFieldsPrintedAreCutFromTheLinePicked() throws {
        let picker = try startPicker(["-d", "\t", "--nth", "2", "--accept-nth", "1"], input: book) {
            $0.counts == "3/3 · 0 selected"
        }
        try picker.type("ann")
        try picker.waitForScreen("only Ann: Bob's address is not searched") { $0.counts == "1/3 · 0 selected" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "ann@x.org\n", standardError: "")
    }

    /// A line whose fields searched are blank is listed, on screen and by `--filter` alike,
    /// as fzf 0.74 lists it: found by an empty query and by `!x`, never by a term.
    func testALineWhoseSearchedFieldsAreBlankIsListedAsFzfDoes() throws {
        let lines = Data("b\na x\n   \nc y\n".utf8)
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        for (query, expected) in [("", "b\na x\nc y\n"), ("!z", "b\na x\nc y\n"), ("x", "a x\n")] {
            let result = try runPicker(
                ["--nth", "2", "--no-sort", "--filter", query], input: lines, environment: environment)
            assertExit(result, 0, output: expected, standardError: "", "\(query)")
        }
        let sorted = try runPicker(["--nth", "2", "--filter", ""], input: lines, environment: environment)
        assertExit(sorted, 0, output: "a x\nc y\nb\n", standardError: "", "b's key is empty: under #")
        let picker = try startPicker(["--nth", "2", "--no-sort"], input: lines) { $0.counts == "3/3 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["b", "a x", "c y"])
        try picker.type("!z")
        try picker.waitForScreen("every line") { $0.names == ["b", "a x", "c y"] && $0.searchBar.contains("!z") }
        try picker.type(" x")
        try picker.waitForScreen("a x") { $0.names == ["a x"] }
    }

    /// What fzf 0.74 prints for the same arguments (`fzf --filter`).
    func testFilterTakesTheFieldsAsFzfDoes() throws {
        let environment: [String: String?] = ["PICKER_SOURCE": nil]
        for (arguments, expected) in [
            (["-d", "\t", "--nth", "2", "--filter", "ann"], "ann@x.org\tAnn Lee\tfriends\n"),
            (
                ["-d", "\t", "--nth", "1", "--filter", "ann", "--no-sort"],
                "ann@x.org\tAnn Lee\tfriends\nbob@ann.org\tBob Stone\twork\n"
            ),
            (["-d", "\t", "--accept-nth", "2", "--filter", "", "--no-sort"], "Ann Lee\nBob Stone\nCy Young\n"),
            (["-d", "\\t", "--accept-nth", "-1", "--filter", "x.org", "--no-sort"], "friends\n\n"),
            (["--accept-nth", "..2", "--filter", "stone"], "bob@ann.org\tBob\n"),
            (["-d", "[@.]", "--accept-nth", "2", "--filter", "young"], "x\n"),
            (["-d", "\t", "--with-nth", "3", "--filter", "work"], "bob@ann.org\tBob Stone\twork\n"),
        ] {
            let result = try runPicker(arguments, input: book, environment: environment)
            assertExit(result, 0, output: expected, standardError: "", "\(arguments)")
        }
        let bad = try runPicker(["--nth", "0", "--filter", ""], input: book, environment: environment)
        assertExit(
            bad, 2, output: "",
            standardError:
                "picker: --nth needs fields from 1, -1 from the end, or ranges such as 2.., ..3, 1..2, not '0'\n")
    }
}
