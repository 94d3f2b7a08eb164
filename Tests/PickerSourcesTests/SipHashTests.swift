import PickerTestSupport
import XCTest

@testable import PickerSources

/// SipHash-2-4 against the reference vectors of its paper: the key 00 01 … 0f, and messages
/// 00 01 … of every length from 0 to 15.
final class SipHashTests: XCTestCase {
    func testTheReferenceVectors() {
        let hasher = SipHash(key: (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908))
        let expected: [Int: UInt64] = [
            0: 0x726f_db47_dd0e_0e31, 1: 0x74f8_39c5_93dc_67fd, 2: 0x0d6c_8009_d9a9_4f5a, 3: 0x8567_6696_d7fb_7e2d,
            8: 0x93f5_f579_9a93_2462, 15: 0xa129_ca61_49be_45e5,
        ]
        for (length, hash) in expected {
            let message = (0..<length).map(UInt8.init)
            XCTAssertEqual(message.withUnsafeBufferPointer { hasher.hash($0) }, hash, "\(length) bytes")
        }
    }

    func testAStringIsHashedByItsUTF8() {
        let hasher = SipHash(key: (1, 2))
        XCTAssertEqual(hasher.hash("Zoë"), Array("Zoë".utf8).withUnsafeBufferPointer { hasher.hash($0) })
        XCTAssertNotEqual(hasher.hash("Zoë"), SipHash(key: (1, 3)).hash("Zoë"))
    }
}
