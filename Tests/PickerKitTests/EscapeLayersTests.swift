import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Esc peels one layer at a time: the search being edited, the search applied, then the
/// picker, asking first when that would throw a selection away.
final class EscapeLayersTests: XCTestCase {
    private let names = ["Ada Lovelace", "Adam Novak", "Bob Stone", "Chloé Martin", "Dmitri Ivanov", "Zoë Adair"]

    private func picker(query: String = "", rows: Int = 12) -> PickerState {
        var state = PickerState(query: query, size: TerminalSize(rows: rows, columns: 50))
        state.send(.friendsArrived(FriendBatch(names.enumerated().map { Friend(id: String($0 + 1), name: $1) })))
        state.send(.loadingFinished)
        return state
    }

    func testEscClearsAKeptSearchWithTheCursorOnItsFriendThenCancels() {
        var state = picker()
        for event: PickerEvent in [.typed("a"), .typed("d"), .moveDown, .finishSearch] { state.send(event) }
        XCTAssertEqual(state.currentFriend?.name, "Adam Novak")
        XCTAssertEqual(state.send(.clearOrCancel), .continuing)
        XCTAssertEqual(state.query.text, "")
        XCTAssertEqual(state.shown.count, 6)
        XCTAssertEqual(state.currentFriend?.name, "Adam Novak", "the cursor stays on its friend")
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.send(.clearOrCancel), .cancelled, "nothing left to clear, nothing selected")
    }

    func testAnInitialQueryIsALayerToo() {
        var state = picker(query: "zoë")
        XCTAssertEqual(state.frame().lines[11].text, "Enter done · Esc clear · Space toggle · F1 keys")
        XCTAssertEqual(state.send(.clearOrCancel), .continuing)
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair")
        XCTAssertEqual(state.frame().lines[11].text, "Enter done · Esc cancel · Space toggle · ? keys")
    }

    func testWithASelectionTheFirstEscAsksAndTheSecondCancels() {
        var state = picker()
        for event: PickerEvent in [.toggleAndMoveDown, .toggleAndMoveDown, .toggleCurrent] { state.send(event) }
        XCTAssertEqual(state.send(.clearOrCancel), .continuing)
        XCTAssertTrue(state.isAskingToDiscard)
        let bottom = state.frame().lines[11]
        XCTAssertEqual(bottom.text, "Esc again to discard 3 selected")
        XCTAssertEqual(bottom.spans.map(\.role), [.warning])
        XCTAssertEqual(state.send(.clearOrCancel), .cancelled)
    }

    func testAnyOtherKeyAfterTheQuestionKeepsTheSelection() {
        var state = picker()
        for event: PickerEvent in [.toggleCurrent, .clearOrCancel, .moveDown] { state.send(event) }
        XCTAssertFalse(state.isAskingToDiscard)
        XCTAssertEqual(state.frame().lines[11].text, "Enter done · Esc cancel · Space toggle · ? keys")
        XCTAssertEqual(state.send(.clearOrCancel), .continuing, "asks again")
        state.send(.tick)
        state.send(.resized(rows: 12, columns: 50))
        XCTAssertTrue(state.isAskingToDiscard, "the clock and the terminal are not keys")
        XCTAssertEqual(state.send(.cancel), .cancelled, "Ctrl-C never asks")
    }

    func testCtrlCCancelsAtOnceWithASelection() {
        var state = picker()
        state.send(.toggleCurrent)
        XCTAssertEqual(state.send(.cancel), .cancelled)
    }

    func testEscInTheSearchClearsItAndKeepsTheCursorsFriendOnItsRow() {
        var state = picker(rows: 6)
        for event: PickerEvent in [.typed("o"), .moveToLast] { state.send(event) }
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair")
        let row = state.frame().lines.firstIndex { $0.isCursor }
        state.send(.cancelSearch)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair")
        XCTAssertEqual(state.frame().lines.firstIndex { $0.isCursor }, row, "on the same row of the screen")
    }
}
