import PickerTestSupport
import XCTest

@testable import PickerStore

/// The one reader of hexadecimal digits against the standard library's.
final class HexDigitTests: XCTestCase {
    func testEveryByteIsReadAsTheStandardLibraryReadsIt() {
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(HexDigit.value(byte), UInt8(String(UnicodeScalar(byte)), radix: 16), "\(byte)")
        }
    }
}
