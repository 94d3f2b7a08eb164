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
            if number % 3 == 0 { collector.skip() }
            collector.add(Friend(id: String(number), name: "n")) { pages.append($0) }
        }
        collector.skip()
        collector.finish { pages.append($0) }
        XCTAssertEqual(pages.map(\.friends.count), [2, 4, 3])
        XCTAssertEqual(pages.map(\.skipped), [1, 1, 2])
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
}
