import CNcurses
import Foundation
import Glibc
import PickerTestSupport
import XCTest

/// Names are written by other people: escape sequences, C1 controls, bidi and invisible
/// characters in them are shown as visible escapes and never act on the terminal, and unusual
/// widths (combining marks, emoji sequences, CJK, very long names) keep every row within it.
final class HostileNameTests: TmuxTestCase {
    /// Each hostile name and the row text it is shown as.
    static let names: [(name: String, shown: String)] = [
        ("Eve \u{1B}[31mRed\u{1B}[0m Mallory", #"Eve \x1b[31mRed\x1b[0m Mallory"#),
        ("Cleo \u{1B}[2J\u{1B}[H Clear", #"Cleo \x1b[2J\x1b[H Clear"#),
        ("Oscar \u{1B}]0;PWNED-BEL\u{7} Title", #"Oscar \x1b]0;PWNED-BEL\x07 Title"#),
        ("Olga \u{1B}]2;PWNED-ST\u{1B}\\ Title", #"Olga \x1b]2;PWNED-ST\x1b\ Title"#),
        (
            "Dave \u{1B}Ptmux;\u{1B}\u{1B}]2;PWNED-DCS\u{7}\u{1B}\\ Dcs",
            #"Dave \x1bPtmux;\x1b\x1b]2;PWNED-DCS\x07\x1b\ Dcs"#
        ),
        ("Carl \u{9B}31m C1", #"Carl \x9b31m C1"#),
        ("Cora \u{9D}0;PWNED-C1\u{9C} C1", #"Cora \x9d0;PWNED-C1\x9c C1"#),
        ("Bidi \u{202E}evil\u{202C} Ben", #"Bidi \u202eevil\u202c Ben"#),
        ("Iso \u{2066}Ivy\u{2069} Isolate", #"Iso \u2066Ivy\u2069 Isolate"#),
        ("Zero\u{200B}Width Zed", #"Zero\u200bWidth Zed"#),
        ("Back\u{8}space\rCarriage Bea", #"Back\x08space\x0dCarriage Bea"#),
        ("Del\u{7F} Dee", #"Del\x7f Dee"#),
        ("New\nLine Nia", #"New\x0aLine Nia"#),
        ("Zoe\u{301}\u{308} Combining", "Zoe\u{301}\u{308} Combining"),
        ("\u{301}Lonely Mark", "\u{25CC}\u{301}Lonely Mark"),
        ("👩‍👩‍👧 Family Fay", "👩‍👩‍👧 Family Fay"),
        ("❤️ Heart Hal", "❤️ Heart Hal"),
        ("👍🏽 Thumbs Tom", "👍🏽 Thumbs Tom"),
        ("王小明 Wang", "王小明 Wang"),
        ("Long " + String(repeating: "Ann", count: 100), "Long " + String(repeating: "Ann", count: 100)),
    ]

    private var source = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        let file = TemporaryFolder.root.appendingPathComponent(
            "picker-hostile-\(UUID().uuidString).json")
        let friends = Self.names.enumerated().map { ["id": String($0.offset + 1), "name": $0.element.name] }
        try JSONSerialization.data(withJSONObject: friends).write(to: file)
        source = file.path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: source)
        super.tearDown()
    }

    /// The columns `text` takes as the terminal counts them: the C library's `wcwidth`, scalar
    /// by scalar.
    private func columns(_ text: String) -> Int {
        setlocale(LC_CTYPE, "C.UTF-8")
        return text.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(wchar_t(bitPattern: $1.value)))) }
    }

    /// The SGR parameters the picker's own drawing uses: reset, bold, dim, underline, reverse,
    /// its cyan, yellow and red, and the default colours. Anything else came from a name.
    private static let ownAttributes: Set<String> = ["0", "1", "2", "4", "7", "31", "33", "36", "39", "49"]

    /// Every SGR parameter in `rows` (as `capture-pane -e` writes them) that the picker does not
    /// use itself; any other escape sequence is reported whole.
    static func foreignSequences(_ rows: [String]) -> [String] {
        var foreign: [String] = []
        for row in rows {
            for part in row.components(separatedBy: "\u{1B}").dropFirst() {
                guard part.hasPrefix("["), let end = part.firstIndex(of: "m") else {
                    foreign.append("ESC" + part.prefix(12))
                    continue
                }
                let parameters = part[part.index(after: part.startIndex)..<end].split(separator: ";").map(String.init)
                foreign += parameters.filter { !Self.ownAttributes.contains($0) }
            }
        }
        return foreign
    }

    func testHostileNamesShowAsVisibleEscapesAndChangeNothingOnTheTerminal() throws {
        // Monochrome, so that any colour on screen could only come from a name.
        let picker = try startPicker(["--source", source, "--no-color"], columns: 100, rows: 40, fromShell: true) {
            $0.counts == "20/20 · 0 selected"
        }
        let screen = try picker.waitForScreen("every friend drawn") { $0.friendLines.count == 20 }
        let modes = try picker.terminalModes()
        XCTAssertFalse(modes.contains("PWNED"), "the pane's title was not changed: \(modes)")
        XCTAssertEqual(
            screen.title, "Select Friends" + String(repeating: " ", count: 68) + "20/20 · 0 selected",
            "nothing cleared or moved the title")
        // tmux keeps no zero-width joiner in a cell: compare without them.
        let expected = Self.names.map { DisplayWidthOracle.cut($0.shown, to: 94, columns: columns).withoutJoiners }
        XCTAssertEqual(Set(screen.names), Set(expected), "\(screen)")
        XCTAssertEqual(
            Self.foreignSequences(try picker.screenWithAttributes()), [], "no colour or attribute from a name")
        XCTAssertTrue(screen.lines.allSatisfy { columns($0) <= 100 }, "\(screen)")

        // Searching highlights inside the escapes; the result, written to a file, is the names
        // as given, as fzf writes its lines.
        try picker.press("/")
        try picker.type("pwned")
        let found = try picker.waitForScreen("the four names holding PWNED") {
            $0.counts == "4/20 · 0 selected" && $0.friendLines.count == 4
        }
        XCTAssertEqual(Self.foreignSequences(try picker.screenWithAttributes()), [], "\(found)")
        try picker.press("Tab", "Tab", "Tab", "Tab", "Enter")
        let result = try picker.assertExit(0)
        XCTAssertEqual(
            Set(result.output.split(separator: "\n").map(String.init)),
            Set(Self.names.filter { $0.name.contains("PWNED") }.map(\.name)))
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before)
        let after = try picker.terminalModes()
        XCTAssertEqual(
            after.components(separatedBy: " title=").last, modes.components(separatedBy: " title=").last,
            "the title is as it was")
        XCTAssertTrue(after.hasPrefix("alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0"), after)
    }

    func testEveryRowEndsAtTheRightEdgeWhateverItsCharacters() throws {
        // 20 columns: "  [ ] " leaves 14 for the name; every longer name is cut with "…" at the
        // edge, one column short when a wide character would straddle it.
        let picker = try startPicker(["--source", source, "--no-color"], columns: 20, rows: 40) {
            $0.friendLines.count == 20
        }
        let screen = try picker.screen()
        for row in screen.friendLines {
            let name = String(row.dropFirst(6))
            let whole = try XCTUnwrap(
                Self.names.first { DisplayWidthOracle.cut($0.shown, to: 14, columns: columns).withoutJoiners == name },
                "row '\(row)'\n\(screen)")
            if columns(whole.shown) > 14 {
                XCTAssertTrue(row.hasSuffix("…"), row)
                XCTAssertTrue((19...20).contains(columns(row)), "'\(row)' is \(columns(row)) columns")
            } else {
                XCTAssertEqual(name, whole.shown)
            }
        }
        // The cursor walks over every row: the screen keeps its shape.
        for _ in 0..<20 { try picker.press("Down") }
        try picker.waitForScreen("the cursor on the last friend") { $0.cursorLine == $0.friendLines.last }
        XCTAssertTrue(try picker.screen().lines.allSatisfy { columns($0) <= 20 })
        XCTAssertEqual(Self.foreignSequences(try picker.screenWithAttributes()), [])
    }

    /// Runs the picker with `arguments` and its standard output on a terminal (script(1)'s), as
    /// a person reads what it prints; lines end in `\n` as the terminal's `\r\n` are read back.
    private func runOnTerminal(_ arguments: [String]) throws -> CommandResult {
        let command = ([try PickerPaths.picker().path] + arguments).map(shellQuoted).joined(separator: " ")
        let keeping = TemporaryFolder.root.appendingPathComponent("picker-tty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: keeping) }
        var result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command + " </dev/null", "/dev/null"],
            environment: cleanEnvironment(keepingIn: keeping))
        result.standardOutput = Data(result.standardOutput.filter { $0 != 0x0D })
        return result
    }

    /// What a name prints as on a terminal, reckoned on its own: controls as `\xHH`, the
    /// invisible and bidirectional characters of ``names`` as `\uHHHH`, a backslash as two.
    private static func escaped(_ name: String) -> String {
        name.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F: return String(format: "\\x%02x", scalar.value)
            case 0x200B, 0x202C, 0x202E, 0x2066, 0x2069: return String(format: "\\u%04x", scalar.value)
            case 0x5C: return #"\\"#
            default: return String(scalar)
            }
        }.joined()
    }

    func testOnATerminalNamesAreEscapedAndElsewhereWrittenAsGiven() throws {
        let shown = try runOnTerminal(["--source", source, "--filter", ""])
        assertExit(shown, 0)
        let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(lines.count, 20, "one line per friend")
        XCTAssertEqual(Set(lines), Set(Self.names.map { Self.escaped($0.name) }), "no dotted circle added to a mark")
        XCTAssertFalse(
            shown.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        )

        let names = try runPicker(["--source", source, "--filter", "", "--print0"])
        assertExit(names, 0)
        let records = names.output.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertEqual(Set(records), Set(Self.names.map(\.name)), "the bytes the source holds, as fzf writes them")

        let tsv = try runPicker(["--source", source, "--filter", "", "--format", "tsv"])
        let rows = tsv.output.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1)[1]) }
        XCTAssertEqual(Set(rows), Set(Self.names.map { Self.escaped($0.name) }), "tsv's tabs and lines mean something")

        let json = try runPicker(["--source", source, "--filter", "", "--format", "json"])
        assertExit(json, 0)
        let decoded = try JSONDecoder().decode([[String: String]].self, from: json.standardOutput)
        XCTAssertEqual(Set(decoded.compactMap { $0["name"] }), Set(Self.names.map(\.name)), "names exactly as given")
    }

