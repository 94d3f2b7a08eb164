import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Ctrl-R shows only the selected friends, in the order picked, to untick some; the same key
/// or Esc goes back to the list as it was.
final class SelectionReviewTests: XCTestCase {
    private let names = ["Ada Lovelace", "Adam Novak", "Bob Stone", "Chloé Martin", "Dmitri Ivanov", "Zoë Adair"]

    private func picker() -> PickerState {
        var state = PickerState(size: TerminalSize(rows: 12, columns: 50))
        state.send(.friendsArrived(FriendBatch(names.enumerated().map { Friend(id: String($0 + 1), name: $1) })))
        return state
    }

    private func rowNames(_ state: PickerState) -> [String] { state.rows.map { state.list.friends[$0].name } }

    func testTheReviewRoundTrip() {
        var state = picker()
        // Zoë, then Bob (found by a search), then Ada; the list left searching "a" on Adam.
        for event: PickerEvent in [
            .moveToLast, .toggleCurrent, .typed("bob"), .toggleCurrent, .deleteToStart, .typed("a"), .moveToFirst,
            .toggleAndMoveDown,
        ] {
            state.send(event)
        }
        XCTAssertEqual(state.currentFriend?.name, "Adam Novak")
        state.send(.toggleReview)
        XCTAssertEqual(state.phase, .reviewing)
        XCTAssertEqual(rowNames(state), ["Zoë Adair", "Bob Stone", "Ada Lovelace"], "in the order picked")
        let frame = state.frame()
        XCTAssertEqual(
            frame.lines[0].text, "Selected, in the order picked" + String(repeating: " ", count: 11) + "3 selected")
        XCTAssertEqual(frame.lines[1].text, "Ctrl-R or Esc: back to the list as it was")
        XCTAssertEqual(
            Array(frame.text.split(separator: "\n")[2...4]),
            ["> [x] Zoë Adair", "  [x] Bob Stone", "  [x] Ada Lovelace"], "no section headers")
        XCTAssertEqual(frame.lines[11].text, "Enter done · Esc back · Space toggle · F1 keys")
        // Untick Bob: he stays, unticked, so that he can be ticked again.
        state.send(.moveDown)
        state.send(.toggleCurrent)
        XCTAssertEqual(state.selection.orderedIDs, ["6", "1"])
        XCTAssertEqual(state.frame().lines[3].text, "> [ ] Bob Stone")
        XCTAssertTrue(state.frame().lines[0].text.hasSuffix("2 selected"))
        state.send(.back)
        XCTAssertEqual(state.phase, .searching, "back to the search it was opened from")
        XCTAssertEqual(state.query.text, "a")
        XCTAssertEqual(state.currentFriend?.name, "Adam Novak", "the cursor as it was")
        state.send(.done)
        XCTAssertEqual(state.result.map(\.name), ["Zoë Adair", "Ada Lovelace"])
    }

    func testCtrlRAgainGoesBackAndWithNothingSelectedTheReviewDoesNotOpen() {
        var state = picker()
        state.send(.toggleReview)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.notice, "nobody selected yet: Space or Tab selects the friend under the cursor")
        for event: PickerEvent in [.moveDown, .toggleCurrent, .moveDown, .toggleReview] { state.send(event) }
        XCTAssertEqual(state.phase, .reviewing)
        state.send(.toggleReview)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
    }

    func testTypingInTheReviewGoesBackToTheListAndSearches() {
        var state = picker()
        for event: PickerEvent in [.toggleCurrent, .toggleReview, .typed("z")] { state.send(event) }
        XCTAssertEqual(state.phase, .searching)
        XCTAssertEqual(state.query.text, "z")
        XCTAssertEqual(rowNames(state), ["Zoë Adair"])
    }

    func testTheOverlayOpenedFromTheReviewGoesBackToIt() {
        var state = picker()
        for event: PickerEvent in [.toggleCurrent, .toggleReview, .showKeys] { state.send(event) }
        XCTAssertEqual(state.phase, .showingKeys)
        state.send(.back)
        XCTAssertEqual(state.phase, .reviewing)
    }

    func testFriendsArrivingDuringTheReviewKeepItsRowsAndAddThoseSelectedMeanwhile() {
        var state = PickerState(preselected: ["9"], size: TerminalSize(rows: 12, columns: 50))
        state.send(.friendsArrived(FriendBatch(names.enumerated().map { Friend(id: String($0 + 1), name: $1) })))
        for event: PickerEvent in [.moveToLast, .toggleCurrent, .moveToFirst, .toggleCurrent, .toggleReview, .moveDown]
        {
            state.send(event)
        }
        state.send(.friendsArrived(FriendBatch([Friend(id: "9", name: "Aaron Able"), Friend(id: "8", name: "Abe")])))
        XCTAssertEqual(rowNames(state), ["Zoë Adair", "Ada Lovelace", "Aaron Able"])
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace", "the cursor stays on its friend")
        state.send(.back)
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
    }
}
