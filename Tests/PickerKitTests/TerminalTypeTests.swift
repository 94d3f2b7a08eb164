import Glibc
import XCTest

@testable import PickerKit

/// A terminal type the terminfo database here cannot draw with is replaced by a stand-in, and
/// the note says which.
final class TerminalTypeTests: XCTestCase {
    /// The type chosen for `term`, its entry let go of again.
    private func chosen(_ term: String?) throws -> TerminalType {
        let descriptor = open("/dev/null", O_RDWR)
        defer { close(descriptor) }
        let type = try XCTUnwrap(TerminalType.load(term, descriptor: descriptor))
        Terminfo.unload()
        return type
    }

    func testAKnownTypeIsDrawnWithAsItIs() throws {
        XCTAssertEqual(try chosen("xterm-256color"), TerminalType(name: "xterm-256color", replaced: nil))
        XCTAssertEqual(try chosen("vt100"), TerminalType(name: "vt100", replaced: nil))
        XCTAssertNil(try chosen("xterm").note)
    }

    func testAnUnknownDumbOrMissingTypeIsDrawnAsXterm() throws {
        let kitty = try chosen("xterm-kitty-not-here")
        XCTAssertEqual(kitty, TerminalType(name: "xterm-256color", replaced: .unknown("xterm-kitty-not-here")))
        XCTAssertEqual(
            kitty.note, "the terminal type 'xterm-kitty-not-here' is unknown here; drew the picker as xterm-256color")
        let dumb = try chosen("dumb")
        XCTAssertEqual(dumb.replaced, .cannotMoveTheCursor("dumb"))
        XCTAssertEqual(dumb.note, "the terminal type 'dumb' cannot move the cursor; drew the picker as xterm-256color")
        XCTAssertEqual(try chosen(nil).note, "TERM is not set; drew the picker as xterm-256color")
        XCTAssertEqual(try chosen("").replaced, .unset)
        XCTAssertEqual(
            try chosen("bad\u{1B}]0;x\u{7}").note,
            "the terminal type 'bad\\x1b]0;x\\x07' is unknown here; drew the picker as xterm-256color")
    }

    func testWithoutAnyEntryTheMessageSaysWhatWasTried() {
        XCTAssertEqual(
            TerminalType.noEntry("xterm-kitty", tried: true),
            "the terminal type 'xterm-kitty' has no terminfo entry here that can move the cursor, nor is any of xterm-256color, xterm, ansi, vt100 known; use --filter without a screen"
        )
        XCTAssertEqual(
            TerminalType.noEntry(nil, tried: false),
            "TERM (not set) has no terminfo entry here that can move the cursor; use --filter without a screen")
    }
}
