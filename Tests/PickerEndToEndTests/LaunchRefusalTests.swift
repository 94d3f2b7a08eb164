import Foundation
import XCTest

/// What cannot work is said at once, before the screen opens, with status 2 and the terminal
/// left as it was: a result with nowhere to go, a terminal given as the source, a search given
/// as a bare word.
final class LaunchRefusalTests: TmuxTestCase {
    /// Runs `shellLine` (where `picker` is the binary under test) from a shell, and checks that
    /// it exits 2 saying `message` on standard error, drawing nothing.
    private func assertRefused(
        _ shellLine: String, saying message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let picker = killedAtTheEnd(
            try TmuxSession(arguments: [], fromShell: true, shellLine: shellLine, file: file, line: line))
        try picker.assertExit(2, output: "", standardError: "picker: \(message)\n", file: file, line: line)
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before, file: file, line: line)
        XCTAssertTrue(
            try picker.terminalModes().hasPrefix("alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0"), file: file,
            line: line)
        XCTAssertEqual(try picker.screen().lines.first, "$ sh run.sh", "nothing drawn", file: file, line: line)
    }

    func testAClosedStandardOutputIsSaidBeforeTheScreenOpens() throws {
        try assertRefused(
            "picker --session demo >&-",
            saying:
                "standard output is closed: nothing picked could be printed (give the picker a file or a pipe to print to)"
        )
    }

    func testATerminalOnStandardInputIsNoSource() throws {
        try assertRefused(
            "picker --source -",
            saying:
                "--source - reads the friends from standard input, which is the terminal here: pipe them in (command | picker) or name a file (--source FILE)"
        )
    }

    func testABareWordSuggestsTheQueryOrTheFilter() throws {
        try assertRefused(
            "picker ada",
            saying:
                "picker takes no words, only options: to search for ada, give -q ada (the list opens with it applied) or -f ada (the matches printed, without a screen); see picker --help"
        )
        try assertRefused(
            "picker --session demo \"ada l\"",
            saying:
                "picker takes no words, only options: to search for 'ada l', give -q 'ada l' (the list opens with it applied) or -f 'ada l' (the matches printed, without a screen); see picker --help"
        )
    }
}
