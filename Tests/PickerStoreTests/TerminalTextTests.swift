import PickerTestSupport
import XCTest

@testable import PickerStore

final class TerminalTextTests: XCTestCase {
    func testOrdinaryNamesAreUnchanged() {
        for name in ["Ada Lovelace", "王小明", "Zoë", "محمد العلي", "Jose\u{301}"] {
            XCTAssertEqual(TerminalText.sanitized(name), name)
        }
    }

    func testControlCharactersBecomeVisibleEscapes() {
        XCTAssertEqual(TerminalText.sanitized("Eve\u{1B}]0;pwned\u{7}"), "Eve\\x1b]0;pwned\\x07")
        XCTAssertEqual(TerminalText.sanitized("a\tb\nc\u{7F}d\u{9B}"), "a\\x09b\\x0ac\\x7fd\\x9b")
        XCTAssertEqual(TerminalText.sanitized("a\r\nb"), "a\\x0d\\x0ab")
    }

    func testBidiAndInvisibleCharactersBecomeVisibleEscapes() {
        XCTAssertEqual(TerminalText.sanitized("abc\u{202E}fed"), "abc\\u202efed")
        XCTAssertEqual(TerminalText.sanitized("a\u{200B}b\u{2066}"), "a\\u200bb\\u2066")
    }

    func testLineAndParagraphSeparatorsAndTagCharactersBecomeVisibleEscapes() {
        XCTAssertEqual(TerminalText.sanitized("a\u{2028}b\u{2029}c"), "a\\u2028b\\u2029c")
        XCTAssertEqual(TerminalText.sanitized("Eve\u{E0041}\u{E007F}"), "Eve\\ue0041\\ue007f")
        XCTAssertEqual(TerminalText.escaped("\u{E0000}x\u{E0080}"), "\\ue0000x\u{E0080}")
    }

    func testUnambiguousEscapesDoubleTheBackslash() {
        XCTAssertEqual(TerminalText.escapedUnambiguously("a\tb"), #"a\x09b"#)
        XCTAssertEqual(TerminalText.escapedUnambiguously(#"a\x09b"#), #"a\\x09b"#)
        XCTAssertEqual(
            TerminalText.escapedUnambiguously("\u{301}plain"), "\u{301}plain", "no circle: output, not a cell")
        XCTAssertEqual(TerminalText.escapedUnambiguously("\u{2029}\\"), #"\u2029\\"#)
    }

    func testALeadingCombiningMarkIsDrawnOnADottedCircle() {
        XCTAssertEqual(TerminalText.sanitized("\u{301}x"), "\u{25CC}\u{301}x")
    }

    func testNoUnsafeScalarSurvives() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let scalars = (0..<12).compactMap { _ in Unicode.Scalar(UInt32.random(in: 0...0x2100, using: &generator)) }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            XCTAssertFalse(TerminalText.sanitized(text).unicodeScalars.contains(where: TerminalText.isUnsafe))
        }
    }
}
