import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The picker's list while a search ranks it: no section headers above a list that is not
/// alphabetical; the A–Z list with its sections again once the query is cleared.
final class RankedListTests: XCTestCase {
    private let names = [
        "Ada Andersen", "Ada Andersson", "Alan Hansen", "Amara Tanaka", "Ana Müller", "Bo Lee", "Dana Scott",
        "Zoe Anand",
    ]

    private func picker(rank: Bool = true, rows: Int = 14) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.ranksMatches = rank
        let list = FriendList(names.enumerated().map { Friend(id: String($0), name: $1) })
        return PickerState(loaded: list, size: TerminalSize(rows: rows, columns: 40), configuration: configuration)
    }

    func testARankedSearchShowsNoSectionHeaders() {
        var state = picker()
        state.send(.startSearch)
        state.send(.typed("an"))
        XCTAssertEqual(
            state.frame().text,
            """
            Select Friends          7/8 · 0 selected
            / an
            > [ ] Ana Müller
              [ ] Ada Andersen
              [ ] Ada Andersson
              [ ] Zoe Anand
              [ ] Alan Hansen
              [ ] Amara Tanaka
              [ ] Dana Scott




            Enter done · Esc clear · F1 keys
            """)
        XCTAssertEqual(state.sectionStarts.count, 0, "no sections to jump between")
    }

    func testClearingTheQueryGivesTheSectionedListBackWithTheCursorOnItsFriend() {
        var state = picker()
        state.send(.startSearch)
        state.send(.typed("an"))
        state.send(.moveDown)
        state.send(.moveDown)
        state.send(.moveDown)
        XCTAssertEqual(state.currentFriend?.name, "Zoe Anand")
        XCTAssertEqual(state.phase, .browsing, "↓ went into the list, the search kept")
        state.send(.clearOrCancel)
        XCTAssertNil(state.ranked)
        XCTAssertEqual(state.currentFriend?.name, "Zoe Anand", "the cursor stays on its friend")
        let text = state.frame().text
        XCTAssertTrue(text.contains("  B\n  [ ] Bo Lee"), text)
        XCTAssertTrue(text.contains("  Z\n> [ ] Zoe Anand"), text)
    }

    func testWithoutRankingTheMatchesStayInListOrderWithTheirSections() {
        var state = picker(rank: false)
        state.send(.startSearch)
        state.send(.typed("an"))
        XCTAssertNil(state.ranked)
        XCTAssertEqual(state.currentFriend?.name, "Ada Andersen")
        XCTAssertTrue(state.frame().text.contains("  A\n> [ ] Ada Andersen"), state.frame().text)
    }

    func testTheCountsAndTheSelectionFollowTheRankedRows() {
        var state = picker()
        state.send(.startSearch)
        state.send(.typed("ana"))
        XCTAssertEqual(state.currentFriend?.name, "Ana Müller")
        state.send(.toggleAndMoveDown)
        XCTAssertEqual(state.currentFriend?.name, "Zoe Anand", "a later word")
        state.send(.toggleAndMoveDown)
        XCTAssertEqual(state.result.map(\.name), ["Ana Müller", "Zoe Anand"])
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.count, 4, "every friend shown: Ana, Zoe, Amara, Dana")
    }
}
