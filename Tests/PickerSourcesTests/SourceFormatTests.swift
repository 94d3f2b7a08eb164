import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class SourceFormatTests: XCTestCase {
    private func format(_ bytes: [UInt8]) -> SourceFormat { SourceFormat.of(Data(bytes)) }
    private func format(_ text: String) -> SourceFormat { SourceFormat.of(Data(text.utf8)) }

    func testTheContentDecidesNotTheName() throws {
        for (name, expected) in [
            ("google.vcf", SourceFormat.vCard), ("apple.vcf", .vCard), ("android.vcf", .vCard),
            ("rfc6350.vcf", .vCard), ("google.csv", .contactsCSV), ("google-old.csv", .contactsCSV),
            ("outlook.csv", .contactsCSV), ("plain.csv", .contactsCSV), ("your_friends.json", .json),
        ] {
            XCTAssertEqual(SourceFormat.of(try Data(contentsOf: fixture(name))), expected, name)
        }
    }

    func testJSONAfterAByteOrderMarkAndWhiteSpace() {
        XCTAssertEqual(format([0xEF, 0xBB, 0xBF] + Array(" \r\n\t[]".utf8)), .json)
        XCTAssertEqual(format("{\"data\": []}"), .json)
        XCTAssertEqual(format("\"a string\""), .text, "only an object or an array is JSON")
    }

    func testVCardAfterBlankLinesInAnyCase() {
        XCTAssertEqual(format("\r\n  begin:vCard\r\nFN:Ann\r\n"), .vCard)
        XCTAssertEqual(format("BEGIN:VCALENDAR\n"), .text)
        XCTAssertEqual(format("# Android\r\n\r\n#more\nBEGIN:VCARD\n"), .vCard, "after comment lines")
        XCTAssertEqual(format("# a list\nAnn\n"), .text)
        XCTAssertEqual(format("# only a comment"), .text)
    }

    func testTextThatStartsLikeJSONButIsNotOnItsFirstLine() {
        XCTAssertEqual(format("[Work] Ann Lee\n[Home] Bob\n"), .text)
        XCTAssertEqual(format("{Ann}\n"), .text)
        XCTAssertEqual(format("[\"Ann\", \"Bob\"]"), .json)
        XCTAssertEqual(format("[{\"id\": \"1\", \"name\": \"A\"}"), .json, "cut short: more may come")
        XCTAssertEqual(
            format("{\"data\": [\n  {\"id\": 1 \"name\": \"A\"}]}"), .json, "broken after its first line: an error")
    }

    func testTextWhenNothingElseFits() {
        XCTAssertEqual(format("Ann Lee\nBob\n"), .text)
        XCTAssertEqual(format("Smith, Ann\nLee, Bob\n"), .text)
        XCTAssertEqual(format(""), .text)
    }

    func testArchivesAndWideText() {
        XCTAssertEqual(format([0x50, 0x4B, 0x03, 0x04, 0x14]), .zipArchive)
        XCTAssertEqual(format([0x50, 0x4B, 0x05, 0x06]), .zipArchive, "an empty archive")
        XCTAssertEqual(format([0xFF, 0xFE, 0x41, 0x00]), .wideText)
        XCTAssertEqual(format([0xFE, 0xFF, 0x00, 0x41]), .wideText)
    }

    func testStandardInputIsReadByContent() throws {
        let vCard = try FriendSource.friends(fromStandardInput: try Data(contentsOf: fixture("rfc6350.vcf")))
        XCTAssertEqual(vCard.map(\.name), ["Kari Løye"])
        let csv = try FriendSource.friends(fromStandardInput: try Data(contentsOf: fixture("plain.csv")))
        XCTAssertEqual(csv.map(\.name), ["Ada Lovelace", "Charles Babbage"])
        XCTAssertThrowsError(try FriendSource.friends(fromStandardInput: Data([0x50, 0x4B, 0x03, 0x04]))) { error in
            XCTAssertEqual(
                (error as? SourceError)?.description,
                "standard input: is a .zip archive: give it with --source FILE (unzip reads files, not pipes)")
        }
    }

    func testStableIDs() {
        XCTAssertEqual(StableID.of(["Ann"]), StableID.of(["Ann"]))
        XCTAssertNotEqual(StableID.of(["ab", "c"]), StableID.of(["a", "bc"]))
        XCTAssertEqual(StableID.of([]), "cbf29ce484222325", "FNV-1a's offset basis")
        XCTAssertEqual(StableID.of(["a"]).count, 16)
    }
}
