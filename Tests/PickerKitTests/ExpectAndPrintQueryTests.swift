import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--expect` and `--print-query`: the key that ended the pick and the query, printed first.
final class ExpectAndPrintQueryTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> Options {
        guard
            case .run(let options) = try Options.parse(
                arguments, environment: [:], defaultSource: "sample.json", standardInputIsTerminal: true)
        else { throw Options.UsageError("not a run") }
        return options
    }

    func testKeysAreNamedAsInFzf() {
        XCTAssertEqual(KeyName.key("ctrl-t"), .control("t"))
        XCTAssertEqual(KeyName.key("CTRL-T"), .control("t"))
        XCTAssertEqual(KeyName.key("alt-x"), .alt("x"))
        XCTAssertEqual(KeyName.key("alt-X"), .alt("X"))
        XCTAssertEqual(KeyName.key("f2"), .function(2))
        XCTAssertEqual(KeyName.key("btab"), .backTab)
        XCTAssertEqual(KeyName.key("pgdn"), .pageDown)
        XCTAssertEqual(KeyName.key("?"), .character("?"))
        for bad in ["f13", "ctrl-", "ctrl-1", "hyper-x", "", "alt-", "\u{1b}"] { XCTAssertNil(KeyName.key(bad), bad) }
        XCTAssertThrowsError(try run(["--expect", "ctrl-t,\u{1b}[31m"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--expect: no such key '\\x1b[31m' (keys are named as in fzf: ctrl-t, alt-x, f1, enter, esc, tab, up, pgdn…)"
            )
        }
    }

    private func state(_ options: Options) -> PickerState {
        let friends = ["Ada Lovelace", "Adam Novak", "Bob Stone"].enumerated().map {
            Friend(id: String($0 + 1), name: $1)
        }
        return PickerState(
            loaded: FriendList(friends), size: TerminalSize(rows: 10, columns: 40), configuration: options.configuration
        )
    }

    /// fzf's `test_expect`: the key's name first, then the pick; Enter an empty line.
    func testAnExpectedKeyFinishesAndIsPrintedFirst() throws {
        let options = try run(["--expect", "ctrl-t,alt-c,f2", "--print-query"])
        var state = state(options)
        state.send(.typed("ad"))
        XCTAssertEqual(state.configuration.keyMap.event(for: .control("t"), in: .searching), .doneByKey("ctrl-t"))
        XCTAssertEqual(state.configuration.keyMap.event(for: .alt("c"), in: .browsing), .doneByKey("alt-c"))
        XCTAssertEqual(state.configuration.keyMap.event(for: .enter, in: .searching), .done, "Enter as before")
        XCTAssertEqual(state.send(.doneByKey("alt-c")), .finished)
        let plan = LaunchPlan.finish(state, outcome: .finished, options: options)
        XCTAssertEqual(plan.heading, ["ad", "alt-c"])
        guard case .print(.friends(let friends)) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertEqual(friends.map(\.name), ["Ada Lovelace"])

        var entered = self.state(options)
        entered.send(.done)
        XCTAssertEqual(LaunchPlan.finish(entered, outcome: .finished, options: options).heading, ["", ""])
        XCTAssertEqual(LaunchPlan.finish(entered, outcome: .cancelled, options: options).heading, [], "cancelled")
    }

    /// fzf's `test_print_query`: the query is printed even when nothing is picked.
    func testTheQueryIsPrintedEvenWithNothingPicked() throws {
        let options = try run(["--print-query"])
        var state = state(options)
        state.send(.typed("zed"))
        state.send(.done)
        let plan = LaunchPlan.finish(state, outcome: .finished, options: options)
        XCTAssertEqual(plan.heading, ["zed"])
        guard case .exit(.nothingToPrint) = plan.action else { return XCTFail("\(plan.action)") }
        let alone = LaunchPlan.finish(state, outcome: .finished, options: try run([]))
        XCTAssertEqual(alone.heading, [], "nothing without the option")
    }
}
