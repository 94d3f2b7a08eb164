import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--bind KEY:ACTION`: keys given an action over the key table, told in the overlay.
final class KeyBindOptionTests: XCTestCase {
    private func options(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Options {
        guard
            case .run(let options) = try Options.parse(
                arguments, environment: environment, defaultSource: "sample.json", standardInputIsTerminal: true)
        else { throw Options.UsageError("not a run") }
        return options
    }

    func testKeysTakeTheActionsBound() throws {
        let keyMap = try options(["--bind", "ctrl-t:toggle-all,f3:accept,alt-j:down,?:review,ctrl-/:toggle-preview"])
            .configuration.keyMap
        XCTAssertEqual(keyMap.event(for: .control("/"), in: .browsing), .toggleDetails, "fzf's toggle-preview")
        XCTAssertEqual(keyMap.event(for: .control("t"), in: .searching), .toggleAllShown)
        XCTAssertEqual(keyMap.event(for: .function(3), in: .browsing), .done)
        XCTAssertEqual(keyMap.event(for: .alt("j"), in: .reviewing), .moveDown)
        XCTAssertEqual(keyMap.event(for: .character("?"), in: .browsing), .toggleReview)
        XCTAssertEqual(keyMap.event(for: .enter, in: .browsing), .done, "the others as they were")
        let defaults = try options([], ["PICKER_DEFAULT_OPTS": "--bind 'ctrl-t:select-all'"]).configuration.keyMap
        XCTAssertEqual(defaults.event(for: .control("t"), in: .browsing), .selectAllShown)
        XCTAssertTrue(
            keyMap.help.contains(
                KeyHelp(.anywhere, "ctrl-t (--bind)", "select every friend shown; when all are, deselect them")),
            "the overlay lists it")
    }

    func testUnknownKeysAndActionsAreNamed() {
        for (given, message) in [
            ("ctrl-t:explode", "--bind: no such action 'explode'"), ("hyper-t:accept", "--bind: no such key 'hyper-t'"),
            ("accept", "--bind needs KEY:ACTION, not 'accept'"),
        ] {
            XCTAssertThrowsError(try options(["--bind", given])) { error in
                XCTAssertTrue(String(describing: error).hasPrefix(message), "\(error)")
            }
        }
    }

    func testSelectAllAndDeselectAllDoOneThingEach() {
        let friends = ["Ann", "Bob", "Cy"].enumerated().map { Friend(id: String($0 + 1), name: $1) }
        var state = PickerState(loaded: FriendList(friends), size: TerminalSize(rows: 10, columns: 30))
        state.send(.selectAllShown)
        state.send(.selectAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["1", "2", "3"], "select-all never deselects")
        state.send(.deselectAllShown)
        state.send(.deselectAllShown)
        XCTAssertEqual(state.selection.orderedIDs, [])
    }
}
