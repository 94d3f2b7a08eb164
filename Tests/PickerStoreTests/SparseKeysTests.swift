import PickerTestSupport
import XCTest

@testable import PickerStore

/// Strings kept for a few friends by friend number, found by a bit and a count per 64 friends.
final class SparseKeysTests: XCTestCase {
    func testEachFriendFindsItsStringOrNone() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<40 {
            var whole = SparseKeys()
            var parts = [SparseKeys(), SparseKeys()]
            var reference: [Int: [UInt8]] = [:]
            let friendCount = Int(random.next() % 700)
            let cut = Int(random.next() % UInt64(friendCount + 1))
            // Sparse, dense and empty runs of friends, with empty strings among them.
            let density = random.next() % 4
            for number in 0..<friendCount where random.next() % 4 < density {
                let string = (0..<Int(random.next() % 4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                reference[number] = string
                whole.add(string, number: number)
                if number < cut {
                    parts[0].add(string, number: number)
                } else {
                    parts[1].add(number: number - cut) { bytes, _ in
                        bytes += string
                        return true
                    }
                }
                whole.add(number: number + 1) { bytes, _ in
                    bytes += [1, 2, 3]
                    return false
                }
            }
            var joined = parts[0]
            joined.append(contentsOf: parts[1], numberedFrom: cut)
            for keys in [whole, joined] {
                keys._checkInvariants(friendCount: friendCount)
                XCTAssertEqual(keys.count, reference.count)
                keys.withView { view in
                    for number in 0..<(friendCount + 70) {
                        let found = keys.range(of: number).map { Array(keys.strings.bytes[$0]) }
                        XCTAssertEqual(found, reference[number], "friend \(number)")
                        XCTAssertEqual(view.string(number).map(Array.init), reference[number], "friend \(number)")
                        XCTAssertEqual(keys.contains(number), reference[number] != nil)
                    }
                }
            }
        }
    }
}
