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

    /// Images, PDFs, compressed files and databases are told by their magic bytes, whatever
    /// they are called, and never taken for names; text that merely starts alike stays text.
    func testOtherKindsOfFileAreToldByTheirMagicBytes() {
        var tar = [UInt8](Array("names.txt".utf8)) + [UInt8](repeating: 0, count: 300)
        tar.replaceSubrange(257..<263, with: Array("ustar".utf8) + [0])
        let cases: [([UInt8], String)] = [
            ([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0], "a gzip file"),
            (Array("%PDF-1.7\n%âãÏÓ\n".utf8), "a PDF document"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], "a PNG image"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46], "a JPEG image"),
            (Array("GIF89a".utf8) + [1, 0, 1, 0], "a GIF image"),
            (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), "a WebP image"),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "a HEIC image"),
            (Array("SQLite format 3".utf8) + [0, 0x10, 0], "an SQLite database"),
            ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0], "an Office document (.xls, .doc)"),
            (Array("BZh91AY&SY".utf8) + [0x12], "a bzip2 file"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], "an xz file"),
            ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0], "a program (ELF)"),
            (tar, "a tar archive"),
        ]
        for (bytes, kind) in cases {
            XCTAssertEqual(format(bytes), .otherKind(kind), kind)
        }
        XCTAssertEqual(format("BZh Ann\nGIF Bob\n%PDF reader\nRIFF Ray\n"), .text)
        XCTAssertEqual(
            FileKind.refusal("a gzip file"),
            "looks like a gzip file; picker reads JSON, vCard, CSV, text or a Facebook export's .zip")
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
