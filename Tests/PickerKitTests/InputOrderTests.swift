import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--no-sort` and `--tac`: the source's order, or its reverse, on the screen and in `--filter`.
final class InputOrderTests: XCTestCase {
    private let names = ["Zoë Adair", "Bob Stone", "Ada Lovelace", "Анна Иванова", "Adam Novak", "Dan Ames"]

    func testTheOptionsChooseTheOrder() throws {
        func inputOrder(_ arguments: [String]) throws -> InputOrder? {
            guard case .run(let options) = try Options.parse(arguments, environment: [:], defaultSource: "a.json")
            else { throw Options.UsageError("not a run") }
            return options.configuration.inputOrder
        }
        XCTAssertNil(try inputOrder([]))
        XCTAssertEqual(try inputOrder(["--no-sort"]), .asRead)
        XCTAssertEqual(try inputOrder(["--tac"]), .reversed)
        XCTAssertEqual(try inputOrder(["--no-sort", "--tac"]), .reversed)
    }

    /// The line scan of `--filter` gives what a list kept in the same order finds, ranked or not.
    func testTheLineFilterFindsWhatAListInInputOrderFinds() throws {
        var random = SplitMix64(seed: 40)
        let words = ["Ann", "anna", "Zoë", "zoe", "José", "王", "Анна", " ", "\t", "son", "Johnson", "O'Brien"]
        let lines = (0..<2000).map { _ in
            (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined()
        }
        let data = Data(lines.joined(separator: "\n").utf8)
        for inputOrder in [InputOrder.asRead, .reversed] {
            var list = FriendList(inputOrder: inputOrder)
            try NameLines.readPages(data, source: "standard input") { list.append($0.friends) }
            for query in ["", "a", "an", "zoe", "son john", "王", "xyz", "^an", "!a", "obrien"] {
                for ranked in [true, false] {
                    let found = try LineFilter.matches(
                        in: data, source: "standard input", matching: query, inputOrder: inputOrder, ranked: ranked)
                    let inParts = try LineFilter.matches(
                        in: data, source: "standard input", matching: query, inputOrder: inputOrder, ranked: ranked,
                        partMinimum: 64)
                    let expected = FriendFilter.matches(in: list, query, ranked: ranked)
                    XCTAssertEqual(found.friends, expected, "\(inputOrder), \(query.debugDescription), \(ranked)")
                    XCTAssertEqual(inParts.friends, expected, "in parts, \(inputOrder), \(query.debugDescription)")
                }
            }
        }
    }

    private func picker(_ inputOrder: InputOrder, ranked: Bool = true) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.sortsList = false
        configuration.reversesInput = inputOrder == .reversed
        configuration.ranksMatches = ranked
        let friends = names.enumerated().map { Friend(id: String($0 + 1), name: $1) }
        // Adam (5) was picked: without sorting, there is no "Recent" and no favour among equals.
        let frecency = Frecency(times: ["5": 1_700_000_000], keying: .id, now: 1_700_000_000)
        var state = PickerState(
            size: TerminalSize(rows: 12, columns: 40), configuration: configuration, frecency: frecency)
        state.send(.friendsArrived(FriendBatch(Array(friends[..<3]))))
        state.send(.friendsArrived(FriendBatch(Array(friends[3...]))))
        state.send(.loadingFinished)
        return state
    }

    private func shownNames(_ state: PickerState) -> [String] {
        state.rows.map { state.list.friends[$0].name }
    }

    func testTheScreenShowsTheSourcesOrderWithoutSections() {
        XCTAssertEqual(
            picker(.asRead).frame().text,
            """
            Select Friends          6/6 · 0 selected
            type to search
            > [ ] Zoë Adair
              [ ] Bob Stone
              [ ] Ada Lovelace
              [ ] Анна Иванова
              [ ] Adam Novak
              [ ] Dan Ames



            Enter done · Esc cancel · ? keys
            """)
        var reversed = picker(.reversed)
        XCTAssertEqual(shownNames(reversed), names.reversed())
        reversed.send(.beginSectionJump)
        XCTAssertEqual(reversed.phase, .browsing, "no section to jump to")
    }

    func testASearchRanksWithEqualsInTheSourcesOrder() {
        for (inputOrder, ranked, expected) in [
            (InputOrder.asRead, true, ["Ada Lovelace", "Adam Novak", "Zoë Adair"]),
            (.reversed, true, ["Adam Novak", "Ada Lovelace", "Zoë Adair"]),
            (.asRead, false, ["Zoë Adair", "Ada Lovelace", "Adam Novak"]),
            (.reversed, false, ["Adam Novak", "Ada Lovelace", "Zoë Adair"]),
        ] {
            var state = picker(inputOrder, ranked: ranked)
            state.send(.startSearch)
            state.send(.typed("ad"))
            XCTAssertEqual(shownNames(state), expected, "\(inputOrder), ranked: \(ranked)")
        }
    }
}
