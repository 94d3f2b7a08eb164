import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The one key table: keys, events and help in each binding, per phase.
final class KeyTableTests: XCTestCase {
    private func picker(keyMap: KeyMap = .standard) -> PickerState {
        var configuration = PickerConfiguration()
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
        state.send(.friendsArrived(FriendBatch((3...8).map { Friend(id: "\($0)", name: "Friend \($0)") })))
        func bottom() -> String { state.frame().lines[39].text }
        let browsing = "Enter done · Esc cancel · Space toggle · ↑↓ move · Ctrl-R review · Ctrl-O details · ? keys"
        XCTAssertEqual(bottom(), browsing)
        state.send(.beginSectionJump)
        XCTAssertEqual(bottom(), "a letter or # jump · any other key back")
        state.send(.back)
        XCTAssertEqual(bottom(), browsing)
        state.send(.startSearch)
        XCTAssertEqual(bottom(), "Enter done · Esc clear · ↓ list · Tab toggle · Ctrl-O details · F1 keys")
        state.send(.cancelSearch)
        state.send(.showKeys)
        XCTAssertEqual(bottom(), "↑↓ scroll · any other key back")
        state.send(.back)
        state.send(.toggleCurrent)
        state.send(.toggleReview)
        XCTAssertEqual(bottom(), "Enter done · Esc back · Space toggle · ↑↓ move · Ctrl-O details · ? keys")
        let loading = PickerState(size: TerminalSize(rows: 5, columns: 60))
        XCTAssertEqual(loading.frame().lines[4].text, "Esc cancel · loading friends…")
    }

    /// A binding put before the standard ones changes a key in its phase alone, and the
    /// overlay and the bottom line say so.
    func testAKeyCanBeRebound() {
        let deselect = KeyBinding(
            [.browsing], help: KeyHelp(.browsing, "Ctrl-X", "select every friend shown"), hint: "Ctrl-X all",
            .keys(.control("x"), send: .toggleAllShown))
        let tabMoves = KeyBinding([.searching], help: nil, .keys(.tab, send: .moveDown))
        let keyMap = KeyMap([deselect, tabMoves] + KeyMap.standard.bindings)
        XCTAssertEqual(keyMap.event(for: .control("x"), in: .browsing), .toggleAllShown)
        XCTAssertNil(keyMap.event(for: .control("x"), in: .searching))
        XCTAssertEqual(keyMap.event(for: .tab, in: .searching), .moveDown)
        XCTAssertEqual(keyMap.event(for: .tab, in: .browsing), .toggleAndMoveDown)
        var state = picker(keyMap: keyMap)
        XCTAssertTrue(state.frame().lines[39].text.hasPrefix("Ctrl-X all · Enter done"))
        state.send(.showKeys)
        XCTAssertTrue(state.frame().text.contains("Ctrl-X"))
        XCTAssertFalse(picker().frame().text.contains("Ctrl-X"))
    }

    /// The help names every key the table takes, in each phase it works in: a key that does
    /// something has a help row that shows it (mouse reports and the modal phases' any-key
    /// aside).
    func testEveryKeyOfTheTableIsInTheHelpOfItsBinding() {
        for binding in KeyMap.standard.bindings {
            guard let help = binding.help else { continue }
            for rule in binding.rules {
                guard case .keys(let keys) = rule.keys else { continue }
                for key in keys { XCTAssertTrue(help.keys.contains(Self.name(of: key)), "\(key) in \(help.keys)") }
            }
        }
    }

    /// How help writes `key`.
    private static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .delete: return "Delete"
        case .function(let number): return "F\(number)"
        case .mouse: return "click"
        case .alt(let letter): return "Alt-" + letter.uppercased()
        case .altBackspace: return "Alt-Backspace"
        case .paste: return "paste"
        }
    }

    /// The bottom line of every phase starts with the keys that finish and cancel it, so a
    /// narrow terminal keeps them.
    func testTheBottomLineNamesTheKeysThatFinishAndCancelFirst() {
        var state = picker()
        state.send(.friendsArrived(FriendBatch((3...8).map { Friend(id: "\($0)", name: "Friend \($0)") })))
        state.send(.resized(rows: 10, columns: 40))
        func bottom() -> String { state.frame().lines[9].text }
        // The key that shows every key is the last to go.
        XCTAssertEqual(bottom(), "Enter done · Esc cancel · ? keys")
        state.send(.beginSectionJump)
        XCTAssertEqual(
            bottom(), "a letter or # jump · any other key back", "at the section jump, Enter and Esc only go back")
        state.send(.back)
        state.send(.typed("a"))
        XCTAssertEqual(bottom(), "Enter done · Esc clear · F1 keys")
        state.send(.moveDown)
        XCTAssertEqual(bottom(), "Enter done · Esc clear · F1 keys", "Esc clears the search applied")
        state.send(.toggleCurrent)
        state.send(.toggleReview)
        XCTAssertEqual(bottom(), "Enter done · Esc back · F1 keys")
        let loading = PickerState(size: TerminalSize(rows: 5, columns: 20))
        XCTAssertEqual(loading.frame().lines[4].text, "Esc cancel")
    }
}
