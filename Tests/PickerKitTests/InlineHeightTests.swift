import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--height N` and `--height N%`: what is accepted, and how many lines the area gets.
final class InlineHeightTests: XCTestCase {
    func testLinesAndPercentagesAreRead() throws {
        XCTAssertEqual(try InlineHeight(argument: "10"), .lines(10))
        XCTAssertEqual(try InlineHeight(argument: "4"), .lines(4))
        XCTAssertEqual(try InlineHeight(argument: "40%"), .percent(40))
        XCTAssertEqual(try InlineHeight(argument: "1%"), .percent(1))
        XCTAssertEqual(try InlineHeight(argument: "100%"), .percent(100))
    }

    func testEverythingElseIsRefusedWithAMessageNamingTheValue() {
        for text in [
            "", "%", "0", "2", "3", "-5", "+5", "5.5", "ten", "0%", "101%", "40 %", " 40%", "40%%", "٣٣", "1e3",
        ] {
            XCTAssertThrowsError(try InlineHeight(argument: text), "'\(text)'") { error in
                let message = (error as? Options.UsageError)?.description ?? ""
                XCTAssertTrue(message.hasPrefix("--height needs"), message)
            }
        }
        XCTAssertThrowsError(try InlineHeight(argument: "3"), "three rows would leave no bottom line") { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--height needs at least 4 lines (the title, the search, a friend and the keys), not '3'")
        }
        XCTAssertThrowsError(try InlineHeight(argument: "\u{1B}[2J")) { error in
            XCTAssertFalse((error as? Options.UsageError)?.description.contains("\u{1B}") ?? true)
        }
    }

    func testLinesAreTakenAsTheyAreWhileTheyLeaveARowOfTheTerminal() {
        XCTAssertEqual(InlineHeight.lines(10).areaRows(terminalRows: 24), 10)
        XCTAssertEqual(InlineHeight.lines(23).areaRows(terminalRows: 24), 23)
        XCTAssertNil(InlineHeight.lines(24).areaRows(terminalRows: 24), "the whole terminal: the full screen")
        XCTAssertNil(InlineHeight.lines(100).areaRows(terminalRows: 24))
    }

    func testPercentagesRoundDownToAtLeastFourLines() {
        XCTAssertEqual(InlineHeight.percent(40).areaRows(terminalRows: 24), 9)
        XCTAssertEqual(InlineHeight.percent(50).areaRows(terminalRows: 24), 12)
        XCTAssertEqual(InlineHeight.percent(1).areaRows(terminalRows: 24), 4)
        XCTAssertEqual(InlineHeight.percent(99).areaRows(terminalRows: 100), 99)
        XCTAssertNil(InlineHeight.percent(100).areaRows(terminalRows: 24))
    }

    func testATerminalSmallerThanTheMinimumGetsTheFullScreen() {
        XCTAssertNil(InlineHeight.percent(10).areaRows(terminalRows: 4))
        XCTAssertNil(InlineHeight.lines(4).areaRows(terminalRows: 3))
        XCTAssertNil(InlineHeight.percent(50).areaRows(terminalRows: 0))
        XCTAssertEqual(InlineHeight.percent(10).areaRows(terminalRows: 5), 4)
    }

    func testOnceOpenTheAreaShrinksWithTheTerminalInsteadOfLeavingIt() {
        XCTAssertEqual(InlineHeight.lines(10).areaRowsOnceOpen(terminalRows: 24), 10)
        XCTAssertEqual(InlineHeight.lines(10).areaRowsOnceOpen(terminalRows: 8), 8)
        XCTAssertEqual(InlineHeight.percent(40).areaRowsOnceOpen(terminalRows: 50), 20)
        XCTAssertEqual(InlineHeight.percent(100).areaRowsOnceOpen(terminalRows: 30), 30)
        XCTAssertEqual(InlineHeight.lines(10).areaRowsOnceOpen(terminalRows: 0), 0)
    }

    /// The fewest lines keep the bottom line: Enter and Esc named, and the question before Esc
    /// discards a selection, which an area without it would not show.
    func testTheFewestLinesKeepTheBottomLine() {
        var state = PickerState(
            loaded: FriendList([Friend(id: "1", name: "Ada"), Friend(id: "2", name: "Bob")]),
            size: TerminalSize(rows: InlineHeight.minimumRows, columns: 40))
        XCTAssertEqual(
            state.frame().text,
            """
            Select Friends          2/2 · 0 selected
            type to search
            > [ ] Ada
            Enter done · Esc cancel · ? keys
            """)
        state.send(.toggleCurrent)
        state.send(.clearOrCancel)
        XCTAssertEqual(state.frame().lines.last?.text, "Esc again to discard 1 selected")
    }
}
