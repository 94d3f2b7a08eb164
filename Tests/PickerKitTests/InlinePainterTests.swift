import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// What the inline painter writes: whole changed lines at the area's rows, the cursor row and
/// the text cursor in reverse video, the cursor parked on the area's first cell, and on the
/// way out the area's lines blanked and the cursor home.
final class InlinePainterTests: XCTestCase {
    private func position(_ row: Int, _ column: Int) -> CursorPosition { CursorPosition(row: row, column: column) }

    private func frame(_ texts: [String], cursorRow: Int? = nil, cursor: (line: Int, column: Int)? = nil) -> Frame {
        let lines = texts.enumerated().map { index, text in
            Frame.Line(text.isEmpty ? [] : [Frame.Span(text)], isCursor: index == cursorRow)
        }
        return Frame(
            lines: lines, cursor: cursor.map { Frame.Position(line: $0.line, column: $0.column) })
    }

    func testTheFirstPaintWritesEveryLineAtTheAreasRowsAndParksTheCursor() {
        var painter = InlinePainter()
        XCTAssertEqual(
            painter.paint(frame(["Title", "", "Last"]), top: 7, columns: 10),
            [
                .move(position(7, 0)), .text("Title", .plain), .clearLine,
                .move(position(8, 0)), .clearLine,
                .move(position(9, 0)), .text("Last", .plain), .clearLine,
                .move(position(7, 0)),
            ])
    }

    func testOnlyChangedLinesAreWrittenAgain() {
        var painter = InlinePainter()
        _ = painter.paint(frame(["Title", "one", "two"]), top: 0, columns: 10)
        XCTAssertEqual(painter.paint(frame(["Title", "one", "two"]), top: 0, columns: 10), [])
        XCTAssertEqual(
            painter.paint(frame(["Title", "one", "three"]), top: 0, columns: 10),
            [.move(position(2, 0)), .text("three", .plain), .clearLine, .move(position(0, 0))])
    }

    func testForgettingOrANewWidthWritesEverythingAgain() {
        var painter = InlinePainter()
        _ = painter.paint(frame(["a", "b"]), top: 0, columns: 10)
        painter.forget()
        XCTAssertEqual(painter.paint(frame(["a", "b"]), top: 3, columns: 10).count, 7)
        XCTAssertEqual(painter.paint(frame(["a", "b"]), top: 3, columns: 8).count, 7)
    }

    func testAFullLineIsNotClearedAfterItsText() {
        // Clearing at the right margin would blank the last cell on terminals that keep the
        // cursor on it.
        var painter = InlinePainter()
        XCTAssertEqual(
            painter.paint(frame(["12345"]), top: 0, columns: 5),
            [.move(position(0, 0)), .text("12345", .plain), .move(position(0, 0))])
    }

    func testTheCursorRowIsReversedAcrossTheWholeWidthWithEachRolesStyle() {
        let line = Frame.Line([Frame.Span("> "), Frame.Span("[x]", .checked), Frame.Span(" Ada")], isCursor: true)
        var painter = InlinePainter()
        var checked = Frame.Role.checked.style
        checked.reverse = true
        XCTAssertEqual(
            painter.paint(Frame(lines: [line], cursor: nil), top: 0, columns: 12),
            [
                .move(position(0, 0)), .text("> ", TextStyle(reverse: true)), .text("[x]", checked),
                .text(" Ada", TextStyle(reverse: true)), .text("   ", TextStyle(reverse: true)),
                .move(position(0, 0)),
            ])
    }

    /// The terminal's cursor ends where the frame puts it, on the area's lines (the query's text
    /// cursor, or the focused row's marker, which a screen reader follows); it is moved there
    /// again when only it moved.
    func testTheTerminalsCursorEndsWhereTheFramePutsIt() {
        let prompt = Frame.Role.prompt.style
        let bar = Frame.Line([Frame.Span("/ ", .prompt), Frame.Span("ad", .query)])
        var painter = InlinePainter()
        XCTAssertEqual(
            painter.paint(Frame(lines: [bar], cursor: Frame.Position(line: 0, column: 4)), top: 2, columns: 10),
            [.move(position(2, 0)), .text("/ ", prompt), .text("ad", .plain), .clearLine, .move(position(2, 4))])
        XCTAssertEqual(painter.cursorLine, 0)
        XCTAssertEqual(
            painter.paint(Frame(lines: [bar], cursor: Frame.Position(line: 0, column: 3)), top: 2, columns: 10),
            [.move(position(2, 3))], "only the cursor moved")
        XCTAssertEqual(
            painter.paint(Frame(lines: [bar], cursor: Frame.Position(line: 0, column: 3)), top: 2, columns: 10), [],
            "nothing moved")
        let rows = [bar, Frame.Line([Frame.Span("> "), Frame.Span("[ ] Ada")], isCursor: true)]
        let steps = painter.paint(Frame(lines: rows, cursor: Frame.Position(line: 1, column: 0)), top: 2, columns: 10)
        XCTAssertEqual(steps.last, .move(position(3, 0)), "the focused row's marker")
        XCTAssertEqual(painter.cursorLine, 1)
    }

    func testEraseBlanksTheAreasLinesOnlyAndGoesHomeThenTheNextPaintWritesAll() {
        var painter = InlinePainter()
        _ = painter.paint(frame(["a", "b"]), top: 4, columns: 10)
        XCTAssertEqual(
            painter.erase(top: 4, rows: 2, home: position(3, 6)),
            [.move(position(4, 0)), .clearLine, .move(position(5, 0)), .clearLine, .move(position(3, 6))])
        XCTAssertEqual(painter.paint(frame(["a", "b"]), top: 4, columns: 10).count, 7)
    }

    func testAPickerFrameIsPaintedWithinTheWidthLineForLine() {
        var state = PickerState(size: TerminalSize(rows: 6, columns: 30))
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Bob")])))
        state.send(.loadingFinished)
        state.send(.startSearch)
        state.send(.typed("a"))
        let frame = state.frame()
        var painter = InlinePainter()
        var rows: [Int: String] = [:]
        var row = -1
        for step in painter.paint(frame, top: 10, columns: 30) {
            switch step {
            case .move(let position):
                row = position.row
                rows[row] = rows[row] ?? ""
            case .text(let text, _): rows[row, default: ""] += text
            default: break
            }
        }
        func withoutTrailingBlanks(_ text: String) -> String { String(text.reversed().drop { $0 == " " }.reversed()) }
        XCTAssertEqual(Set(rows.keys), Set(10..<16))
        for (row, text) in rows {
            XCTAssertLessThanOrEqual(DisplayWidth.of(text), 30)
            XCTAssertEqual(withoutTrailingBlanks(text), withoutTrailingBlanks(frame.lines[row - 10].text), "row \(row)")
        }
    }
}
