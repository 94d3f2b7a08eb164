import PickerTestSupport
import XCTest

@testable import PickerStore

final class PositionsTests: XCTestCase {
    func testEveryoneIsACountThatReadsLikeTheRange() {
        let everyone = Positions.everyone(5)
        XCTAssertEqual(Array(everyone), [0, 1, 2, 3, 4])
        XCTAssertEqual(everyone, Positions([0, 1, 2, 3, 4] as [Int]))
        XCTAssertNotEqual(everyone, [0, 1, 2])
        XCTAssertTrue(everyone.isEveryone(of: 5))
        XCTAssertEqual(everyone.lowerBound(of: -3), 0)
        XCTAssertEqual(everyone.lowerBound(of: 9), 5)
        XCTAssertEqual(everyone.index(of: 3), 3)
        XCTAssertNil(everyone.index(of: 5))
    }

    func testSomeAreFoundByBinarySearch() {
        let some: Positions = [2, 4, 7, 11]
        XCTAssertEqual(some.count, 4)
        XCTAssertEqual(some[2], 7)
        XCTAssertEqual(some.lowerBound(of: 5), 2)
        XCTAssertEqual(some.lowerBound(of: 12), 4)
        XCTAssertEqual(some.index(of: 11), 3)
        XCTAssertNil(some.index(of: 5))
        XCTAssertFalse(some.isEveryone(of: 12))
    }
}
