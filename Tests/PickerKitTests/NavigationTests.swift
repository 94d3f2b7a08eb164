import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Sections, wrapping and the mouse.
final class NavigationTests: XCTestCase {
    private let names = ["Ada A", "Abe B", "Bob C", "Bea D", "Dov E", "Dan F", "Zed G", "Анна H", "王 I"]

    private func picker(cycles: Bool = false, rows: Int = 30) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.cycles = cycles
        var state = PickerState(size: TerminalSize(rows: rows, columns: 40), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(names.enumerated().map { Friend(id: String($0 + 1), name: $1) })))
        state.send(.loadingFinished)
        return state
    }

    private func current(_ state: PickerState) -> String? { state.currentFriend?.name }

    func testNextAndPreviousSection() {
        var state = picker()
        state.send(.nextSection)
        XCTAssertEqual(current(state), "Bea D")
        state.send(.nextSection)
        XCTAssertEqual(current(state), "Dan F")
        state.send(.moveDown)
        state.send(.previousSection)
        XCTAssertEqual(current(state), "Dan F", "from inside a section, back to its start")
        state.send(.previousSection)
        XCTAssertEqual(current(state), "Bea D")
        state.send(.moveToLast)
        state.send(.nextSection)
        XCTAssertEqual(current(state), "王 I", "no section after the last")
    }

    func testJumpingToTheSectionOfATypedLetter() {
        var state = picker()
        state.send(.beginSectionJump)
        XCTAssertEqual(state.phase, .choosingSection)
        XCTAssertEqual(state.frame().lines[1].text, "jump to section: type a letter or #")
        state.send(.jumpToSection("d"))
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(current(state), "Dan F")
        for (letter, expected) in [
            ("C", "Dan F"), ("#", "王 I"), ("z", "Zed G"), ("а", "Анна H"), ("Я", "王 I"), ("a", "Abe B"),
        ]
            as [(Character, String)]
        {
            state.send(.beginSectionJump)
            state.send(.jumpToSection(letter))
            XCTAssertEqual(current(state), expected, "\(letter): that section, or the next one shown")
        }
        state.send(.beginSectionJump)
        state.send(.back)
        XCTAssertEqual(state.phase, .browsing)
    }

    func testCycleWrapsAtBothEnds() {
        var state = picker(cycles: true)
        state.send(.moveUp)
        XCTAssertEqual(current(state), "王 I")
        state.send(.moveDown)
        XCTAssertEqual(current(state), "Abe B")
        var plain = picker()
        plain.send(.moveUp)
        XCTAssertEqual(current(plain), "Abe B", "without --cycle the cursor stops")
    }

    func testClicksMoveTheCursorToggleOnTheCheckBoxAndDoubleClicksFinish() {
        var state = picker()
        let lines = state.frame().lines.map(\.text)
        let bob = try? XCTUnwrap(lines.firstIndex { $0.hasSuffix("Bob C") })
        guard let bob else { return XCTFail("Bob is on screen") }
        state.send(.click(line: bob, column: 10))
        XCTAssertEqual(current(state), "Bob C")
        XCTAssertTrue(state.selection.isEmpty)
        state.send(.click(line: bob - 1, column: 3))
        XCTAssertEqual(current(state), "Bea D")
        XCTAssertEqual(state.selection.orderedIDs, ["4"], "a click on the check box toggles")
        state.send(.click(line: 2, column: 3))
        XCTAssertEqual(current(state), "Bea D", "a click on a header does nothing")
        state.send(.click(line: 0, column: 3))
        XCTAssertEqual(current(state), "Bea D", "nor on the title")
        state.send(.scroll(3))
        XCTAssertEqual(current(state), "Dov E")
        state.send(.doubleClick(line: bob))
        XCTAssertEqual(state.phase, .done)
        XCTAssertEqual(state.result.map(\.name), ["Bea D"])
    }

    func testTheKeyOverlayShowsEveryContextAndGoesAway() {
        var state = picker(rows: 60)
        state.send(.resized(rows: 60, columns: 100))
        state.send(.showKeys)
        // The overlay scrolls a page at a time to its last line.
        var text = state.frame().text
        for _ in 0..<10 {
            state.send(.pageDown)
            text += state.frame().text
        }
        XCTAssertEqual(state.phase, .showingKeys, "moving scrolls the overlay")
        XCTAssertTrue(state.frame().text.contains("wheel"), "the last line reached")
        for context in KeyHelp.Context.allCases { XCTAssertTrue(text.contains(context.rawValue), context.rawValue) }
        for help in KeyMap.standard.help {
            // Long lists of keys wrap after a comma.
            for keys in help.keys.components(separatedBy: ", ") { XCTAssertTrue(text.contains(keys), keys) }
        }
        state.send(.back)
        XCTAssertEqual(state.phase, .browsing)
    }
}
