import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// Address books in the encodings and line ends their makers write: UTF-16 with and without a
/// byte-order mark, Windows-1252 where the bytes are not UTF-8, 8-bit quoted-printable without
/// a CHARSET, and classic Mac OS's CR line ends.
final class EncodingTests: XCTestCase {
    func testUTF16WithoutAByteOrderMarkIsToldByItsNULs() throws {
        let friends = try FriendSource.readFixture("utf16le-no-bom.vcf")
        XCTAssertEqual(friends.map(\.name), ["Zoë Ångström", "山田 太郎"])
        XCTAssertEqual(friends.map(\.emails), [["zoe@example.se"], ["taro@example.jp"]])
        XCTAssertEqual(friends[0].lastName, "Ångström")
    }

    func testUTF16BigEndianWithAByteOrderMark() throws {
        let friends = try FriendSource.readFixture("utf16be-bom.csv")
        XCTAssertEqual(friends.map(\.name), ["José Müller", "Françoise Dœuf"])
        XCTAssertEqual(friends.map(\.emails), [["jose@example.de"], ["f.doeuf@example.fr"]])
    }

    func testWideTextOnStandardInputAndEveryEncoding() throws {
        for encoding: String.Encoding in [.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32] {
            let data = try XCTUnwrap("Ann Lee\nBob Stone\n".data(using: encoding))
            XCTAssertEqual(
                try FriendSource.friends(fromStandardInput: data).map(\.name), ["Ann Lee", "Bob Stone"], "\(encoding)")
        }
        XCTAssertThrowsError(try FriendSource.friends(fromStandardInput: Data([0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8]))) {
            XCTAssertEqual(
                ($0 as? SourceError)?.description, "standard input: looks like UTF-16LE text, but is not valid UTF-16LE"
            )
        }
    }

    func testTheNULPatternTellsUTF16FromOtherText() {
        func encoding(_ bytes: [UInt8]) -> String? { bytes.withUnsafeBufferPointer { SourceFormat.wideEncoding($0) } }
        XCTAssertEqual(encoding(Array("Ann".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), "UTF-16LE")
        XCTAssertEqual(encoding(Array("Ann".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }), "UTF-16BE")
        XCTAssertEqual(encoding([0xFF, 0xFE, 0, 0, 0x41, 0, 0, 0]), "UTF-32LE")
        XCTAssertNil(encoding(Array("Ann Lee\n".utf8)), "UTF-8 has no NUL")
        XCTAssertNil(encoding([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]), "a PNG is not text")
        XCTAssertNil(encoding([0x41, 0]), "one character tells nothing")
    }

    func testWindows1252WhereTheBytesAreNotUTF8() throws {
        let friends = try FriendSource.readFixture("outlook-windows-1252.csv")
        XCTAssertEqual(friends.map(\.name), ["José Müller", "Françoise Dœuf – “Fifi”"])
        XCTAssertEqual(Windows1252.string([0x80, 0x81, 0x9F, 0xE9, 0x41]), "€\u{81}Ÿé" + "A")
        let table = (0x80...0x9F).map { Windows1252.string([UInt8($0)]).unicodeScalars.first?.value ?? 0 }
        XCTAssertEqual(
            table,
            [
                0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D,
                0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A,
                0x153, 0x9D, 0x17E, 0x178,
            ], "as Python's cp1252 reads them, the five undefined bytes as ISO-8859-1")
    }

    func testTheEncodingTakenWhereTextIsNotUTF8IsSaid() throws {
        for name in ["outlook-windows-1252.csv", "the-bat-classic-mac.vcf"] {
            let list = try FileSourceLoader(path: fixture(name).path).list(sortOrder: .first).list
            XCTAssertEqual(list.assumedEncoding, "Windows-1252", name)
        }
        let utf8 = try FileSourceLoader(path: fixture("outlook-german.csv").path).list(sortOrder: .first).list
        XCTAssertEqual(utf8.assumedEncoding, "Windows-1252", "German Outlook's export is in the ANSI code page")
        let plain = try FileSourceLoader(path: fixture("google.csv").path).list(sortOrder: .first).list
        XCTAssertNil(plain.assumedEncoding)
        XCTAssertEqual(
            FriendSource.file("a.csv").encodingNote("Windows-1252"),
            "a.csv: not UTF-8 throughout: read as Windows-1252 where it is not")
    }

    func testEightBitQuotedPrintableWithoutACharsetAndCRLineEnds() throws {
        let data = try Data(contentsOf: fixture("the-bat-classic-mac.vcf"))
        let read = try readLines(data, VCardReader.init(source:))
        XCTAssertEqual(read.friends.map(\.name), ["Jörg Müller", "Renée Faït"])
        XCTAssertEqual(read.friends[0].nameParts, NameParts(first: "Jörg", middle: "", last: "Müller"))
        XCTAssertEqual(read.friends.map(\.emails), [["joerg@example.de"], ["renee@example.fr"]])
        XCTAssertEqual(
            read.firstSkipped, SkippedEntry(line: 16, problem: "expected a property NAME:VALUE"),
            "lines are counted at each CR")
    }

    func testCRLineEndsWhereverTheChunksEnd() throws {
        for chunkSize in 1...7 {
            let read = try readLines(
                Data("name,email\rAnn,a@x\r\"Bob\rB\",b@x\r".utf8), chunkSize: chunkSize, ContactsCSV.init(source:))
            XCTAssertEqual(read.friends.map(\.name), ["Ann", "Bob\nB"], "chunks of \(chunkSize)")
        }
        let lone = try readLines(Data("name,email\rAnn,a@x\r".utf8), chunkSize: 11, ContactsCSV.init(source:))
        XCTAssertEqual(lone.friends.map(\.name), ["Ann"], "the first chunk ends on the first CR")
        let crlf = try readLines(Data("name,email\r\nAnn,a@x\r\n".utf8), chunkSize: 11, ContactsCSV.init(source:))
        XCTAssertEqual(crlf.friends.map(\.name), ["Ann"], "a CR then an LF in the next chunk")
    }
}
