import PickerTestSupport
import XCTest

@testable import PickerStore

final class WhitespaceTests: XCTestCase {
    func testTheWhitespaceTableIsUnicodesWhiteSpace() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            XCTAssertEqual(Whitespace.contains(value), scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}
