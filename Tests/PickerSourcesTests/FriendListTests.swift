import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class FriendListTests: XCTestCase {
    private func names(_ list: FriendList) -> [String] { list.friends.map(\.name) }

    func testSortsByFirstMiddleLastIgnoringCaseAndAccents() {
        let list = FriendList([
            Friend(id: "1", name: "zoë Adams"),
            Friend(id: "2", name: "Anna Brown"),
            Friend(id: "3", name: "Ann Smith"),
            Friend(id: "4", name: "Émile Zola"),
            Friend(id: "5", name: "ada Lovelace"),
            Friend(id: "6", name: "Ann Bea Smith"),
        ])
        XCTAssertEqual(
            names(list), ["ada Lovelace", "Ann Smith", "Ann Bea Smith", "Anna Brown", "Émile Zola", "zoë Adams"])
    }

    func testSortsByGivenPartsNotByTheDisplayedName() {
        let list = FriendList([
            Friend(id: "1", name: "王小明", firstName: "小明", lastName: "王"),
            Friend(id: "2", name: "Mr. Bob Jones", firstName: "Bob", lastName: "Jones"),
            Friend(id: "3", name: "Alice Zed"),
        ])
        XCTAssertEqual(names(list), ["Alice Zed", "Mr. Bob Jones", "王小明"])
    }

    func testNamesakesKeepTheOrderTheyArrivedInSoTheOrderIsTotal() {
        let forward = FriendList([
            Friend(id: "b", name: "Alex Kim"), Friend(id: "a", name: "Alex Kim"), Friend(id: "c", name: "alex kim"),
        ])
        let backward = FriendList([
            Friend(id: "c", name: "alex kim"), Friend(id: "a", name: "Alex Kim"), Friend(id: "b", name: "Alex Kim"),
        ])
        XCTAssertEqual(forward.friends.map(\.id), ["b", "a", "c"])
        XCTAssertEqual(backward.friends.map(\.id), ["c", "a", "b"])
    }

    func testSectionsAreLettersThenOtherScriptsThenHashForDigitsAndSymbols() {
        let list = FriendList([
            Friend(id: "1", name: "Анна Иванова"),
            Friend(id: "2", name: "Bob"),
            Friend(id: "3", name: "3rd Floor Club"),
            Friend(id: "4", name: "Ángel Domínguez"),
            Friend(id: "5", name: "@nina"),
            Friend(id: "6", name: "Ada"),
            Friend(id: "7", name: "Zed"),
        ])
        XCTAssertEqual(list.sections.map(\.letter), ["A", "B", "Z", "А", "#"])
        XCTAssertEqual(list.sections.map(\.range), [0..<2, 2..<3, 3..<4, 4..<5, 5..<7])
        XCTAssertEqual(list.friends[4].name, "Анна Иванова", "Cyrillic А, after Z")
        XCTAssertEqual(Set(list.friends[5...].map(\.name)), ["3rd Floor Club", "@nina"])
    }

    func testARepeatedIdKeepsTheFirstFriend() {
        var list = FriendList([Friend(id: "1", name: "Ada"), Friend(id: "1", name: "Impostor")])
        XCTAssertEqual(names(list), ["Ada"])
        XCTAssertEqual(list.append([Friend(id: "1", name: "Again"), Friend(id: "2", name: "Bob")]), 1)
        XCTAssertEqual(names(list), ["Ada", "Bob"])
        for query in ["impostor", "again"] {
            XCTAssertEqual(list.positions(matching: SearchQuery(query)), [], "a friend left out is never found")
        }
        XCTAssertEqual(list.positions(matching: SearchQuery("b")), [1])
    }

    func testAppendingKeepsTheListSortedAndPositionsByIdCurrent() {
        var list = FriendList([Friend(id: "1", name: "Carol"), Friend(id: "2", name: "Alice")])
        list.append([Friend(id: "3", name: "Bob")])
        XCTAssertEqual(names(list), ["Alice", "Bob", "Carol"])
        XCTAssertEqual(list.position(ofID: "1"), 2)
        XCTAssertEqual(list.position(ofID: "3"), 1)
        XCTAssertNil(list.position(ofID: "4"))
    }

    func testTheBundledSampleLoadsSortedAndSectioned() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("sample-friends.json")
        let friends = try FriendsJSON.decode(Data(contentsOf: url), source: url.path)
        XCTAssertGreaterThanOrEqual(friends.count, 150)
        let list = FriendList(friends)
        XCTAssertEqual(list.count, friends.count)
        XCTAssertEqual(list.sections.first?.letter, "A")
        XCTAssertEqual(list.sections.last?.letter, "#")
        XCTAssertEqual(list.sections.map(\.range.count).reduce(0, +), list.count)
    }
}
