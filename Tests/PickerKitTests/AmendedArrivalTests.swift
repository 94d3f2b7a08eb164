import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerStore

/// A friend shown already, amended by a later source (see ``FriendPage/amended``): the same row,
/// found by what the later source added, as the friends arrive.
final class AmendedArrivalTests: XCTestCase {
    func testAnAmendedFriendIsFoundByItsNewAddressWhileTheSearchIsShown() {
        var state = PickerState(size: TerminalSize(rows: 8, columns: 50))
        state.send(.friendsArrived(FriendBatch([Friend(id: "1:a", name: "Ann Lee", emails: ["ann@home.example"])])))
        state.setQuery("@work")
        XCTAssertEqual(state.shown.count, 0)
        var page = FriendPage(friends: [Friend(id: "2:b", name: "Bob Stone")])
        page.amended = [Friend(id: "1:a", name: "Ann Lee", emails: ["ann@home.example", "ann@work.example"])]
        state.send(.friendsArrived(FriendBatch(page, sortOrder: .first)))
        XCTAssertEqual(state.shown.count, 1, "found by the address the later source added")
        state.setQuery("")
        XCTAssertEqual(state.list.count, 2, "one row for Ann")
        XCTAssertEqual(state.leftOut, 0, "an amendment is not a friend left out")
        XCTAssertEqual(
            state.frame().text.split(separator: "\n").dropFirst(2).prefix(2).map(String.init),
            ["> [ ] Ann Lee  ann@home.example", "  [ ] Bob Stone"], "her preferred address still first")
    }
}
