import PickerTestSupport
import XCTest

@testable import PickerStore

/// The letters that start a name's words, found in one pass for an ASCII key.
final class InitialsTests: XCTestCase {
    func testTheOnePassOverAnASCIIKeyFindsTheWordStartsTheLongWayFinds() {
        var random = SplitMix64(seed: 31)
        let bytes = Array("abyz09 -.'_\t".utf8) + [0x01, 0x7F, UInt8(ascii: "A"), UInt8(ascii: "Z")]
        for _ in 0..<5000 {
            let key = (0..<Int(random.next() % 24)).map { _ in bytes[Int(random.next() % UInt64(bytes.count))] }
            key.withUnsafeBufferPointer { key in
                let none = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
                XCTAssertEqual(
                    Initials.asciiWordStartLetters(key), Initials.wordStartLetters(key, partStarts: none),
                    "\(Array(key))")
            }
        }
    }

    func testAKeyThatIsNotASCIIOrHasPartStartsGoesTheLongWay() {
        Array("ada łucja".utf8).withUnsafeBufferPointer { key in
            XCTAssertNil(Initials.asciiWordStartLetters(key))
            let letters = Initials.of(key, partStarts: UnsafeBufferPointer(start: nil, count: 0)) & 0x3FF_FFFF
            XCTAssertEqual(letters, 1 << 0, "ł is not a letter a–z")
        }
        Array("wangxiaoming".utf8).withUnsafeBufferPointer { key in
            [UInt16(4)].withUnsafeBufferPointer { starts in
                let letters = Initials.of(key, partStarts: starts) & 0x3FF_FFFF
                XCTAssertEqual(letters, 1 << 22 | 1 << 23, "w, and x where a given part starts")
            }
        }
    }
}
