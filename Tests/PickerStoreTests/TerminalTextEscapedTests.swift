import PickerTestSupport
import XCTest

@testable import PickerStore

final class TerminalTextEscapedTests: XCTestCase {
    func testEscapedOnlyReplacesUnsafeCharacters() {
        XCTAssertEqual(TerminalText.escaped("\u{301}x\u{1B}[1m\u{202E}"), "\u{301}x\\x1b[1m\\u202e")
        XCTAssertEqual(TerminalText.escaped("Zoë 王"), "Zoë 王")
    }
}
