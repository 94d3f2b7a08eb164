import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The friends picked most, listed under "Recent" above the letters when there is no query.
final class RecentSectionTests: XCTestCase {
    private let now: Int64 = 1_700_000_000

    private let seven = [
        "Ada Lovelace", "Adam Novak", "Bob Stone", "Chloé Martin", "Dmitri Ivanov", "Zoë Adair", "Анна Иванова",
    ]
    .enumerated().map { Friend(id: String($0 + 1), name: $1) }

    /// A picker on the seven, where Zoë (6) was picked twice and Bob (3) once, and `unknown`
    /// once, who is not in the list.
    private func picker(
        rows: Int = 12, limit: Int = 8, keying: Frecency.Keying = .id, loaded: Bool = false
    ) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.recentLimit = limit
        let keys: (String, String) = keying == .id ? ("6", "3") : ("Zoë Adair", "Bob Stone")
        let frecency = Frecency(
            times: [keys.0: now + 30 * 86_400, keys.1: now, "unknown": now + 40 * 86_400], keying: keying, now: now)
        let size = TerminalSize(rows: rows, columns: 50)
        if loaded {
            return PickerState(
                loaded: FriendList(seven), size: size, configuration: configuration, frecency: frecency)
        }
        var state = PickerState(size: size, configuration: configuration, frecency: frecency)
        state.send(.friendsArrived(FriendBatch(seven)))
        state.send(.loadingFinished)
        return state
    }

    /// Standard input's picks are found once it has been read whole: they are listed as if
    /// known at the start, the cursor on the first row staying there, elsewhere on its friend.
    func testPicksFoundOnceTheSourceIsReadListTheRecentFriends() {
        let known = picker()
        let frecency = known.frecency
        var state = PickerState(size: known.size, configuration: known.configuration)
        state.send(.friendsArrived(FriendBatch(seven)))
        state.send(.loadingFinished)
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
        var moved = state
        state.send(.picksFound(frecency))
        XCTAssertEqual(state.frame().text, known.frame().text)
        XCTAssertEqual(state.result.map(\.name), ["Zoë Adair"])

        moved.send(.moveDown)
        moved.send(.picksFound(frecency))
        XCTAssertEqual(moved.recent.count, 2)
        XCTAssertEqual(moved.currentFriend?.name, "Adam Novak", "the cursor stays on its friend")
    }

    func testRecentFriendsAreListedAboveTheLettersHighestScoreFirst() {
        let state = picker()
        XCTAssertEqual(
            state.frame().text,
            """
            Select Friends                    7/7 · 0 selected
            type to search
              Recent
            > [ ] Zoë Adair
              [ ] Bob Stone
              A
              [ ] Ada Lovelace
              [ ] Adam Novak
              B
              [ ] Bob Stone
              C
            Enter done · Esc cancel · Space toggle · ? keys
            """)
        XCTAssertEqual(state.result.map(\.name), ["Zoë Adair"], "Enter picks the first of them")
        XCTAssertEqual(picker(loaded: true).frame().text, state.frame().text, "a list read whole shows the same")
    }

    func testTheNumberListedFollowsTheLimitAndZeroListsNone() {
        XCTAssertEqual(picker(limit: 1).recent.count, 1)
        XCTAssertEqual(picker(limit: 0).recent, [])
        XCTAssertEqual(picker(limit: 0).frame().lines[2].text, "  A")
    }

    func testSearchingListsTheMatchesAloneAndTheRecentComeBackWhenItIsCleared() {
        var state = picker()
        state.send(.startSearch)
        state.send(.typed("o"))
        XCTAssertEqual(state.recent, [])
        XCTAssertFalse(state.frame().text.contains("Recent"))
        // Every "o" is inside a word: equal scores, the friends picked most first.
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair")
        state.send(.moveDown)
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
        state.send(.moveDown)
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace", "then list order")
        state.send(.moveDown)
        state.send(.clearOrCancel)
        XCTAssertEqual(state.recent.count, 2)
        XCTAssertEqual(state.currentFriend?.name, "Adam Novak", "the cursor stays on its friend")
        XCTAssertEqual(state.cursor, 3, "in its letter's section, below the recent two")
    }

    func testSelectingARecentFriendSelectsItInItsSectionToo() {
        var state = picker()
        state.send(.toggleCurrent)
        XCTAssertEqual(state.selection.orderedIDs, ["6"])
        let checked = state.frame().lines.filter { $0.text.contains("[x]") }.map(\.text)
        XCTAssertEqual(checked, ["> [x] Zoë Adair"], "on screen once here; the Z section is further down")
        state.send(.moveToLast)
        XCTAssertEqual(state.currentFriend?.name, "Анна Иванова")
        XCTAssertEqual(state.cursor, 8, "seven friends and two recent")
    }

    func testSectionKeysCountRecentAsTheFirstSection() {
        var state = picker()
        state.send(.nextSection)
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
        state.send(.nextSection)
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
        XCTAssertEqual(state.cursor, 4, "Bob in B, not in Recent")
        state.send(.previousSection)
        state.send(.previousSection)
        XCTAssertEqual(state.cursor, 0, "back to Recent")
        state.send(.beginSectionJump)
        state.send(.jumpToSection("z"))
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair")
        XCTAssertEqual(state.cursor, 7, "the Z section, not Recent")
    }

    func testAFriendArrivingKeepsTheCursorOnItsRecentRow() {
        var configuration = PickerConfiguration()
        configuration.recentLimit = 8
        let frecency = Frecency(times: ["6": now, "3": now - 1], keying: .id, now: now)
        var state = PickerState(
            size: TerminalSize(rows: 12, columns: 50), configuration: configuration, frecency: frecency)
        state.send(.friendsArrived(FriendBatch(Array(seven.prefix(6)))))
        state.send(.moveDown)
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
        XCTAssertEqual(state.cursor, 1)
        state.send(.friendsArrived(FriendBatch([Friend(id: "0", name: "Aaron Aa")])))
        XCTAssertEqual(state.cursor, 1, "still under Recent")
        XCTAssertEqual(state.currentFriend?.name, "Bob Stone")
    }

    func testFriendsKnownByNameAreFoundByName() {
        XCTAssertEqual(picker(keying: .name).recent.map { picker().list.friends[$0].name }, ["Zoë Adair", "Bob Stone"])
        XCTAssertEqual(picker(keying: .name, loaded: true).recent.count, 2)
    }

    func testFewerThanSixFriendsShownListNoRecent() {
        var state = PickerState(
            size: TerminalSize(rows: 12, columns: 50), frecency: Frecency(times: ["1": now], keying: .id, now: now))
        state.send(.friendsArrived(FriendBatch(Array(seven.prefix(5)))))
        XCTAssertEqual(state.recent, [], "no sections, so no Recent")
        state.send(.friendsArrived(FriendBatch(Array(seven.suffix(2)))))
        XCTAssertEqual(state.recent.count, 1)
    }

    func testRandomEventsKeepTheListedFriendsAndTheirRowsInStep() {
        var random = SplitMix64(seed: 21)
        let events: [PickerEvent] = [
            .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast, .previousSection, .nextSection,
            .toggleCurrent, .startSearch, .typed("a"), .typed("o"), .deleteBackward, .cancelSearch, .finishSearch,
            .scroll(3), .scroll(-2), .resized(rows: 6, columns: 30), .resized(rows: 14, columns: 50),
        ]
        for _ in 0..<40 {
            var configuration = PickerConfiguration()
            configuration.recentLimit = Int.random(in: 0...4, using: &random)
            let times = Dictionary(
                uniqueKeysWithValues: (1...30).filter { _ in Bool.random(using: &random) }.map {
                    (String($0), now - Int64.random(in: 0...1_000_000, using: &random))
                })
            var state = PickerState(
                size: TerminalSize(rows: 10, columns: 40), configuration: configuration,
                frecency: Frecency(times: times, keying: .id, now: now))
            for step in 0..<80 {
                if step % 10 == 0 {
                    let friends = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                        let number = Int.random(in: 1...30, using: &random)
                        return Friend(id: String(number), name: "\(["Ana", "Bo", "Cy", "Ola"][number % 4]) \(number)")
                    }
                    state.send(.friendsArrived(FriendBatch(friends)))
                }
                state.send(events.randomElement(using: &random) ?? .tick)
                let layout = state.layout
                XCTAssertEqual(state.cursor == nil, state.rows.count == 0)
                if let cursor = state.cursor { XCTAssertTrue((0..<state.rows.count).contains(cursor)) }
                XCTAssertTrue(state.recent.isEmpty || state.query.isEmpty, "no Recent while searching")
                XCTAssertLessThanOrEqual(state.recent.count, configuration.recentLimit)
                XCTAssertEqual(Set(state.recent).count, state.recent.count, "each once")
                for position in state.recent { XCTAssertNotNil(times[state.list.friends[position].id]) }
                let scores = state.recent.map { state.frecency.score(of: state.list.friends[$0]) }
                XCTAssertEqual(scores, scores.sorted(by: >), "the highest score first")
                for index in 0..<state.rows.count {
                    XCTAssertEqual(layout.item(atRow: layout.row(ofShown: index)), .friend(index))
                }
                XCTAssertEqual(
                    layout.totalRows, state.rows.count + layout.headers.count + (state.recent.isEmpty ? 0 : 1))
            }
        }
    }
}
