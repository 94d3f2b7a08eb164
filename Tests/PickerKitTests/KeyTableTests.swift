import XCTest

@testable import PickerKit

/// The one key table: keys, events and help in each binding, per phase.
final class KeyTableTests: XCTestCase {
    private func picker(keyMap: KeyMap = .standard) -> PickerState {
        var configuration = Configuration()
        configuration.keyMap = keyMap
        var state = PickerState(size: TerminalSize(rows: 40, columns: 100), configuration: configuration)
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ada"), Friend(id: "2", name: "Bob")])))
        return state
    }

    func testCtrlCCancelsAndCtrlZSuspendsInEveryPhaseThatTakesKeys() {
        for phase in Phase.active {
            XCTAssertEqual(KeyMap.standard.command(for: .control("c"), in: phase), .send(.cancel), "\(phase)")
            XCTAssertEqual(KeyMap.standard.command(for: .control("z"), in: phase), .suspend, "\(phase)")
        }
        for phase in [Phase.done, .cancelled] {
            XCTAssertNil(KeyMap.standard.command(for: .control("c"), in: phase))
            XCTAssertNil(KeyMap.standard.command(for: .enter, in: phase))
        }
    }

    func testEveryHelpRowBelongsToABindingWithKeys() {
        XCTAssertEqual(KeyMap.standard.help.count, KeyMap.standard.bindings.filter { $0.help != nil }.count)
        for binding in KeyMap.standard.bindings {
            XCTAssertFalse(binding.rules.isEmpty)
            XCTAssertFalse(binding.phases.isEmpty)
            XCTAssertTrue(binding.phases.isSubset(of: Phase.active))
        }
    }

    /// The bottom line is written from the hints of the phase's bindings.
    func testTheBottomLineComesFromTheTable() {
        var state = picker()
        func bottom() -> String { state.frame().lines[39].text }
        XCTAssertEqual(bottom(), "↑↓ move · Space toggle · / search · ? keys · Enter done · Esc cancel")
        state.send(.beginSectionJump)
        XCTAssertEqual(bottom(), "↑↓ move · Space toggle · / search · ? keys · Enter done · Esc cancel")
        state.send(.back)
        state.send(.startSearch)
        XCTAssertEqual(bottom(), "type to search · ↑↓ move · Tab toggle · Enter keep · Esc clear")
        state.send(.finishSearch)
        state.send(.showKeys)
        XCTAssertEqual(bottom(), "any key to go back")
        let loading = PickerState(size: TerminalSize(rows: 5, columns: 60))
        XCTAssertEqual(loading.frame().lines[4].text, "loading friends… · Esc cancel")
    }

    /// A binding put before the standard ones changes a key in its phase alone, and the
    /// overlay and the bottom line say so.
    func testAKeyCanBeRebound() {
        let selectAll = KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Ctrl-A", "select every friend shown"), hint: "Ctrl-A all",
            .keys(.control("a"), send: .selectAllShown))
        let tabMoves = KeyBinding([.searching], help: nil, .keys(.tab, send: .moveDown))
        let keyMap = KeyMap([selectAll, tabMoves] + KeyMap.standard.bindings)
        XCTAssertEqual(keyMap.event(for: .control("a"), in: .browsing), .selectAllShown)
        XCTAssertNil(keyMap.event(for: .control("a"), in: .searching))
        XCTAssertEqual(keyMap.event(for: .tab, in: .searching), .moveDown)
        XCTAssertEqual(keyMap.event(for: .tab, in: .browsing), .toggleAndMoveDown)
        var state = picker(keyMap: keyMap)
        XCTAssertTrue(state.frame().lines[39].text.hasPrefix("Ctrl-A all · ↑↓ move"))
        state.send(.showKeys)
        XCTAssertTrue(state.frame().text.contains("Ctrl-A"))
        XCTAssertFalse(picker().frame().text.contains("Ctrl-A"))
    }
}
