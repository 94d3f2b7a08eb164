import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The screen as plain text, like golden files: what each state shows at a given size.
final class FrameTests: XCTestCase {
    private func picker(_ friends: [Friend], rows: Int = 12, columns: Int = 50) -> PickerState {
        var state = PickerState(size: TerminalSize(rows: rows, columns: columns))
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        return state
    }

    private let seven = [
        "Ada Lovelace", "Adam Novak", "Bob Stone", "Chloé Martin", "Dmitri Ivanov", "Zoë Adair", "Анна Иванова",
    ]
    .enumerated().map { Friend(id: String($0 + 1), name: $1) }

    func testBrowsingScreenWithSectionHeaders() {
        let state = picker(seven)
        XCTAssertEqual(
            state.frame().text,
            """
            Select Friends                    7/7 · 0 selected
            type to search
              A
            > [ ] Ada Lovelace
              [ ] Adam Novak
              B
              [ ] Bob Stone
              C
              [ ] Chloé Martin
              D
              [ ] Dmitri Ivanov
            Enter done · Esc cancel · Space toggle · ? keys
            """)
    }

    func testSearchingScreenWithoutHeadersBelowSixFriends() {
        var state = picker(seven)
        for event: PickerEvent in [.startSearch, .typed("ada"), .toggleCurrent] { state.send(event) }
        let frame = state.frame()
        XCTAssertEqual(
            frame.text,
            """
            Select Friends                    3/7 · 1 selected
            / ada
            > [x] Ada Lovelace
              [ ] Adam Novak
              [ ] Zoë Adair






            Enter done · Esc clear · ↓ list · F1 keys
            """)
        XCTAssertEqual(frame.cursor, Frame.Position(line: 1, column: 5))
        XCTAssertTrue(frame.lines[2].isCursor)
        XCTAssertFalse(frame.lines[3].isCursor)
    }

    func testMatchesAreHighlightedInTheOriginalName() {
        var state = picker(seven)
        for event: PickerEvent in [.startSearch, .typed("zoe ad")] { state.send(event) }
        let spans = state.frame().lines[2].spans
        XCTAssertEqual(spans.filter { $0.role == .match }.map(\.text), ["Zoë", "Ad"])
        XCTAssertEqual(spans.map(\.text).joined(), "> [ ] Zoë Adair")
    }

    func testEmptyStates() {
        var state = picker(seven)
        for event: PickerEvent in [.startSearch, .typed("xyz")] { state.send(event) }
        XCTAssertEqual(state.frame().lines[2].text, "  No friends match “xyz”")
        let empty = picker([])
        XCTAssertEqual(empty.frame().lines[2].text, "  No friends to show")
        let loading = PickerState(size: TerminalSize(rows: 5, columns: 44))
        XCTAssertEqual(loading.frame().lines[0].text, "Select Friends ⠋ loading…   0/0 · 0 selected")
        XCTAssertEqual(loading.frame().lines[2].text, "  Loading friends…")
    }

    /// While loading, the title says how many have arrived only when the source said how many
    /// there are in all: otherwise the counts beside it already say it.
    func testTheLoadingCounterNeverRepeatsTheCounts() {
        var state = PickerState(size: TerminalSize(rows: 5, columns: 60))
        state.send(.friendsArrived(FriendBatch(seven)))
        XCTAssertEqual(
            state.frame().lines[0].text,
            "Select Friends ⠋ loading…" + String(repeating: " ", count: 19) + "7/7 · 0 selected")
        state.send(.friendsArrived(FriendBatch([Friend(id: "8", name: "Eve")]), announcedTotal: 810))
        XCTAssertEqual(
            state.frame().lines[0].text,
            "Select Friends ⠋ loading 8/810" + String(repeating: " ", count: 14) + "8/8 · 0 selected")
    }

    /// `--header` is a line under the title, when there is room for it.
    func testTheHeaderLineUnderTheTitle() {
        var configuration = PickerConfiguration()
        configuration.header = "Who comes to dinner?\u{1B}[2J"
        var state = PickerState(size: TerminalSize(rows: 7, columns: 40), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(Array(seven.prefix(2)))))
        state.send(.loadingFinished)
        let frame = state.frame()
        XCTAssertEqual(
            frame.text,
            """
            Select Friends          2/2 · 0 selected
            Who comes to dinner?\\x1b[2J
            type to search
            > [ ] Ada Lovelace
              [ ] Adam Novak

            Enter done · Esc cancel · ? keys
            """)
        XCTAssertEqual(frame.lines[1].spans.map(\.role), [.subtitle])
        state.send(.click(line: 4, column: 10))
        XCTAssertEqual(state.currentFriend?.name, "Adam Novak", "clicks count the header line")
        state.send(.resized(rows: 4, columns: 40))
        XCTAssertFalse(state.frame().text.contains("dinner"), "no room: the list keeps its rows")
    }

    func testLongAndWideNamesAreTruncatedToTheWidth() {
        let friends = [
            Friend(id: "1", name: "María de los Ángeles Inmaculada Concepción Fernández"),
            Friend(id: "2", name: "王小明王小明王小明王小明王小明王小明"),
        ]
        let state = picker(friends, rows: 6, columns: 30)
        let frame = state.frame()
        XCTAssertEqual(frame.lines[2].text, "> [ ] María de los Ángeles In…")
        XCTAssertEqual(frame.lines[3].text, "  [ ] 王小明王小明王小明王小…")
        for line in frame.lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line.text), 30) }
    }

    func testControlCharactersInNamesAreShownEscaped() {
        let state = picker([Friend(id: "1", name: "Eve\u{1B}]0;owned\u{7}")])
        XCTAssertEqual(state.frame().lines[2].text, "> [ ] Eve\\x1b]0;owned\\x07")
    }

    func testScrollingKeepsTheCursorVisible() {
        var state = picker(seven, rows: 6)
        XCTAssertEqual(
            state.frame().text.split(separator: "\n")[2...4],
            ["  A", "> [ ] Ada Lovelace", "  [ ] Adam Novak"])
        state.send(.moveToLast)
        XCTAssertEqual(
            state.frame().text.split(separator: "\n")[2...4],
            ["  [ ] Zoë Adair", "  А", "> [ ] Анна Иванова"])
        state.send(.moveUp)
        XCTAssertEqual(
            state.frame().text.split(separator: "\n")[2...4], ["  Z", "> [ ] Zoë Adair", "  А"],
            "the first friend of a section shows its header")
        state.send(.moveToFirst)
        XCTAssertTrue(
            state.frame().text.contains("  A\n> [ ] Ada Lovelace"),
            "the first friend of a section shows its header")
    }

    func testTinyTerminalsKeepWhatFits() {
        func frame(rows: Int, columns: Int) -> Frame {
            var state = picker(seven)
            state.send(.resized(rows: rows, columns: columns))
            return state.frame()
        }
        XCTAssertEqual(frame(rows: 1, columns: 10).text, "type to s…")
        XCTAssertEqual(frame(rows: 2, columns: 10).text, "type to s…\n> [ ] Ada…", "the cursor wins over its header")
        XCTAssertEqual(frame(rows: 0, columns: 0).lines, [])
        XCTAssertEqual(frame(rows: 3, columns: 1).lines.count, 3)
    }
}
