import XCTest

@testable import PickerKit

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
        send([.startSearch, .typed("zoe"), .toggleCurrent, .clearQuery, .typed("bob"), .toggleCurrent], to: &state)
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
        send([.typed("zo"), .clearQuery], to: &state)
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

    /// Random events against the invariants: the cursor is on a shown friend or there is none,
    /// shown friends pass the query in list order, the selection holds only known ids.
    func testRandomEventSequencesKeepTheInvariants() {
        var random = SplitMix64(seed: 3)
        let events: [PickerEvent] = [
            .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast, .toggleCurrent,
            .toggleAndMoveDown, .startSearch, .typed("a"), .typed("o"), .typed(" "), .typed("é"),
            .deleteBackward, .deleteWord, .clearQuery, .finishSearch, .cancelSearch,
            .resized(rows: 3, columns: 10), .resized(rows: 30, columns: 80),
        ]
        for _ in 0..<100 {
            var state = picker(rows: 8)
            for _ in 0..<60 {
                state.send(events.randomElement(using: &random)!)
                let expected = state.list.friends.indices.filter {
                    ReferenceSearch.includes(state.list.friends[$0], query: state.query.text)
                }
                XCTAssertEqual(Array(state.shown), expected)
                if let cursor = state.cursor {
                    XCTAssertTrue(state.shown.indices.contains(cursor))
                } else {
                    XCTAssertTrue(state.shown.isEmpty)
                }
                XCTAssertTrue(state.selection.orderedIDs.allSatisfy { state.list.position(ofID: $0) != nil })
                XCTAssertEqual(state.frame().lines.count, state.size.rows)
            }
        }
    }
}

final class LoadingStateTests: XCTestCase {
    private func page(_ names: [String], from id: Int) -> [Friend] {
        names.enumerated().map { Friend(id: String(id + $0), name: $1) }
    }

    func testPagesGrowTheListWhileTheUserSearchesAndSelects() {
        var state = PickerState(size: TerminalSize(rows: 10, columns: 60))
        XCTAssertEqual(state.loading, .inProgress(expectedTotal: nil))
        state.send(.friendsArrived(FriendBatch(page(["Mia Wong", "Zed Zane"], from: 1)), expectedTotal: 5))
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.loading, .inProgress(expectedTotal: 5))
        state.send(.startSearch)
        state.send(.typed("a"))
        state.send(.moveDown)
        state.send(.toggleCurrent)
        XCTAssertEqual(state.selection.orderedIDs, ["2"])
        state.send(.friendsArrived(FriendBatch(page(["Ada Lee", "Noa Park", "Bob Ray"], from: 3))))
        XCTAssertEqual(state.loading, .inProgress(expectedTotal: 5), "a page without a total keeps the known one")
        XCTAssertEqual(state.currentFriend?.name, "Zed Zane", "the cursor stays on its friend")
        XCTAssertEqual(
            state.shown.map { state.list.friends[$0].name },
            ["Ada Lee", "Mia Wong", "Noa Park", "Bob Ray", "Zed Zane"].sorted())
        state.send(.loadingFinished)
        XCTAssertEqual(state.loading, .complete)
        state.send(.finishSearch)
        state.send(.done)
        XCTAssertEqual(state.result.map(\.name), ["Zed Zane"])
    }

    func testTheTitleShowsTheSpinnerAndCountsUntilLoadingEnds() {
        var state = PickerState(size: TerminalSize(rows: 6, columns: 60))
        state.send(.friendsArrived(FriendBatch(page(["Ada", "Bob"], from: 1)), expectedTotal: 810))
        XCTAssertTrue(state.frame().lines[0].text.hasPrefix("Select Friends ⠋ loading 2/810"))
        state.send(.tick)
        XCTAssertTrue(state.frame().lines[0].text.hasPrefix("Select Friends ⠙ loading 2/810"))
        state.send(.loadingFinished)
        XCTAssertTrue(state.frame().lines[0].text.hasPrefix("Select Friends   "))
    }

    func testAFailureLeavesWhatLoadedWithALastingWarningAndEnterStillWorks() {
        var state = PickerState(size: TerminalSize(rows: 6, columns: 70))
        state.send(.friendsArrived(FriendBatch(page(["Ada", "Bob"], from: 1))))
        state.send(.loadingFailed("https://g.example/p2: HTTP 500"))
        state.send(.moveDown)
        let bottom = state.frame().lines[5]
        XCTAssertEqual(bottom.text, "⚠ loading stopped: https://g.example/p2: HTTP 500")
        XCTAssertEqual(bottom.spans.first?.role, .warning)
        state.send(.done)
        XCTAssertEqual(state.result.map(\.name), ["Bob"])
    }

    func testTheCursorKeepsItsPlaceOnScreenAsFriendsArriveAbove() {
        var state = PickerState(size: TerminalSize(rows: 8, columns: 40))
        state.send(
            .friendsArrived(
                FriendBatch(page(["Kim A", "Kim B", "Kim C", "Kim D", "Zoe A", "Zoe B", "Zoe C"], from: 1))))
        state.send(.moveDown)
        state.send(.moveDown)
        let before = state.frame().lines.firstIndex { $0.isCursor }
        state.send(.friendsArrived(FriendBatch(page(["Abe A", "Abe B", "Abe C"], from: 10))))
        let frame = state.frame()
        XCTAssertEqual(frame.lines.firstIndex { $0.isCursor }, before)
        XCTAssertEqual(state.currentFriend?.name, "Kim C")
        XCTAssertEqual(frame.lines[before ?? 0].text, "> [ ] Kim C")
    }
}
