import PickerTestSupport
import XCTest

@testable import PickerStore

/// Ordering indices by 32-bit and 64-bit keys: as sorting the pairs of key and index would.
final class RadixSortTests: XCTestCase {
    func testTheOrderIsByKeyThenIndex() {
        var random = SplitMix64(seed: 14)
        for (count, range) in [(0, 1), (1, 1), (7, 3), (5000, 40), (5000, 1 << 32), (70_000, 1 << 20)] {
            let keys = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next() % UInt64(range)) }
            let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { UInt32($0) }
            XCTAssertEqual(RadixSort.order(of: keys), expected, "\(count) keys below \(range)")
        }
    }

    func testKeysThatDifferOnlyInTheirHighestBitsAreOrdered() {
        let keys: [UInt32] = [0xFFFF_FFFF, 0x8000_0000, 0x0000_0001, 0x8000_0001, 0x7FFF_FFFF, 0x8000_0000]
        XCTAssertEqual(RadixSort.order(of: keys), [2, 4, 1, 5, 3, 0])
    }
}
