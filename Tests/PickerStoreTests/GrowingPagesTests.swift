import PickerTestSupport
import XCTest

@testable import PickerStore

final class GrowingPagesTests: XCTestCase {
    private func sizes(of count: Int, first: Int, largest: Int) -> [Int] {
        var pages = GrowingPages<[Friend]>(first: first, largest: largest)
        var sizes: [Int] = []
        var delivered: [String] = []
        for number in 0..<count {
            if let page = pages.add(Friend(id: String(number), name: "n")) {
                sizes.append(page.count)
                delivered += page.map(\.id)
            }
        }
        if let page = pages.rest() {
            sizes.append(page.count)
            delivered += page.map(\.id)
        }
        XCTAssertEqual(delivered, (0..<count).map(String.init), "every friend once, in order")
        XCTAssertNil(pages.rest())
        return sizes
    }

    func testPagesDoubleUpToTheLargestAndTheRestComesLast() {
        XCTAssertEqual(sizes(of: 40, first: 2, largest: 8), [2, 4, 8, 8, 8, 8, 2])
        XCTAssertEqual(sizes(of: 6, first: 2, largest: 8), [2, 4])
        XCTAssertEqual(sizes(of: 0, first: 2, largest: 8), [])
        XCTAssertEqual(sizes(of: 5, first: 10, largest: 4), [5], "the first page is never cut below its size")
        XCTAssertEqual(sizes(of: 3, first: 0, largest: 0), [1, 1, 1])
    }
}
