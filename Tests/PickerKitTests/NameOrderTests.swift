import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Sorting and showing names by first or last name, as the Facebook picker's sortOrdering and
/// displayOrdering.
final class NameOrderTests: XCTestCase {
    private let friends = [
        Friend(id: "1", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace"),
        Friend(id: "2", name: "Charles Babbage"),
        Friend(id: "3", name: "Grace Brewster Hopper", firstName: "Grace", middleName: "Brewster", lastName: "Hopper"),
        Friend(id: "4", name: "Madonna"),
        Friend(id: "5", name: "王小明", firstName: "小明", lastName: "王"),
    ]

    func testSortingByLastNameSectionsByLastName() {
        let list = FriendList(friends, sortOrder: .last)
        XCTAssertEqual(
            list.friends.map(\.id), ["2", "3", "1", "4", "5"],
            "Babbage, Hopper, Lovelace, Madonna (no last name: by first), 王")
        XCTAssertEqual(list.sections.map(\.letter), ["B", "H", "L", "M", "#"])
        XCTAssertEqual(FriendList(friends, sortOrder: .first).friends.map(\.id), ["1", "2", "3", "4", "5"])
    }

    private func rows(sort: NameOrder, display: NameOrder) -> [[Frame.Span]] {
        var configuration = PickerConfiguration()
        configuration.sortOrder = sort
        configuration.displayOrder = display
        var state = PickerState(size: TerminalSize(rows: 10, columns: 60), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(friends)))
        return state.frame().lines[2..<7].map(\.spans)
    }

    func testDisplayingLastFirstMiddle() {
        let names = rows(sort: .last, display: .last).map { $0.dropFirst(3).map(\.text).joined() }
        XCTAssertEqual(names, ["Babbage Charles", "Hopper Grace Brewster", "Lovelace Ada", "Madonna", "王 小明"])
    }

    func testThePartTheListIsSortedByIsBold() {
        let byLast = rows(sort: .last, display: .first)
        XCTAssertEqual(byLast[1].filter { $0.role == .sortKey }.map(\.text), ["Hopper"])
        let byFirst = rows(sort: .first, display: .last)
        XCTAssertEqual(byFirst[2].filter { $0.role == .sortKey }.map(\.text), ["Grace"])
        XCTAssertEqual(byFirst[2].dropFirst(3).map(\.text).joined(), "Hopper Grace Brewster")
    }
}
