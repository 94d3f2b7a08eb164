import PickerTestSupport
import XCTest

@testable import PickerStore

/// The storage types' debug-only invariant checks, run as they change: random pages of
/// friends (repeated ids, names with and without accents, given parts or not), searches,
/// selections and id tables.
final class StorageInvariantTests: XCTestCase {
    private static let words = [
        "Ann", "anna", "Zoë", "ZOE", "José", "Łukasz", "Анна", "王小明", "O'Brien", "e\u{301}mile", "",
    ]

    private func randomFriend(_ random: inout SplitMix64, ids: Int) -> Friend {
        func word() -> String { Self.words[Int(random.next() % UInt64(Self.words.count))] }
        let name = (0..<Int(random.next() % 4)).map { _ in word() }.joined(separator: " ")
        let id = String(random.next() % UInt64(ids))
        return random.next() % 3 == 0
            ? Friend(id: id, name: name, firstName: word(), lastName: word()) : Friend(id: id, name: name)
    }

    func testTheListHoldsTogetherAsPagesArrive() {
        var random = SplitMix64(seed: 41)
        for sortOrder in NameOrder.allCases {
            var list = FriendList(sortOrder: sortOrder)
            list._checkInvariants()
            for _ in 0..<12 {
                let page = (0..<Int(random.next() % 150)).map { _ in randomFriend(&random, ids: 900) }
                list.append(page)
                list._checkInvariants()
            }
            XCTAssertGreaterThan(list.count, 500)
            for query in ["", "a", "an", "zoe", "é", "王"] {
                let shown = list.positions(matching: SearchQuery(query))
                shown._checkInvariants()
                let narrowed = list.positions(matching: SearchQuery(query + "n"), among: shown)
                narrowed._checkInvariants()
            }
        }
    }

    func testPositionsAndSelectionsHoldTogether() {
        Positions.everyone(0)._checkInvariants()
        Positions.everyone(7)._checkInvariants()
        Positions([1, 4, 9] as [Int])._checkInvariants()
        var random = SplitMix64(seed: 42)
        var selection = SelectionSet()
        for _ in 0..<500 {
            let id = String(random.next() % 30)
            switch random.next() % 3 {
            case 0: selection.insert(id)
            case 1: selection.remove(id)
            default: selection.toggle(id)
            }
            selection._checkInvariants()
        }
    }

    func testTheIDIndexHoldsTogetherAsItGrows() {
        var random = SplitMix64(seed: 43)
        var index = IDIndex()
        var hashes: [UInt32] = []
        XCTAssertEqual(index._checkInvariants { hashes[$0] }, [])
        for round in 0..<6 {
            index.reserve(30 << round) { hashes[$0] }
            while hashes.count < 30 << round {
                let count = hashes.count
                let hash = random.next() % 5 == 0 ? UInt32(count % 7) : UInt32(truncatingIfNeeded: random.next())
                index.insert(count, hash: hash)
                hashes.append(hash)
            }
            XCTAssertEqual(index._checkInvariants { hashes[$0] }, Set(0..<hashes.count))
        }
    }
}
