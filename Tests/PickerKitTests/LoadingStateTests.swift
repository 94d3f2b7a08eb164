import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

final class LoadingStateTests: XCTestCase {
    private func page(_ names: [String], from id: Int) -> [Friend] {
        names.enumerated().map { Friend(id: String(id + $0), name: $1) }
    }

    func testPagesGrowTheListWhileTheUserSearchesAndSelects() {
        var state = PickerState(size: TerminalSize(rows: 10, columns: 60))
        XCTAssertEqual(state.loading, .inProgress(announcedTotal: nil))
        state.send(.friendsArrived(FriendBatch(page(["Mia Wong", "Zed Zane"], from: 1)), announcedTotal: 5))
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.loading, .inProgress(announcedTotal: 5))
        state.send(.startSearch)
        state.send(.typed("a"))
        state.send(.moveDown)
        state.send(.toggleCurrent)
        XCTAssertEqual(state.selection.orderedIDs, ["2"])
        state.send(.friendsArrived(FriendBatch(page(["Ada Lee", "Noa Park", "Bob Ray"], from: 3))))
        XCTAssertEqual(state.loading, .inProgress(announcedTotal: 5), "a page without a total keeps the known one")
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

    func testEntriesTheSourceSkippedAreNoticedOnceItIsRead() {
        var state = PickerState(size: TerminalSize(rows: 6, columns: 90))
        var first = FriendPage(friends: page(["Ada", "Bob"], from: 1), skipped: 1)
        first.firstSkipped = SkippedEntry(line: 11, problem: "expected a property NAME:VALUE")
        var second = FriendPage(friends: page(["Cy"], from: 3), skipped: 1)
        second.firstSkipped = SkippedEntry(line: 30, problem: "the card has no name")
        state.send(.friendsArrived(FriendBatch(first, sortOrder: .first)))
        state.send(.friendsArrived(FriendBatch(second, sortOrder: .first)))
        XCTAssertNil(state.notice, "not while the source is read")
        state.send(.loadingFinished)
        XCTAssertEqual(state.notice, "2 contacts skipped, first at line 11: expected a property NAME:VALUE")
        XCTAssertEqual(
            state.frame().lines.last?.text.hasPrefix("⚠ 2 contacts skipped, first at line 11: expected a property"),
            true)
        state.send(.moveDown)
        XCTAssertNil(state.notice, "gone at the next key")
    }

    func testTheTitleShowsTheSpinnerAndCountsUntilLoadingEnds() {
        var state = PickerState(size: TerminalSize(rows: 6, columns: 60))
        state.send(.friendsArrived(FriendBatch(page(["Ada", "Bob"], from: 1)), announcedTotal: 810))
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
