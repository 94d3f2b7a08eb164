import PickerTestSupport
import XCTest

@testable import PickerStore

/// The ids a filter keeps: numbers where they are, bytes where not, and whether they ascend.
final class SeenIDsTests: XCTestCase {
    private func ids(_ given: [String]) -> SeenIDs {
        var ids = SeenIDs()
        for id in given {
            var id = id
            id.withUTF8 { ids.append($0) }
        }
        return ids
    }

    private func spelled(_ ids: SeenIDs) -> [String] {
        (0..<ids.count).map { index in ids.withID(index) { String(decoding: $0, as: UTF8.self) } }
    }

    func testAscendingNumbersAreKeptAsNumbers() {
        let given = ["1", "9", "10", "100000000000001", "100000000000002", "999999999999999999"]
        let ids = ids(given)
        XCTAssertTrue(ids.ascend)
        XCTAssertEqual(ids.otherCount, 0, "numbers kept as numbers")
        XCTAssertEqual(spelled(ids), given)
        XCTAssertEqual((0..<ids.count).map(ids.length), given.map(\.utf8.count))
    }

    func testIdsThatAreNoNumberAreKeptAsBytesAmongTheNumbers() {
        for (breaking, isNumber) in [
            ("7", true), ("07", false), ("0500", false), ("1000000000000000000", false), ("abc", false), ("", false),
            ("12 ", false), ("٣", false),
        ] {
            let given = ["5", "8", "500", breaking, "501", "42"]
            let ids = ids(given)
            XCTAssertFalse(ids.ascend, breaking.debugDescription)
            XCTAssertEqual(ids.otherCount, isNumber ? 0 : 1, breaking.debugDescription)
            XCTAssertEqual(spelled(ids), given, breaking.debugDescription)
            XCTAssertEqual((0..<ids.count).map(ids.length), given.map(\.utf8.count), breaking.debugDescription)
        }
    }

    func testRandomIdsReadBackAsGiven() {
        var random = SplitMix64(seed: 37)
        for _ in 0..<300 {
            var next: UInt64 = random.next() % 1000
            let given = (0..<Int(random.next() % 40)).map { _ -> String in
                next += random.next() % 3 == 0 ? 0 : random.next() % 50
                return random.next() % 30 == 0 ? "0\(next)" : String(next)
            }
            var ids = ids([])
            ids.reserve(given.count)
            for id in given {
                var id = id
                id.withUTF8 { ids.append($0) }
            }
            XCTAssertEqual(spelled(ids), given)
            let ascends =
                zip(given, given.dropFirst()).allSatisfy { UInt64($0)! < UInt64($1)! }
                && given.allSatisfy { !$0.hasPrefix("0") || $0 == "0" }
            XCTAssertEqual(ids.ascend, ascends, "\(given)")
        }
    }

    /// Ids equal as strings hash alike, numbers by their number and the others by their
    /// composed bytes; ids that differ mostly do not.
    func testIdsEqualAsStringsHashAlike() {
        let ids = ids(["500", "0500", "Jos\u{E9}", "Jose\u{301}", "500", "501", "x"])
        XCTAssertEqual(ids.hash(0), ids.hash(4))
        XCTAssertEqual(ids.hash(2), ids.hash(3), "canonically equivalent")
        XCTAssertNotEqual(ids.hash(0), ids.hash(1))
        XCTAssertNotEqual(ids.hash(0), ids.hash(5))
        var high = Set<UInt64>()
        for number in 0..<10_000 {
            let spelled = String(100_000_000_000_000 + number * 7919)
            high.insert(self.ids([spelled]).hash(0) >> 52)
        }
        XCTAssertGreaterThan(high.count, 3000, "the high bits, which the repeats are sorted by, tell numbers apart")
    }
}
