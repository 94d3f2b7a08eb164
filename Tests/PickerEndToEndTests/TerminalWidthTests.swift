import CNcurses
import Glibc
import PickerKit
import XCTest

/// The picker lays rows out with ``DisplayWidth``; ncurses places the same text with the C
/// library's `wcwidth`. Where they disagree, a row is drawn shifted, so they must agree on every
/// printable code point.
final class TerminalWidthTests: XCTestCase {
    func testDisplayWidthAgreesWithTheCLibraryOnEveryPrintableCodePoint() {
        XCTAssertNotNil(setlocale(LC_CTYPE, "C.UTF-8"))
        var disagreements: [String] = []
        for value in UInt32(0x20)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value), !TerminalText.isUnsafe(scalar) else { continue }
            let expected = wcwidth(wchar_t(bitPattern: value))
            guard expected >= 0 else { continue }
            if DisplayWidth.of(scalar) != Int(expected) {
                disagreements.append(
                    "U+\(String(value, radix: 16, uppercase: true)): \(DisplayWidth.of(scalar)) vs \(expected)")
            }
        }
        XCTAssertEqual(disagreements, [], "\(disagreements.prefix(20))")
    }
}
