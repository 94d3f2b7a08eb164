import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class PickerStateTests: XCTestCase {
    private let friends = [
        Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Adam Novak"),
        Friend(id: "3", name: "Bob Stone"), Friend(id: "4", name: "Chloé Martin"),
        Friend(id: "5", name: "Dmitri Ivanov"), Friend(id: "6", name: "Émile Zola"),
        Friend(id: "7", name: "Zoë Adair"),
    ]

    private func picker(query: String = "", rows: Int = 20) -> PickerState {
        var state = PickerState(query: query, size: TerminalSize(rows: rows, columns: 60))
        state.send(.friendsArrived(FriendBatch(friends)))
        return state
    }

    private func send(_ events: [PickerEvent], to state: inout PickerState) {
        for event in events { state.send(event) }
    }

    private func shownNames(_ state: PickerState) -> [String] { state.shown.map { state.list.friends[$0].name } }

    func testStartsLoadingThenBrowsesTheWholeListWhenFriendsArrive() {
        var state = PickerState(size: TerminalSize(rows: 20, columns: 60))
        XCTAssertEqual(state.phase, .loading)
        XCTAssertNil(state.cursor)
        state.send(.friendsArrived(FriendBatch(friends)))
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.shown.count, 7)
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
    }

    func testSearchToggleAndDonePicksTheFirstMatch() {
        var state = picker()
        send([.startSearch, .typed("a"), .typed("d"), .typed("a")], to: &state)
        XCTAssertEqual(state.phase, .searching)
        XCTAssertEqual(shownNames(state), ["Ada Lovelace", "Adam Novak", "Zoë Adair"])
        send([.finishSearch], to: &state)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.query.text, "ada", "Enter keeps the filter")
        send([.toggleCurrent, .done], to: &state)
        XCTAssertEqual(state.phase, .done)
        XCTAssertEqual(state.result.map(\.name), ["Ada Lovelace"])
    }

    func testTheListNarrowsOnEveryKeyAndWidensOnBackspace() {
        var state = picker()
        state.send(.startSearch)
        var counts: [Int] = []
        for character in "zoe" {
            state.send(.typed(String(character)))
            counts.append(state.shown.count)
        }
        XCTAssertEqual(counts, [2, 2, 1])
        state.send(.deleteBackward)
        state.send(.deleteBackward)
        XCTAssertEqual(state.query.text, "z")
        XCTAssertEqual(shownNames(state), ["Émile Zola", "Zoë Adair"])
    }

    func testSelectionIsKeptAcrossSearchesAndPrintedInPickingOrder() {
        var state = picker()
        send([.startSearch, .typed("zoe"), .toggleCurrent, .deleteToStart, .typed("bob"), .toggleCurrent], to: &state)
        XCTAssertEqual(state.selection.orderedIDs, ["7", "3"])
        send([.cancelSearch], to: &state)
        XCTAssertEqual(state.shown.count, 7, "Esc shows the whole list again")
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone", "the cursor stays on its friend")
        send([.done], to: &state)
        XCTAssertEqual(state.result.map(\.name), ["Zoë Adair", "Bob Stone"])
    }

    func testEnterWithNothingSelectedPrintsTheFriendUnderTheCursor() {
        var state = picker()
        send([.moveDown, .moveDown, .done], to: &state)
        XCTAssertEqual(state.result.map(\.name), ["Bob Stone"])
    }

    func testEnterWithNobodyShownPrintsNobody() {
        var state = picker()
        send([.startSearch, .typed("xyz"), .finishSearch], to: &state)
        XCTAssertNil(state.cursor)
        send([.toggleCurrent, .moveDown, .done], to: &state)
        XCTAssertEqual(state.result, [])
    }

    func testMovementStaysWithinTheShownFriends() {
        var state = picker(rows: 6)
        send([.moveUp], to: &state)
        XCTAssertEqual(state.cursor, 0)
        send([.moveToLast], to: &state)
        XCTAssertEqual(state.cursor, 6)
        send([.moveDown], to: &state)
        XCTAssertEqual(state.cursor, 6)
        send([.moveToFirst, .pageDown], to: &state)
        XCTAssertEqual(state.cursor, 3, "a page is the list's height: 6 rows less title, search bar and help")
        send([.pageDown, .pageDown], to: &state)
        XCTAssertEqual(state.cursor, 6)
        send([.pageUp], to: &state)
        XCTAssertEqual(state.cursor, 3)
    }

    func testTabTogglesAndMovesDown() {
        var state = picker()
        send([.toggleAndMoveDown, .toggleAndMoveDown], to: &state)
        XCTAssertEqual(state.selection.orderedIDs, ["1", "2"])
        XCTAssertEqual(state.cursor, 2)
        send([.moveUp, .toggleCurrent], to: &state)
        XCTAssertEqual(state.selection.orderedIDs, ["1"])
    }

    func testQueryEditing() {
        var state = picker()
        send([.startSearch, .typed("ada lov"), .deleteWord], to: &state)
        XCTAssertEqual(state.query.text, "ada ")
        send([.deleteWord], to: &state)
        XCTAssertEqual(state.query.text, "")
        send([.typed("zo"), .deleteToStart], to: &state)
        XCTAssertEqual(state.query.text, "")
        XCTAssertEqual(state.shown.count, 7)
        send([.deleteBackward], to: &state)
        XCTAssertEqual(state.query.text, "")
    }

    func testStartingASearchAgainEditsTheKeptQuery() {
        var state = picker()
        send([.startSearch, .typed("ad"), .finishSearch, .startSearch, .typed("am")], to: &state)
        XCTAssertEqual(shownNames(state), ["Adam Novak"])
    }

    func testAnInitialQueryIsAppliedWhenFriendsArrive() {
        let state = picker(query: "zoë")
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(shownNames(state), ["Zoë Adair"])
    }

    func testFinishedPickersIgnoreLaterEvents() {
        var done = picker()
        send([.done, .moveDown, .toggleCurrent, .cancel], to: &done)
        XCTAssertEqual(done.phase, .done)
        XCTAssertEqual(done.cursor, 0)
        XCTAssertTrue(done.selection.isEmpty)
        var cancelled = picker()
        send([.cancel, .done, .startSearch], to: &cancelled)
        XCTAssertEqual(cancelled.phase, .cancelled)
    }

    func testMoreFriendsKeepTheCursorOnItsFriend() {
        var state = picker()
        send([.moveDown, .moveDown], to: &state)
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
        state.send(
            .friendsArrived(
                FriendBatch([Friend(id: "8", name: "Aaron Aardvark"), Friend(id: "9", name: "Abe Abbott")])))
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
        XCTAssertEqual(state.cursor, 4)
    }

    func testResizingChangesTheSizeAndKeepsTheCursorVisible() {
        var state = picker(rows: 20)
        send([.moveToLast, .resized(rows: 5, columns: 30)], to: &state)
        XCTAssertEqual(state.size, TerminalSize(rows: 5, columns: 30))
        XCTAssertTrue(state.frame().text.contains("> [ ] Zoë Adair"))
    }
}