    /// A tab printed as its escape never reads as a name that holds the text `\x09`: on a
    /// terminal the backslash of the text is doubled, and elsewhere the tab is a tab.
    func testAnEscapedTabNeverReadsAsTheTextOfItsEscape() throws {
        let text = TemporaryFolder.root.appendingPathComponent("picker-tabs-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: text) }
        try Data("Tab\tTed\nTab\\x09Ted\n".utf8).write(to: text)
        let shown = try runOnTerminal(["--source", text.path, "--filter", "ted"])
        assertExit(shown, 0)
        XCTAssertEqual(Set(shown.output.split(separator: "\n").map(String.init)), [#"Tab\x09Ted"#, #"Tab\\x09Ted"#])
        let piped = try runPicker(["--source", text.path, "--filter", "ted"])
        XCTAssertEqual(Set(piped.output.split(separator: "\n").map(String.init)), ["Tab\tTed", #"Tab\x09Ted"#])
        let separated = try runPicker(["--source", text.path, "--filter", "ted", "--format", "tsv"])
        XCTAssertEqual(
            Set(separated.output.split(separator: "\n").map { String($0.dropFirst(2)) }),
            [#"Tab\x09Ted"#, #"Tab\\x09Ted"#])
    }

    func testPlainTextLinesOnStandardInputAreWrittenAsTheyCame() throws {
        let names = Self.names.map(\.name).filter { !$0.contains("\n") && !$0.contains("\r") }
        let result = try runPicker(
            ["--source", "-", "--filter", "pwned"], input: Data(names.joined(separator: "\n").utf8))
        assertExit(result, 0)
        XCTAssertEqual(
            Set(result.output.split(separator: "\n").map(String.init)), Set(names.filter { $0.contains("PWNED") }))
    }
}

extension String {
    /// This text without zero-width joiners, which tmux does not keep in its cells.
    var withoutJoiners: String { String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{200D}" })) }
}

/// How a row cuts a name, reckoned independently of the picker: whole grapheme clusters while
/// they fit in one column less than the room, then `…`.
enum DisplayWidthOracle {
    static func cut(_ text: String, to room: Int, columns: (String) -> Int) -> String {
        guard columns(text) > room else { return text }
        var kept = ""
        for character in text {
            if columns(kept + String(character)) > room - 1 { break }
            kept.append(character)
        }
        return kept + "…"
    }
}
