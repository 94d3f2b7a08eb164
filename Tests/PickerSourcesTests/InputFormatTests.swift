import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// `--input`: what a file or standard input holds, said when its first bytes would be taken
/// for another format.
final class InputFormatTests: XCTestCase {
    /// Names written last name first, with a title: two lines of three fields each, which
    /// look like a CSV without a header.
    private let titledNames = "Lee, Ann, Dr.\nStone, Bob, Mr.\n"

    private func format(_ text: String, _ declared: InputFormat?) -> SourceFormat {
        SourceFormat.of(Data(text.utf8), declared: declared)
    }

    func testTheDeclaredFormatWinsOverWhatTheTextLooksLike() {
        XCTAssertEqual(format(titledNames, nil), .contactsCSV)
        XCTAssertEqual(format(titledNames, .text), .text)
        XCTAssertEqual(format("Ann Lee\n", .json), .json)
        XCTAssertEqual(format("Ann Lee\n", .vcard), .vCard)
        XCTAssertEqual(format("Ann Lee\n", .csv), .contactsCSV)
        XCTAssertEqual(format("{\"friends_v2\": []}", .facebook), .json)
        XCTAssertEqual(format("BEGIN:VCARD\n", .text), .text)
    }

    /// A `.zip` is a Facebook export only when said so or when nothing is said; a file of
    /// another kind is refused whatever is said of it; wide text is turned into UTF-8 first.
    func testBinaryFilesAreWhatTheirBytesSay() {
        let zip = Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00])
        XCTAssertEqual(SourceFormat.of(zip, declared: .facebook), .zipArchive)
        XCTAssertEqual(SourceFormat.of(zip, declared: .csv), .otherKind("a .zip archive, not csv"))
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
        XCTAssertEqual(SourceFormat.of(png, declared: .text), .otherKind("a PNG image"))
        XCTAssertEqual(SourceFormat.of(Data([0xFF, 0xFE, 0x41, 0x00]), declared: .text), .wideText)
    }

    func testAFileIsReadAsDeclared() throws {
        let folder = try TemporaryFolder.make("input-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("names.txt").path
        try Data(titledNames.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FriendSource.readFile(path), "a CSV naming no column picker knows")
        var friends: [Friend] = []
        try FileSourceLoader(path: path, declared: .text).load { friends += $0.friends }
        XCTAssertEqual(friends.map(\.name), ["Lee, Ann, Dr.", "Stone, Bob, Mr."])
        XCTAssertEqual(friends.map(\.id), ["1", "2"], "line numbers, as any text")

        let wide = folder.appendingPathComponent("names-utf16.txt").path
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in titledNames.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data(utf16).write(to: URL(fileURLWithPath: wide))
        friends = []
        try FileSourceLoader(path: wide, declared: .text).load { friends += $0.friends }
        XCTAssertEqual(friends.map(\.name), ["Lee, Ann, Dr.", "Stone, Bob, Mr."], "turned into UTF-8, then text")

        friends = []
        try StandardInputLoader.read(Data(titledNames.utf8), declared: .text) { friends += $0.friends }
        XCTAssertEqual(friends.map(\.name), ["Lee, Ann, Dr.", "Stone, Bob, Mr."], "standard input alike")
    }

    /// A file that is not what `--input` says gets the error of the reader it was given to,
    /// naming it.
    func testAWrongDeclaredFormatIsTheReadersErrorNamingTheFile() throws {
        let json = fixture("your_friends.json").path
        for declared in [InputFormat.vcard, .csv] {
            XCTAssertThrowsError(try FileSourceLoader(path: json, declared: declared).load { _ in }, "\(declared)") {
                error in XCTAssertEqual((error as? SourceError)?.source, json, "\(error)")
            }
        }
        let names = fixture("names-only.txt").path
        XCTAssertThrowsError(try FileSourceLoader(path: names, declared: .json).load { _ in }) { error in
            XCTAssertEqual((error as? SourceError)?.source, names, "\(error)")
        }
    }

    func testAFolderIsReadAsDeclaredOrRefused() throws {
        let folder = try TemporaryFolder.make("input-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("BEGIN:VCARD\nVERSION:3.0\nFN:Ann Lee\nEND:VCARD\n".utf8).write(
            to: folder.appendingPathComponent("ann.vcf"))
        var friends: [Friend] = []
        try FileSourceLoader(path: folder.path, declared: .vcard).load { friends += $0.friends }
        XCTAssertEqual(friends.map(\.name), ["Ann Lee"])
        XCTAssertThrowsError(try FileSourceLoader(path: folder.path, declared: .json).load { _ in }) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "is a folder: --input json reads a file (a folder is read as .vcf files or a Facebook export)")
        }
        let empty = try TemporaryFolder.make("input-empty-folder")
        defer { try? FileManager.default.removeItem(at: empty) }
        XCTAssertThrowsError(try FileSourceLoader(path: empty.path, declared: .vcard).load { _ in }) { error in
            XCTAssertEqual((error as? SourceError)?.problem, "is a folder without .vcf files (--input vcard)")
        }
    }

    /// With several sources, every file is read as declared.
    func testEverySourceIsReadAsDeclared() throws {
        let folder = try TemporaryFolder.make("input-several")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.txt").path
        let second = folder.appendingPathComponent("b.txt").path
        try Data(titledNames.utf8).write(to: URL(fileURLWithPath: first))
        try Data("Kim, Zoë, Prof.\nRay, Al, Mr.\n".utf8).write(to: URL(fileURLWithPath: second))
        let loader = FriendSource.several([.file(first), .file(second)]).loader(
            token: nil, timeout: 1, loadTimeout: 1, rejectionAdvice: nil, cardDAV: nil, input: .text)
        var friends: [Friend] = []
        try loader.load { page in
            XCTAssertEqual(page.problems, [])
            friends += page.friends
        }
        XCTAssertEqual(friends.map(\.id), ["1:1", "1:2", "2:1", "2:2"])
    }
}
