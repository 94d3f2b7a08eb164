import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// Room made in a list's stores for the friends a source expects, so that they are not copied
/// while loading, and the counts the readers of files expect from their sizes.
final class StoreGrowthTests: XCTestCase {
    private func page(_ range: Range<Int>, expecting expected: Int?) -> FriendPage {
        FriendPage(
            friends: range.map { Friend(id: "id\($0)", name: "Friend Number\($0) Zoë") }, estimatedCount: expected)
    }

    /// The address of each large store of `list`: a store that grew was moved.
    private func addresses(_ list: FriendList) -> [UnsafeRawPointer?] {
        func address<Element>(_ array: [Element]) -> UnsafeRawPointer? {
            array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        return [
            address(list.keys.accent.bytes), address(list.keys.caseOnly.strings.bytes),
            address(list.keys.masks), address(list.keys.initials),
            address(list.order),
        ]
    }

    func testAListExpectingItsFriendsTakesThemWithoutMovingItsStores() {
        var list = FriendList()
        list.append(FriendBatch(page(0..<1000, expecting: 8000), sortOrder: .first))
        let before = addresses(list)
        for start in stride(from: 1000, to: 8000, by: 1000) {
            list.append(FriendBatch(page(start..<(start + 1000), expecting: 8000), sortOrder: .first))
        }
        XCTAssertEqual(addresses(list), before, "no store moved")
        XCTAssertEqual(list.count, 8000)
        XCTAssertEqual(list.position(ofID: "id7999").map { list.friends[$0].id }, "id7999")
        list._checkInvariants()

        var unexpected = FriendList()
        unexpected.append(FriendBatch(page(0..<1000, expecting: nil), sortOrder: .first))
        let grown = addresses(unexpected)
        for start in stride(from: 1000, to: 8000, by: 1000) {
            unexpected.append(FriendBatch(page(start..<(start + 1000), expecting: nil), sortOrder: .first))
        }
        XCTAssertNotEqual(addresses(unexpected), grown, "without an expected count the stores grow as they fill")
        XCTAssertTrue(unexpected.friends.elementsEqual(list.friends), "the same list either way")
    }

    func testAnExpectedCountIsBelievedOnlySoFar() {
        var list = FriendList()
        list.append(FriendBatch(page(0..<100, expecting: 1 << 40), sortOrder: .first))
        XCTAssertLessThanOrEqual(list.keys.masks.capacity, 100 * GrowthPlan.largestReach * 5 / 4 + 16)
        XCTAssertGreaterThanOrEqual(list.keys.masks.capacity, 100 * GrowthPlan.largestReach)
    }

    func testReadersOfFilesExpectTheCountTheirSizeSuggests() throws {
        // Names of one length, so that the first page's bytes per friend are everyone's.
        let names = (0..<20_000).map { "Friend Number" + String(String($0 + 100_000).dropFirst()) }
        let path = TemporaryFolder.root.appendingPathComponent("picker-expect-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        try Data(names.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var textPages: [FriendPage] = []
        try NameLines.readPages(path: path, firstPage: 1000, largestPage: 4000) { textPages.append($0) }
        let json =
            "{\"data\": ["
            + names.enumerated().map { "{\"id\": \"\($0 + 100_000)\", \"name\": \"\($1)\"}" }.joined(separator: ",")
            + "]}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        var jsonPages: [FriendPage] = []
        try FriendsJSON.readPages(path: path, firstPage: 1000, largestPage: 4000) { jsonPages.append($0) }

        let cards = names.map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\($0)\r\nEND:VCARD\r\n" }.joined()
        try Data(cards.utf8).write(to: URL(fileURLWithPath: path))
        var cardPages: [FriendPage] = []
        var cardReader = VCardReader(source: path)
        try cardReader.readAll(.file(path), source: path) { cardPages.append($0) }
        try Data(("Name\n" + names.joined(separator: "\n")).utf8).write(to: URL(fileURLWithPath: path))
        var csvPages: [FriendPage] = []
        var csvReader = ContactsCSV(source: path)
        try csvReader.readAll(.file(path), source: path) { csvPages.append($0) }

        for (kind, pages) in [("text", textPages), ("JSON", jsonPages), ("vCard", cardPages), ("CSV", csvPages)] {
            XCTAssertEqual(pages.reduce(0) { $0 + $1.friends.count }, 20_000, kind)
            let expected = try XCTUnwrap(pages.first?.estimatedCount, kind)
            XCTAssertEqual(Double(expected), 20_000, accuracy: 500, "\(kind): the first page foresees the rest")
            XCTAssertNil(pages.first?.announcedTotal, "\(kind): an expectation is not a total to show")
        }
    }
}
