import PickerTestSupport
import XCTest

@testable import PickerStore

final class CharacterSetDecodingTests: XCTestCase {
    func testLegacySetsAreConvertedByTheCLibrary() {
        // "Łódź" in Windows-1250 and ISO-8859-2, "日本" in Shift_JIS.
        XCTAssertEqual(CharacterSetDecoding.decode([0xA3, 0xF3, 0x64, 0x9F], charset: "windows-1250"), .text("Łódź"))
        XCTAssertEqual(CharacterSetDecoding.decode([0xA3, 0xF3, 0x64, 0xBC], charset: "ISO-8859-2"), .text("Łódź"))
        XCTAssertEqual(CharacterSetDecoding.decode([0x93, 0xFA, 0x96, 0x7B], charset: "shift_jis"), .text("日本"))
        XCTAssertEqual(CharacterSetDecoding.decode([0x4C, 0xF8, 0x79, 0x65], charset: "iso-8859-1"), .text("Løye"))
    }

    func testUnknownSetsAndBytesThatAreNotTextSaySo() {
        XCTAssertEqual(CharacterSetDecoding.decode([0x41], charset: "no-such-set"), .unknownSet)
        // A lone lead byte of a Shift_JIS pair is not text.
        XCTAssertEqual(CharacterSetDecoding.decode([0x41, 0x93], charset: "shift_jis"), .notText)
    }
}
