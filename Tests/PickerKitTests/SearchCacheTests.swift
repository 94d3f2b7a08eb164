import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerStore

/// A query typed again (a backspace, the letters typed again after it) shows what it found
/// before without a search, until the list or the friends favoured change; the cache keeps
/// the most recently used results within its count and its positions.
final class SearchCacheTests: XCTestCase {
    private static let names = ["Ada Lovelace", "Ana Muñoz", "Bob Stone", "Chloé Martin", "Dmitri Ivanov", "Mara Ek"]

    private func picker() -> PickerState {
        var state = PickerState(size: TerminalSize(rows: 14, columns: 60))
        state.send(.friendsArrived(FriendBatch(Self.names.enumerated().map { Friend(id: "\($0 + 1)", name: $1) })))
        state.send(.loadingFinished)
        return state
    }

    private func names(_ state: PickerState) -> [String] {
        (state.ranked.map { $0.map(Int.init) } ?? Array(state.shown)).map { state.list.friends[$0].name }
    }

    func testABackspaceShowsWhatTheShorterQueryFoundWithoutASearch() {
        var state = picker()
        state.send(.typed("ma"))
        let found = names(state)
        XCTAssertNotNil(state.searchCache.result(for: "ma"), "the result is kept")
        state.send(.typed("r"))
        state.send(.deleteBackward)
        XCTAssertEqual(names(state), found)
        var fresh = picker()
        fresh.send(.typed("ma"))
        XCTAssertEqual(names(state), names(fresh), "the same as a search afresh")
    }

    func testFriendsArrivingEmptyTheCache() {
        var state = picker()
        state.send(.typed("mar"))
        state.send(.deleteBackward)
        let before = names(state)
        state.send(.friendsArrived(FriendBatch([Friend(id: "9", name: "Maja Holm")])))
        XCTAssertNil(state.searchCache.result(for: "mar"), "a new list empties the cache")
        state.send(.typed("r"))
        state.send(.deleteBackward)
        XCTAssertEqual(names(state).sorted(), (before + ["Maja Holm"]).sorted(), "the new friend is found")
    }

    func testTheLeastRecentlyUsedGoFirstPastTheCountOrThePositions() {
        let one = SearchResult(positions: Positions([1]))
        var cache = SearchCache()
        for index in 0...SearchCache.capacity { cache.keep(one, for: "q\(index)") }
        XCTAssertNil(cache.result(for: "q0"), "past the count, the oldest goes")
        XCTAssertNotNil(cache.result(for: "q1"))
        cache.keep(one, for: "q2")
        cache.keep(one, for: "new")
        XCTAssertNotNil(cache.result(for: "q1"), "a result used again is kept longer")
        XCTAssertNil(cache.result(for: "q3"))
        let many = SearchResult(positions: Positions.everyone(SearchCache.positionBudget))
        cache.keep(many, for: "many")
        XCTAssertNil(cache.result(for: "q1"), "past the positions, the others go")
        XCTAssertNotNil(cache.result(for: "many"), "the newest stays, however large")
        cache.empty()
        XCTAssertNil(cache.result(for: "many"))
    }
}
