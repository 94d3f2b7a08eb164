import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Where the inline area goes below the cursor, when the terminal must scroll, and where the
/// cursor goes back to.
final class InlinePlacementTests: XCTestCase {
    private let terminal = TerminalSize(rows: 24, columns: 80)

    private func position(_ row: Int, _ column: Int) -> CursorPosition { CursorPosition(row: row, column: column) }

    func testWithRoomBelowTheAreaStartsOnTheCursorsLine() {
        let placement = InlinePlacement(rows: 10, below: position(5, 0), in: terminal)
        XCTAssertEqual(placement.top, 5)
        XCTAssertEqual(placement.rows, 10)
        XCTAssertEqual(placement.scroll, 0)
        XCTAssertEqual(placement.home, position(5, 0))
    }

    func testACursorInsideALineStartsTheAreaOnTheNextAndComesBackToIt() {
        let placement = InlinePlacement(rows: 10, below: position(5, 7), in: terminal)
        XCTAssertEqual(placement.top, 6)
        XCTAssertEqual(placement.scroll, 0)
        XCTAssertEqual(placement.home, position(5, 7))
    }

    func testNearTheBottomTheTerminalScrollsJustEnough() {
        let placement = InlinePlacement(rows: 10, below: position(20, 0), in: terminal)
        XCTAssertEqual(placement.scroll, 6)
        XCTAssertEqual(placement.top, 14)
        XCTAssertEqual(placement.top + placement.rows, 24, "the area ends on the last row")
        XCTAssertEqual(placement.home, position(14, 0))

        let midLine = InlinePlacement(rows: 10, below: position(23, 4), in: terminal)
        XCTAssertEqual(midLine.scroll, 10)
        XCTAssertEqual(midLine.top, 14)
        XCTAssertEqual(midLine.home, position(13, 4), "the cursor's line scrolled up with the rest")
    }

    func testExactlyFittingNeedsNoScroll() {
        let placement = InlinePlacement(rows: 10, below: position(14, 0), in: terminal)
        XCTAssertEqual(placement.scroll, 0)
        XCTAssertEqual(placement.top, 14)
    }

    func testAnAreaAsTallAsTheTerminalSendsHomeToTheAreasFirstCellWhenItsLineScrolledAway() {
        let placement = InlinePlacement(rows: 24, below: position(10, 3), in: terminal)
        XCTAssertEqual(placement.top, 0)
        XCTAssertEqual(placement.scroll, 11)
        XCTAssertEqual(placement.home, position(0, 0))
        XCTAssertEqual(InlinePlacement(rows: 40, below: position(3, 0), in: terminal).rows, 24)
    }

    func testAfterAResizeTheAreaFollowsItsFirstLineAndHomeKeepsItsDistance() {
        let placement = InlinePlacement(rows: 10, below: position(5, 7), in: terminal)
        let pushedUp = placement.moved(to: 2, rows: 10, in: TerminalSize(rows: 20, columns: 60))
        XCTAssertEqual(pushedUp.top, 2)
        XCTAssertEqual(pushedUp.scroll, 0)
        XCTAssertEqual(pushedUp.home, position(1, 7))

        let shorter = placement.moved(to: 6, rows: 8, in: TerminalSize(rows: 10, columns: 80))
        XCTAssertEqual(shorter.scroll, 4, "the area no longer fits below: the terminal scrolls")
        XCTAssertEqual(shorter.top, 2)
        XCTAssertEqual(shorter.home, position(1, 7))

        let narrow = placement.moved(to: 6, rows: 10, in: TerminalSize(rows: 24, columns: 5))
        XCTAssertEqual(narrow.home, position(5, 4), "home's column stays on the terminal")
    }

    func testRowsAreMappedToLinesOfTheAreaOnlyInsideIt() {
        let placement = InlinePlacement(rows: 10, below: position(5, 0), in: terminal)
        XCTAssertEqual(placement.line(ofRow: 5), 0)
        XCTAssertEqual(placement.line(ofRow: 14), 9)
        XCTAssertNil(placement.line(ofRow: 4))
        XCTAssertNil(placement.line(ofRow: 15))
    }
}
