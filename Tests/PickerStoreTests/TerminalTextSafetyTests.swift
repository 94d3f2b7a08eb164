import PickerTestSupport
import XCTest

@testable import PickerStore

final class TerminalTextSafetyTests: XCTestCase {
    /// The byte check that lets output skip escaping agrees with the escaping, scalar by scalar.
    func testTheByteCheckAgreesWithEscaping() {
        for value in Array(UInt32(0)...0x2FFFF) + Array(0xE0000...0xE0100) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = "a" + String(Character(scalar)) + "b"
            let safe = text.withUTF8 { TerminalText.isSafe($0) }
            XCTAssertEqual(safe, TerminalText.escaped(text) == text, "U+\(String(value, radix: 16))")
        }
        XCTAssertFalse([UInt8]([0x41, 0xFF]).withUnsafeBufferPointer { TerminalText.isSafe($0) })
    }
}
