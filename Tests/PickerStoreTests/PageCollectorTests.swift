import PickerTestSupport
import XCTest

@testable import PickerStore

/// The pages a reader of address books delivers: grown as ``GrowingPages`` grows them, each
/// counting the entries skipped since the page before.
final class PageCollectorTests: XCTestCase {
    func testPagesGrowAsGrowingPagesDoAndCarryTheSkippedEntries() {
        var collector = PageCollector(firstPage: 2, largestPage: 4)
        var pages: [FriendPage] = []
        for number in 0..<9 {
            if number % 3 == 0 { collector.skip(SkippedEntry(line: number, problem: "p")) }
            collector.add(Friend(id: String(number), name: "n")) { pages.append($0) }
        }
        collector.skip(SkippedEntry(line: 10, problem: "p"))
        collector.finish { pages.append($0) }
        XCTAssertEqual(pages.map(\.friends.count), [2, 4, 3])
        XCTAssertEqual(pages.map(\.skipped), [1, 1, 2])
        XCTAssertEqual(
            pages.map(\.firstSkipped?.place), ["line 0", "line 3", "line 6"], "the first since the page before")
        XCTAssertEqual(collector.skippedInAll, 4)
        XCTAssertNil(collector.nothingRead(source: "s"), "friends were read")
        XCTAssertEqual(pages.flatMap { $0.friends.map(\.id) }, (0..<9).map(String.init))

        var defaults = PageCollector()
        var sizes: [Int] = []
        for number in 0..<200_000 {
            defaults.add(Friend(id: String(number), name: "n")) { sizes.append($0.friends.count) }
        }
        defaults.finish { sizes.append($0.friends.count) }
        XCTAssertEqual(sizes.prefix(7), [1000, 2000, 4000, 8000, 8192, 8192, 8192])

        var empty = PageCollector()
        var delivered = 0
        empty.finish { _ in delivered += 1 }
        XCTAssertEqual(delivered, 0, "nothing to deliver")
    }

    func testASourceOfWhichNothingIsReadFailsWithItsFirstProblem() {
        var collector = PageCollector()
        XCTAssertNil(collector.nothingRead(source: "s"), "an empty source is not a failure here")
        collector.skip(SkippedEntry(line: 2, problem: "expected BEGIN:VCARD"))
        XCTAssertEqual(collector.nothingRead(source: "s")?.description, "s: line 2: expected BEGIN:VCARD")
        collector.skip(SkippedEntry(line: 9, problem: "later"))
        XCTAssertEqual(
            collector.nothingRead(source: "s")?.description,
            "s: line 2: expected BEGIN:VCARD (and 1 more skipped, none read)")
    }

    func testTheNoteNamesTheCountAndTheFirst() {
        XCTAssertNil(SkippedEntry.note(0, first: nil))
        XCTAssertEqual(
            SkippedEntry.note(1, first: SkippedEntry(line: 4, problem: "why")), "1 contact skipped at line 4: why")
        XCTAssertEqual(
            SkippedEntry.note(3, first: SkippedEntry(place: "line 20, column 5 (Notes)", problem: "why")),
            "3 contacts skipped, first at line 20, column 5 (Notes): why")
    }
}
