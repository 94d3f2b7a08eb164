import PickerTestSupport
import XCTest

@testable import PickerStore

/// A list kept in the order its friends arrived in (`--no-sort`) or reversed (`--tac`),
/// against the friends as given.
final class InputOrderListTests: XCTestCase {
    private static let names = ["Zed Anders", "Ann", "Dan", "Anna", "Bob", "Ada Lovelace", "Анна", "王小明"]

    /// Random pages with repeated ids: the list holds the first friend of each id, in the order
    /// read or its reverse, finds each by id, and has no sections.
    func testPagesKeepTheOrderReadOrItsReverse() {
        var random = SplitMix64(seed: 40)
        for _ in 0..<80 {
            let all = (0..<Int(random.next() % 90)).map { _ in
                Friend(
                    id: String(random.next() % 60),
                    name: Self.names[Int(random.next() % UInt64(Self.names.count))])
            }
            var seen = Set<String>()
            let unique = all.filter { seen.insert($0.id).inserted }
            for (inputOrder, expected) in [(InputOrder.asRead, unique), (.reversed, unique.reversed())] {
                for sortOrder in NameOrder.allCases {
                    var list = FriendList(sortOrder: sortOrder, inputOrder: inputOrder)
                    var added = 0
                    while added < all.count {
                        let size = min(all.count - added, Int(random.next() % 20) + 1)
                        list.append(Array(all[added..<(added + size)]))
                        added += size
                    }
                    list._checkInvariants()
                    XCTAssertEqual(Array(list.friends), expected, "\(inputOrder)")
                    XCTAssertEqual(list.sections, [], "no sections")
                    for (position, friend) in expected.enumerated() {
                        XCTAssertEqual(list.position(ofID: friend.id), position, "\(inputOrder) \(friend.id)")
                    }
                    XCTAssertNil(list.position(ofID: "no such id"))
                }
            }
        }
    }

    /// A search still ranks, equal scores in the list's order; not ranked, the list's order.
    func testASearchRanksWithEqualsInTheOrderKept() {
        let friends = Self.names.enumerated().map { Friend(id: String($0 + 1), name: $1) }
        let asRead = FriendList(friends, inputOrder: .asRead)
        func names(_ list: FriendList, ranked: Bool) -> [String] {
            list.positions(matching: SearchQuery("an"), ranked: ranked).map { list.friends[$0].name }
        }
        XCTAssertEqual(names(asRead, ranked: true), ["Ann", "Anna", "Zed Anders", "Dan"])
        XCTAssertEqual(names(asRead, ranked: false), ["Zed Anders", "Ann", "Dan", "Anna"])
        let reversed = FriendList(friends, inputOrder: .reversed)
        XCTAssertEqual(names(reversed, ranked: true), ["Anna", "Ann", "Zed Anders", "Dan"])
        XCTAssertEqual(names(reversed, ranked: false), ["Anna", "Dan", "Ann", "Zed Anders"])
        XCTAssertNotEqual(asRead, FriendList(friends), "a list kept as read is not the sorted one")
    }
}
