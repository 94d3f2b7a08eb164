import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The key overlay wraps what each key does under itself (under the keys on a narrow screen),
/// cuts nothing, and scrolls to its last lines on a short screen.
final class KeyOverlayTests: XCTestCase {
    private func overlay(rows: Int, columns: Int) -> PickerState {
        var state = PickerState(size: TerminalSize(rows: rows, columns: columns))
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ada Lovelace")])))
        state.send(.showKeys)
        return state
    }

    /// Every line the overlay shows, scrolled from its top to its end.
    private func everyLine(_ state: inout PickerState) -> [String] {
        var lines: [String] = []
        var previous = ""
        for _ in 0..<200 {
            let text = state.frame().text
            if text == previous { break }
            previous = text
            let body = state.frame().lines[
                state.layout.firstListLine..<(state.layout.firstListLine + state.layout.listRows)]
            lines += body.map(\.text)
            state.send(.moveDown)
        }
        return lines
    }

    func testNothingIsCutAtAnyWidthAndTheLastLinesAreReached() {
        for (rows, columns) in [(24, 80), (30, 50), (12, 30)] {
            var state = overlay(rows: rows, columns: columns)
            let lines = everyLine(&state)
            XCTAssertTrue(lines.allSatisfy { !$0.contains("…") }, "\(columns) columns: \(lines)")
            XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= columns })
            let words = Set(lines.joined(separator: " ").split(separator: " "))
            for help in KeyMap.standard.help {
                for word in help.action.split(separator: " ") {
                    XCTAssertTrue(words.contains(word), "\(columns) columns: \(word) of \(help.action)")
                }
            }
            XCTAssertTrue(lines.contains { $0.contains("wheel") }, "\(rows) rows: the last line")
        }
    }

    func testANarrowScreenPutsWhatAKeyDoesUnderIt() {
        let state = overlay(rows: 30, columns: 50)
        let lines = state.frame().lines.map(\.text)
        let enter = try? XCTUnwrap(lines.firstIndex { $0.hasPrefix("   Enter") })
        XCTAssertEqual(lines[enter ?? 0].trimmingCharacters(in: .whitespaces), "Enter", "the keys alone")
        XCTAssertTrue(lines[(enter ?? 0) + 1].hasPrefix("     done"), lines[(enter ?? 0) + 1])
    }

    func testScrollingStopsAtTheEndsAndAnyOtherKeyGoesBack() {
        var state = overlay(rows: 12, columns: 80)
        state.send(.moveUp)
        XCTAssertEqual(state.overlayTop, 0)
        state.send(.moveToLast)
        let last = state.overlayTop
        XCTAssertEqual(state.overlayTop + state.layout.listRows, state.keyOverlay.lines.count)
        state.send(.pageDown)
        XCTAssertEqual(state.overlayTop, last)
        XCTAssertEqual(KeyMap.standard.event(for: .character("x"), in: .showingKeys), .back)
        state.send(.back)
        XCTAssertEqual(state.phase, .browsing)
    }
}
