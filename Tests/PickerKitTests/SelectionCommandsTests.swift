import XCTest

@testable import PickerKit

/// Limits, select all, deselect all, clear, preselection.
final class SelectionCommandsTests: XCTestCase {
    private let friends = ["Ada", "Bob", "Cai", "Dov", "Eve", "Fay", "Gus"].enumerated().map {
        Friend(id: String($0 + 1), name: $1)
    }

    private func picker(limit: Int? = nil, preselected: [String] = []) -> PickerState {
        var configuration = Configuration()
        configuration.limit = limit
        var state = PickerState(
            preselected: preselected, size: TerminalSize(rows: 20, columns: 60), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        return state
    }

    func testWithALimitOfOneAPickReplacesThePreviousOne() {
        var state = picker(limit: 1)
        for event: PickerEvent in [.toggleCurrent, .moveDown, .toggleCurrent] { state.send(event) }
        XCTAssertEqual(state.selection.orderedIDs, ["2"])
        XCTAssertNil(state.notice)
        XCTAssertTrue(state.frame().lines[0].text.hasSuffix("7/7 · 1/1 selected"))
    }

    func testAPickPastTheLimitIsRefusedWithANoticeThatTheNextKeyClears() {
        var state = picker(limit: 2)
        for event: PickerEvent in [.toggleAndMoveDown, .toggleAndMoveDown, .toggleCurrent] { state.send(event) }
        XCTAssertEqual(state.selection.orderedIDs, ["1", "2"])
        XCTAssertEqual(state.notice, "at most 2 friends can be selected")
        let frame = state.frame()
        XCTAssertEqual(frame.lines[19].text, "⚠ at most 2 friends can be selected")
        XCTAssertTrue(frame.lines[0].text.hasSuffix("7/7 · 2/2 selected"))
        state.send(.moveDown)
        XCTAssertNil(state.notice)
        state.send(.tick)
        XCTAssertNil(state.notice)
    }

    func testSelectAllShownStopsAtTheLimit() {
        var state = picker(limit: 3)
        state.send(.selectAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["1", "2", "3"])
        XCTAssertEqual(state.notice, "at most 3 friends can be selected")
    }

    func testSelectAndDeselectAllShownLeaveHiddenFriendsAsTheyWere() {
        var state = picker()
        for event: PickerEvent in [
            .moveToLast, .toggleCurrent, .startSearch, .typed("a"), .finishSearch, .selectAllShown,
        ] {
            state.send(event)
        }
        XCTAssertEqual(state.selection.orderedIDs, ["7", "1", "3", "6"], "Gus, then Ada, Cai and Fay in list order")
        state.send(.deselectAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["7"], "Gus is hidden by the search and stays selected")
        state.send(.selectAllShown)
        state.send(.clearSelection)
        XCTAssertTrue(state.selection.isEmpty, "clear empties the selection, hidden friends included")
    }

    func testPreselectedFriendsAreSelectedAsTheyArriveAndUnknownIdsStayPending() {
        var state = PickerState(preselected: ["5", "99", "2"], size: TerminalSize(rows: 20, columns: 60))
        state.send(.friendsArrived(FriendBatch(Array(friends[0..<3]))))
        XCTAssertEqual(state.selection.orderedIDs, ["2"])
        XCTAssertEqual(state.pendingSelection, ["5", "99"])
        state.send(.friendsArrived(FriendBatch(Array(friends[3...]))))
        XCTAssertEqual(state.selection.orderedIDs, ["2", "5"])
        XCTAssertEqual(state.pendingSelection, ["99"])
    }

    func testPreselectionRespectsTheLimitAndKeepsWhatItLeftOut() {
        let one = picker(limit: 1, preselected: ["3", "4"])
        XCTAssertEqual(one.selection.orderedIDs, ["4"])
        XCTAssertEqual(one.refusedSelection, ["3"])
        let two = picker(limit: 2, preselected: ["3", "4", "5"])
        XCTAssertEqual(two.selection.orderedIDs, ["3", "4"])
        XCTAssertEqual(two.refusedSelection, ["5"])
        XCTAssertEqual(picker(preselected: ["3"]).refusedSelection, [])
    }
}
