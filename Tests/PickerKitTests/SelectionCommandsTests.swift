import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Limits, Ctrl-A (every friend shown, then none), preselection.
final class SelectionCommandsTests: XCTestCase {
    private let friends = ["Ada", "Bob", "Cai", "Dov", "Eve", "Fay", "Gus"].enumerated().map {
        Friend(id: String($0 + 1), name: $1)
    }

    private func picker(limit: Int? = nil, preselected: [String] = []) -> PickerState {
        var configuration = PickerConfiguration()
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

    func testCtrlAStopsAtTheLimit() {
        var state = picker(limit: 3)
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["1", "2", "3"])
        XCTAssertEqual(state.notice, "at most 3 friends can be selected")
        state.send(.toggleAllShown)
        XCTAssertEqual(
            state.selection.orderedIDs, ["1", "2", "3"], "not every friend shown is selected: refused again")
    }

    /// Ctrl-A selects every friend shown; pressed again, with all of them selected, it
    /// deselects them, as gum's does; friends the search hides stay as they were.
    func testCtrlASelectsThenDeselectsTheFriendsShownAndLeavesHiddenOnesAsTheyWere() {
        var state = picker()
        for event: PickerEvent in [
            .moveToLast, .toggleCurrent, .startSearch, .typed("a"), .finishSearch, .toggleAllShown,
        ] {
            state.send(event)
        }
        XCTAssertEqual(state.selection.orderedIDs, ["7", "1", "3", "6"], "Gus, then Ada, Cai and Fay in list order")
        state.send(.toggleCurrent)
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["7", "3", "6", "1"], "Ada, unticked, was selected again")
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["7"], "Gus is hidden by the search and stays selected")
    }

    func testCtrlAInTheReviewUnticksEveryoneThenTicksThemAgainInTheOrderPicked() {
        var state = picker()
        for event: PickerEvent in [.moveToLast, .toggleCurrent, .moveToFirst, .toggleCurrent, .toggleReview] {
            state.send(event)
        }
        state.send(.toggleAllShown)
        XCTAssertTrue(state.selection.isEmpty, "every friend reviewed was selected: all deselected, hidden or not")
        XCTAssertEqual(state.rows.map { state.list.friends[$0].name }, ["Gus", "Ada"], "the rows stay to tick again")
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["7", "1"])
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
