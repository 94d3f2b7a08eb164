import PickerTestSupport
import XCTest

@testable import PickerStore

final class BinarySearchTests: XCTestCase {
    /// Against a walk from the front, on every split of ranges up to 40 long.
    func testFindsTheFirstIndexPastTheSplit() {
        for start in 0..<3 {
            for count in 0..<40 {
                let range = start..<(start + count)
                for split in range.lowerBound...range.upperBound {
                    var calls = 0
                    let found = BinarySearch.firstIndex(in: range) { index in
                        calls += 1
                        XCTAssertTrue(range.contains(index))
                        return index >= split
                    }
                    XCTAssertEqual(found, split, "\(range) split at \(split)")
                    XCTAssertLessThanOrEqual(calls, Int.bitWidth - count.leadingZeroBitCount)
                }
            }
        }
    }
}
