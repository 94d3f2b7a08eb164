import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The query's cursor, moved and edited around as readline does, and drawn where it is.
final class QueryCursorTests: XCTestCase {
    private func searching(_ text: String, columns: Int = 40) -> PickerState {
        var state = PickerState(size: TerminalSize(rows: 8, columns: columns))
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Bob")])))
        state.send(.startSearch)
        state.send(.typed(text))
        return state
    }

    private func send(_ events: [PickerEvent], to state: inout PickerState) {
        for event in events { state.send(event) }
    }

    func testMovingTheCursorAndTypingInsertsWhereItIs() {
        var state = searching("ada lov")
        XCTAssertEqual(state.queryCursor, 7)
        send([.queryCursorToStart, .queryCursorRight, .queryCursorRight, .queryCursorRight], to: &state)
        XCTAssertEqual(state.queryCursor, 3)
        send([.typed("m")], to: &state)
        XCTAssertEqual(state.query.text, "adam lov")
        XCTAssertEqual(state.queryCursor, 4)
        send([.queryCursorLeft, .queryCursorLeft, .queryCursorLeft, .queryCursorLeft, .queryCursorLeft], to: &state)
        XCTAssertEqual(state.queryCursor, 0, "stops at the start")
        send([.queryCursorToEnd, .queryCursorRight], to: &state)
        XCTAssertEqual(state.queryCursor, 8, "stops at the end")
    }

    func testDeletingAroundTheCursor() {
        var state = searching("ada lov")
        send([.queryCursorLeft, .queryCursorLeft, .queryCursorLeft, .deleteForward], to: &state)
        XCTAssertEqual(state.query.text, "ada ov")
        XCTAssertEqual(state.queryCursor, 4)
        send([.deleteBackward], to: &state)
        XCTAssertEqual(state.query.text, "adaov")
        send([.deleteWord], to: &state)
        XCTAssertEqual(state.query.text, "ov", "the word before the cursor")
        XCTAssertEqual(state.queryCursor, 0)
        send([.deleteBackward], to: &state)
        XCTAssertEqual(state.query.text, "ov", "nothing before the cursor")
        send([.queryCursorRight, .deleteToStart], to: &state)
        XCTAssertEqual(state.query.text, "v")
        send([.queryCursorToEnd, .deleteForward], to: &state)
        XCTAssertEqual(state.query.text, "v", "nothing under the cursor")
    }

    func testMovingTheCursorDoesNotSearchAgain() {
        var state = searching("o")
        state.send(.moveDown)
        XCTAssertEqual(state.currentFriend?.name, "Bob")
        state.send(.queryCursorLeft)
        XCTAssertEqual(state.currentFriend?.name, "Bob", "the results and their cursor stay")
    }

    func testTheTextCursorIsDrawnAtTheQueryCursor() {
        var state = searching("ada lov")
        XCTAssertEqual(state.frame().cursor, Frame.Position(line: 1, column: 9))
        state.send(.queryCursorToStart)
        XCTAssertEqual(state.frame().cursor, Frame.Position(line: 1, column: 2))
        state.send(.typed("王"))
        XCTAssertEqual(state.frame().cursor, Frame.Position(line: 1, column: 4), "a wide character takes two")
    }

    func testALongQueryShowsThePartAroundTheCursor() {
        var state = searching(String(repeating: "abcdefghij", count: 4), columns: 20)
        XCTAssertEqual(state.frame().lines[1].text, "/ …efghijabcdefghij")
        XCTAssertEqual(state.frame().cursor, Frame.Position(line: 1, column: 19))
        state.send(.queryCursorToStart)
        XCTAssertEqual(state.frame().lines[1].text, "/ abcdefghijabcdefg…")
        XCTAssertEqual(state.frame().cursor, Frame.Position(line: 1, column: 2))
    }

    func testOpeningTheSearchPutsTheCursorAtTheEnd() {
        var state = searching("ada")
        send([.queryCursorToStart, .finishSearch, .startSearch], to: &state)
        XCTAssertEqual(state.queryCursor, 3)
        send([.queryCursorToStart, .finishSearch, .typed("m")], to: &state)
        XCTAssertEqual(state.query.text, "adam", "typing in the list adds to the search kept")
    }

    /// As fzf's query is always live, a character typed in the list with a search kept (by
    /// Enter, `--query`, or the list left for the review) is added at the end of it, and the
    /// search opens for editing; with none kept, it starts one.
    func testTypingInTheListAddsToTheSearchKeptAndOpensIt() {
        let friends = FriendList([Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Adabob Stone")])
        var kept = PickerState(loaded: friends, query: "ada", size: TerminalSize(rows: 8, columns: 40))
        XCTAssertEqual(kept.phase, .browsing)
        send([.typed("b"), .typed("o"), .typed("b")], to: &kept)
        XCTAssertEqual(kept.phase, .searching)
        XCTAssertEqual(kept.query.text, "adabob")
        XCTAssertEqual(kept.queryCursor, 6)
        XCTAssertEqual(kept.shown.count, 1)
        send([.toggleCurrent, .finishSearch, .toggleReview, .typed("x")], to: &kept)
        XCTAssertEqual(kept.phase, .searching, "from the review, back to the list and its search")
        XCTAssertEqual(kept.query.text, "adabobx")
        var none = PickerState(loaded: friends, size: TerminalSize(rows: 8, columns: 40))
        none.send(.typed("b"))
        XCTAssertEqual(none.phase, .searching)
        XCTAssertEqual(none.query.text, "b")
    }
}
