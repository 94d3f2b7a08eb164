import PickerTestSupport
import XCTest

@testable import PickerStore

final class IDIndexTests: XCTestCase {
    /// Numbers stay findable by hash as the table grows, whatever their hashes (repeated hashes
    /// and hashes that share their high bits included).
    func testEveryNumberIsFoundAfterTheTableGrows() {
        var random = SplitMix64(seed: 12)
        var index = IDIndex()
        var hashes: [UInt32] = []
        for round in 0..<6 {
            let total = 40 << round
            index.reserve(total) { hashes[$0] }
            while hashes.count < total {
                let hash: UInt32 =
                    switch random.next() % 4 {
                    case 0: hashes.last ?? 7
                    case 1: UInt32(truncatingIfNeeded: random.next()) | 0xFFF0_0000
                    default: UInt32(truncatingIfNeeded: random.next())
                    }
                index.insert(hashes.count, hash: hash)
                hashes.append(hash)
            }
            for (number, hash) in hashes.enumerated() {
                XCTAssertEqual(index.find(hash: hash) { $0 == number }, number, "round \(round)")
            }
            index._checkInvariants { hashes[$0] }
        }
        XCTAssertNil(index.find(hash: 12345) { _ in false })
    }
}
