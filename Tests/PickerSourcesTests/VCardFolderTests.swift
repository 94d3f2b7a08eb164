import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// A folder of `.vcf` files (a vdir) read as one address book.
final class VCardFolderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make("vdir")
    }

    /// A card of `name`, with `uid` when given.
    private func card(_ name: String, uid: String? = nil, email: String? = nil) -> String {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:\(name)"]
        if let uid { lines.append("UID:\(uid)") }
        if let email { lines.append("EMAIL:\(email)") }
        return (lines + ["END:VCARD", ""]).joined(separator: "\r\n")
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// Everything the folder's load delivers: the friends, the skipped contacts, the problems.
    private func load() throws -> (friends: [Friend], skipped: Int, problems: [String]) {
        var friends: [Friend] = []
        var skipped = 0
        var problems: [String] = []
        try FileSourceLoader(path: folder.path).load { page in
            friends += page.friends
            skipped += page.skipped
            problems += page.problems.map(\.description)
        }
        return (friends, skipped, problems)
    }

    func testEachCardFileOfTheFolderIsRead() throws {
        try write(card("Ada Lovelace", uid: "ada", email: "ada@example.org"), to: "ada.vcf")
        try write(card("Bob Stone") + card("Cy Twombly", uid: "cy"), to: "B.VCF")
        try write("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n", to: "nameless.vcf")
        try write("not a card", to: "notes.txt")
        try write(card("Hidden Person"), to: ".tmp-123.vcf")
        let read = try load()
        XCTAssertEqual(
            read.friends.map(\.name), ["Bob Stone", "Cy Twombly", "Ada Lovelace"], "in the order of the names")
        XCTAssertEqual(read.friends.last?.id, "ada")
        XCTAssertEqual(read.friends.last?.emails, ["ada@example.org"])
        XCTAssertEqual(
            read.problems,
            [
                "\(folder.path)/nameless.vcf: line 1: the card has no name and no address",
                "\(folder.path): 1 of its 3 .vcf files skipped",
            ], "the file of a card without a name is told; other files and dot files are not card files")
    }

    func testABadFileCostsOnlyItselfAndIsTold() throws {
        try write(card("Ada Lovelace"), to: "a.vcf")
        try write("BEGIN:VCARD\r\nFN:Half Card\r\n", to: "b.vcf")
        try write("hello\n", to: "c.vcf")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("d.vcf"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("e.vcf").path, withDestinationPath: "a.vcf")
        try write(card("Zoë Kim"), to: "z.vcf")
        let read = try load()
        XCTAssertEqual(read.friends.map(\.name), ["Ada Lovelace", "Zoë Kim"])
        let path = folder.path
        XCTAssertEqual(
            read.problems,
            [
                "\(path)/b.vcf: line 1: the card that begins here has no END:VCARD",
                "\(path)/c.vcf: is not a vCard (it does not start with BEGIN:VCARD)",
                "\(path)/d.vcf: is a directory, not a regular file",
                "\(path)/e.vcf: is a symbolic link, which picker does not follow",
                "\(path): 4 of its 6 .vcf files skipped",
            ])
    }

    func testPastFiveBadFilesTheRestAreCounted() throws {
        for index in 0..<7 { try write("junk\n", to: "bad\(index).vcf") }
        try write(card("Ada Lovelace"), to: "good.vcf")
        let read = try load()
        XCTAssertEqual(read.friends.map(\.name), ["Ada Lovelace"])
        XCTAssertEqual(read.problems.count, 6)
        XCTAssertEqual(read.problems.last, "\(folder.path): 7 of its 8 .vcf files skipped, 5 named above")
    }

    func testAFolderWhoseEveryFileIsBadFails() {
        try? write("junk\n", to: "a.vcf")
        XCTAssertThrowsError(try load()) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "none of its 1 .vcf files could be read (the first: \(folder.path)/a.vcf: is not a vCard (it does not start with BEGIN:VCARD))"
            )
        }
    }

    func testACardFileLargerThanItsLimitIsSkipped() throws {
        try write(card("Ada Lovelace"), to: "a.vcf")
        let large = card("Big Photo").replacingOccurrences(
            of: "END:VCARD", with: "NOTE:" + String(repeating: "x", count: ReadLimit.cardFile.bytes) + "\r\nEND:VCARD")
        try write(large, to: "b.vcf")
        let read = try load()
        XCTAssertEqual(read.friends.map(\.name), ["Ada Lovelace"])
        XCTAssertEqual(
            read.problems.first, "\(folder.path)/b.vcf: is larger than 16 MB, the most picker reads from a card file")
    }

    func testAFolderWithoutCardsIsStillReadAsAnExport() {
        try? write("hello", to: "notes.txt")
        XCTAssertThrowsError(try load()) { error in
            XCTAssertTrue(
                (error as? SourceError)?.problem.hasPrefix("is a folder without .vcf files and without a Facebook")
                    == true,
                "\(error)")
        }
    }
}
