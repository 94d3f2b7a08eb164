import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// A cached copy shown first, then replaced in one step by the source's own list.
final class ListReplacementTests: XCTestCase {
    private func friends(_ numbers: ClosedRange<Int>) -> [Friend] {
        numbers.map { Friend(id: String($0), name: String(format: "Friend %02d", $0)) }
    }

    /// A picker showing friends 1-20 as a copy cached three hours ago, the source read behind it.
    private func cachedCopy(rows: Int = 10) -> PickerState {
        var state = PickerState(size: TerminalSize(rows: rows, columns: 80))
        state.send(.cachedCopyShown(age: 3 * 3600 + 100, refreshing: true))
        state.send(.friendsArrived(FriendBatch(friends(1...20))))
        return state
    }

    /// The title line reads `title`, then spaces, then `counts` at its end.
    private func assertTitle(
        _ state: PickerState, _ title: String, _ counts: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let text = state.frame().lines[0].text
        let gap = text.dropFirst(title.count).dropLast(counts.count)
        XCTAssertTrue(
            text.hasPrefix(title) && text.hasSuffix(counts) && !gap.isEmpty && gap.allSatisfy { $0 == " " }, text,
            file: file, line: line)
    }

    func testTheTitleSaysHowOldTheCopyIsWhileTheSourceIsReadAgain() {
        let state = cachedCopy()
        assertTitle(state, "Select Friends ⠋ cached 3 h ago · refreshing", "20/20 · 0 selected")
        XCTAssertEqual(state.loading, .inProgress(announcedTotal: nil))
    }

    func testTheNewListReplacesTheCopyKeepingCursorRowAndSelection() {
        var state = cachedCopy()
        for _ in 0..<9 { state.send(.moveDown) }
        state.send(.toggleCurrent)  // Friend 10
        state.send(.moveDown)
        state.send(.toggleCurrent)  // Friend 11
        state.send(.moveDown)
        state.send(.moveDown)  // Friend 13
        XCTAssertEqual(state.currentFriend?.id, "13")
        let row = state.frame().lines.firstIndex { $0.isCursor }
        // The source lost 1-5 and 11, and has 21 and 22.
        let fresh = FriendList(friends(6...10) + friends(12...22))
        let outcome = state.send(.listReplaced(fresh, leftOut: 0, announcedTotal: 17))
        XCTAssertEqual(outcome, .continuing)
        XCTAssertEqual(state.list.count, 16)
        XCTAssertEqual(state.currentFriend?.id, "13", "the cursor stays on its friend")
        XCTAssertEqual(state.frame().lines.firstIndex { $0.isCursor }, row, "on the same row")
        XCTAssertEqual(state.selection.orderedIDs, ["10"])
        XCTAssertEqual(state.notice, "Friend 11 is no longer among your friends: deselected")
        XCTAssertEqual(state.loading, .complete)
        XCTAssertNil(state.cachedCopyAge)
        XCTAssertEqual(state.announcedTotal, 17)
        assertTitle(state, "Select Friends", "16/16 · 1 selected")
        state.send(.moveDown)
        XCTAssertNil(state.notice, "gone at the next key")
    }

    func testTheQueryIsAppliedToTheNewListAndACursorWhoseFriendIsGoneKeepsItsPlace() {
        var state = cachedCopy()
        state.send(.startSearch)
        state.send(.typed("friend 1"))
        // Ranked: "1" starts a word in Friend 10-19, and is inside one in Friend 01.
        state.send(.moveDown)
        XCTAssertEqual(state.currentFriend?.id, "11")
        state.send(.listReplaced(FriendList(friends(1...10) + friends(12...14)), leftOut: 0, announcedTotal: nil))
        XCTAssertEqual(state.rows.map { state.list.friends[$0].id }, ["10", "12", "13", "14", "1"])
        XCTAssertEqual(state.currentFriend?.id, "12", "the second shown, where Friend 11 was")
        XCTAssertEqual(state.phase, .browsing, "↓ went into the list, the search kept")
        XCTAssertEqual(state.query.text, "friend 1")
    }

    func testSeveralSelectedFriendsGoneAreNamedInOneNotice() {
        var state = cachedCopy()
        state.send(.toggleAllShown)
        state.send(.listReplaced(FriendList(friends(5...20)), leftOut: 0, announcedTotal: nil))
        XCTAssertEqual(
            state.notice, "Friend 01, Friend 02, Friend 03 and 1 more are no longer among your friends: deselected")
        XCTAssertEqual(state.selection.count, 16)
    }

    func testAFailedRefreshLeavesTheCopyWithALastingWarning() {
        var state = cachedCopy()
        state.send(.loadingFailed("http://127.0.0.1:9/me/friends: connection refused"))
        let frame = state.frame()
        assertTitle(state, "Select Friends · cached 3 h ago", "20/20 · 0 selected")
        XCTAssertEqual(
            frame.lines.last?.text, "⚠ offline: list from 3 h ago · http://127.0.0.1:9/me/friends: connection refused")
        state.send(.moveDown)
        XCTAssertTrue(state.frame().lines.last?.text.hasPrefix("⚠ offline: list from 3 h ago") ?? false)
        state.send(.done)
        XCTAssertEqual(state.result.map(\.id), ["2"])
    }

    func testAnOfflineCopyIsNotRefreshed() {
        var state = PickerState(size: TerminalSize(rows: 10, columns: 80))
        state.send(.cachedCopyShown(age: 5 * 86_400, refreshing: false))
        state.send(.friendsArrived(FriendBatch(friends(1...3))))
        state.send(.loadingFinished)
        assertTitle(state, "Select Friends · cached 5 days ago", "3/3 · 0 selected")
    }

    func testAgesReadAsAPersonSaysThem() {
        XCTAssertEqual(PickerState.agePhrase(0), "a moment ago")
        XCTAssertEqual(PickerState.agePhrase(59), "a moment ago")
        XCTAssertEqual(PickerState.agePhrase(600), "10 min ago")
        XCTAssertEqual(PickerState.agePhrase(3 * 3600), "3 h ago")
        XCTAssertEqual(PickerState.agePhrase(47 * 3600), "47 h ago")
        XCTAssertEqual(PickerState.agePhrase(9 * 86_400), "9 days ago")
    }
}
