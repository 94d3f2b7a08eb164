import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The search is live wherever it is kept: Enter finishes from the search too, ↓ goes into the
/// list with the search kept, the editing keys edit a search kept in the list, Alt keys move
/// and delete by words, and pasted text goes into the query on one line.
final class LiveSearchTests: XCTestCase {
    private static let names = [
        "Ada Lovelace", "Ana Muñoz", "Ana María Sánchez", "Bob Stone", "Brendan O'Brien", "Chloé Martin",
        "Dmitri Ivanov",
    ]

    private func picker(query: String = "") -> PickerState {
        var state = PickerState(query: query, size: TerminalSize(rows: 14, columns: 60))
        state.send(.friendsArrived(FriendBatch(Self.names.enumerated().map { Friend(id: "\($0 + 1)", name: $1) })))
        state.send(.loadingFinished)
        return state
    }

    private func send(_ events: [PickerEvent], to state: inout PickerState) {
        for event in events { state.send(event) }
    }

    func testEnterFinishesFromTheSearchWithTheFriendUnderTheCursor() {
        var state = picker()
        send([.typed("o'b")], to: &state)
        XCTAssertEqual(state.phase, .searching)
        let key = KeyMap.standard.event(for: .enter, in: state.phase, queryIsEmpty: false)
        XCTAssertEqual(key, .done)
        XCTAssertEqual(state.send(.done), .finished)
        XCTAssertEqual(state.result.map(\.name), ["Brendan O'Brien"])
    }

    func testDownGoesIntoTheListWithTheSearchKeptWhereSpaceToggles() {
        var state = picker()
        send([.typed("ana"), .moveDown], to: &state)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.query.text, "ana")
        XCTAssertEqual(state.currentFriend?.name, "Ana María Sánchez")
        XCTAssertEqual(
            KeyMap.standard.event(for: .character(" "), in: state.phase, queryIsEmpty: false), .toggleCurrent)
        send([.toggleCurrent], to: &state)
        XCTAssertEqual(state.selection.orderedIDs, ["3"])
    }

    func testTheEditingKeysEditASearchKeptInTheList() {
        var state = picker(query: "ana m")
        XCTAssertEqual(state.phase, .browsing)
        send([.deleteBackward], to: &state)
        XCTAssertEqual(state.query.text, "ana ")
        XCTAssertEqual(state.phase, .searching, "the search is open again, its cursor at the end")
        send([.moveDown, .deleteWord], to: &state)
        XCTAssertEqual(state.query.text, "")
        // With no search kept, the editing keys do nothing: the list stays the list.
        send([.cancelSearch, .deleteBackward, .queryCursorToStart], to: &state)
        XCTAssertEqual(state.phase, .browsing)
        // `'` and `[` are typed, as every printable key.
        let typed = "'brien".map { KeyMap.standard.event(for: .character($0), in: .browsing, queryIsEmpty: false) }
        XCTAssertEqual(typed, "'brien".map { .typed(String($0)) })
    }

    func testAltKeysMoveAndDeleteByWordsAsReadline() {
        var state = picker()
        send([.typed("ana mu-noz")], to: &state)
        send([.queryCursorWordLeft], to: &state)
        XCTAssertEqual(state.queryCursor, 7, "to the start of noz")
        send([.queryCursorWordLeft, .queryCursorWordLeft], to: &state)
        XCTAssertEqual(state.queryCursor, 0)
        send([.queryCursorWordRight], to: &state)
        XCTAssertEqual(state.queryCursor, 3, "past ana")
        send([.deleteWordForward], to: &state)
        XCTAssertEqual(state.query.text, "ana-noz", "the space and mu")
        send([.queryCursorToEnd, .deleteWordBackward], to: &state)
        XCTAssertEqual(state.query.text, "ana-", "a word is letters and digits")
        XCTAssertEqual(state.queryCursor, 4)
    }

    func testPastedTextIsTypedOnOneLine() {
        var state = picker()
        send([.pasted("ana\r\nmu\tñ\u{7}")], to: &state)
        XCTAssertEqual(state.phase, .searching)
        XCTAssertEqual(state.query.text, "ana  mu ñ")
        send([.moveDown, .pasted("z")], to: &state)
        XCTAssertEqual(state.query.text, "ana  mu ñz", "from the list, at the end of the search kept")
    }

    func testASectionJumpExistsOnlyWhereSectionsAreShown() {
        var state = picker()
        send([.beginSectionJump], to: &state)
        XCTAssertEqual(state.phase, .choosingSection)
        send([.jumpToSection("d"), .typed("a"), .moveDown, .beginSectionJump], to: &state)
        XCTAssertEqual(state.phase, .browsing, "a ranked search shows no sections")
        send([.clearOrCancel, .nextSection], to: &state)
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
    }

    /// After each move the terminal's cursor stands on the focused row's marker; while typing,
    /// at the query's text cursor.
    func testTheTerminalsCursorFollowsTheFocusedRow() {
        var state = picker()
        func cursorRow() -> String? { state.frame().cursor.map { state.frame().lines[$0.line].text } }
        XCTAssertEqual(state.frame().cursor?.column, 0)
        XCTAssertTrue(cursorRow()?.hasPrefix("> [ ] Ada Lovelace") ?? false, cursorRow() ?? "nil")
        for _ in 0..<3 { state.send(.moveDown) }
        XCTAssertTrue(cursorRow()?.hasPrefix("> [ ] Bob Stone") ?? false, cursorRow() ?? "nil")
        send([.toggleCurrent, .nextSection], to: &state)
        XCTAssertTrue(cursorRow()?.hasPrefix("> [ ] Chloé Martin") ?? false, cursorRow() ?? "nil")
        send([.typed("chl")], to: &state)
        XCTAssertEqual(state.frame().cursor, Frame.Position(line: 1, column: 5), "after / chl")
        send([.toggleReview], to: &state)
        XCTAssertTrue(cursorRow()?.hasPrefix("> [x] Bob Stone") ?? false, cursorRow() ?? "nil")
    }

    /// A long name whose match is past the right edge is shown from further on, after `…`, so
    /// that the match shows.
    func testALongNameScrollsSidewaysToShowItsMatch() {
        var state = PickerState(size: TerminalSize(rows: 8, columns: 30))
        let long = "Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen"
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: long)])))
        send([.typed("sigma")], to: &state)
        let row = state.frame().lines[2]
        XCTAssertTrue(row.text.contains("…"), row.text)
        XCTAssertEqual(row.spans.first { $0.role == .match }?.text, "Sigma", row.text)
        send([.cancelSearch, .typed("max")], to: &state)
        XCTAssertTrue(state.frame().lines[2].text.hasPrefix("> [ ] Maximiliane"), "a match that shows is not moved")
    }

    func testSelectIDsThatCannotBePickedAreToldOnTheBottomLine() {
        var configuration = PickerConfiguration()
        configuration.limit = 1
        var state = PickerState(
            preselected: ["9", "2", "3"], size: TerminalSize(rows: 10, columns: 80), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(Self.names.enumerated().map { Friend(id: "\($0 + 1)", name: $1) })))
        XCTAssertEqual(state.notice, "--select: '2' left out, over --limit 1")
        XCTAssertTrue(state.frame().lines[9].text.hasSuffix("Enter done · Esc cancel"), state.frame().lines[9].text)
        send([.moveDown, .loadingFinished], to: &state)
        XCTAssertEqual(state.notice, "--select: no friend has the id '9'")
    }
}
