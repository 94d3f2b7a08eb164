import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `send` says what happened, so that the loop acts on the outcome instead of reading fields.
final class PickerStateOutcomeTests: XCTestCase {
    private func picker() -> PickerState {
        var state = PickerState(size: TerminalSize(rows: 10, columns: 40))
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ada"), Friend(id: "2", name: "Bob")])))
        return state
    }

    func testEveryOtherEventGoesOn() {
        var state = picker()
        let events: [PickerEvent] = [
            .moveDown, .toggleCurrent, .startSearch, .typed("b"), .finishSearch, .showKeys, .back, .tick,
            .resized(rows: 3, columns: 20), .loadingFinished, .click(line: 2, column: 3),
        ]
        for event in events { XCTAssertEqual(state.send(event), .continuing, "\(event)") }
    }

    func testDoneAndADoubleClickFinishCancelCancels() {
        var done = picker()
        XCTAssertEqual(done.send(.done), .finished)
        var doubleClicked = picker()
        XCTAssertEqual(doubleClicked.send(.doubleClick(line: 3)), .finished)
        XCTAssertEqual(doubleClicked.result.map(\.name), ["Bob"])
        var cancelled = picker()
        XCTAssertEqual(cancelled.send(.cancel), .cancelled)
    }

    func testTheOutcomeStaysOnceTheStateHasClosed() {
        var done = picker()
        done.send(.done)
        XCTAssertEqual(done.send(.moveDown), .finished)
        XCTAssertEqual(done.send(.cancel), .finished)
        var cancelled = picker()
        cancelled.send(.cancel)
        XCTAssertEqual(cancelled.send(.done), .cancelled)
    }

    /// The frame is drawn at the size the state was last told, from the scroll position the
    /// last event left: asking for it twice gives the same frame.
    func testTheFrameUsesTheStatesOwnSize() {
        var state = picker()
        state.send(.resized(rows: 4, columns: 12))
        let frame = state.frame()
        XCTAssertEqual(frame.lines.count, 4)
        XCTAssertTrue(frame.lines.allSatisfy { DisplayWidth.of($0.text) <= 12 })
        XCTAssertEqual(state.frame(), frame)
        state.send(.moveToLast)
        XCTAssertEqual(state.frame().lines[2].text, "> [ ] Bob")
    }
}
