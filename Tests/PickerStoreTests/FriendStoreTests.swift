import Dispatch
import PickerKit
import PickerTestSupport
import Synchronization
import XCTest

/// The streaming engine: friends added from any thread, snapshots of ranked results, and the
/// selection by id.
final class FriendStoreTests: XCTestCase {
    private static func friends(_ range: Range<Int>) -> [Friend] {
        range.map { Friend(id: "\($0)", name: "Friend \(["Ada", "Bo", "Cy", "Di"][$0 % 4]) \($0)") }
    }

    func testFriendsAddedFromManyThreadsAreAllThereOnceAndSearchedAsOneList() {
        let store = FriendStore()
        let leftOut = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { part in
            // Every part repeats the first ten friends: each id is kept once.
            let added = store.append(Self.friends(part * 500..<(part + 1) * 500) + Self.friends(0..<10))
            leftOut.withLock { $0 += added }
        }
        XCTAssertEqual(store.count, 4000)
        XCTAssertEqual(leftOut.withLock { $0 }, 80, "each part's repeats of the first ten")
        let whole = FriendList(Self.friends(0..<4000))
        for text in ["ada", "bo 12", "di 3$", "^friend cy", "!ada !bo"] {
            let query = SearchQuery(text)
            XCTAssertEqual(
                Array(store.search(query)), whole.positions(matching: query, ranked: true).map { whole.friends[$0] },
                text)
            XCTAssertEqual(
                Array(store.search(query, ranked: false)),
                whole.positions(matching: query, ranked: false).map { whole.friends[$0] }, text)
        }
    }

    func testASnapshotKeepsTheListAsItWas() {
        let store = FriendStore()
        store.append(Self.friends(0..<10))
        let before = store.search(SearchQuery("friend"))
        store.append(Self.friends(10..<20))
        XCTAssertEqual(before.count, 10)
        XCTAssertEqual(store.search(SearchQuery("friend")).count, 20)
    }

    func testTheSelectionIsKeptByIDInTheOrderPicked() {
        let store = FriendStore(sortOrder: .last)
        store.append(Self.friends(0..<4))
        store.select("3")
        store.select("1")
        store.toggle("0")
        store.toggle("0")
        store.select("7")
        XCTAssertEqual(store.selectedIDs, ["3", "1", "7"])
        XCTAssertEqual(store.selectedFriends.map(\.id), ["3", "1"], "7 has not arrived")
        store.append(Self.friends(4..<8))
        XCTAssertEqual(store.selectedFriends.map(\.id), ["3", "1", "7"])
        XCTAssertTrue(store.isSelected("7"))
        store.deselect("1")
        XCTAssertEqual(store.selectedIDs, ["3", "7"])
        XCTAssertEqual(store.friend(withID: "7")?.name, "Friend Di 7")
        store.clearSelection()
        XCTAssertEqual(store.selectedIDs, [])
    }
}
