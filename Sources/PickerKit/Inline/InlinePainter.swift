import PickerSources
import PickerStore

/// One thing the inline painter writes to the terminal.
package enum PaintStep: Hashable, Sendable {
    /// Moves the cursor to a cell of the terminal.
    case move(CursorPosition)
    /// Writes text in a style, which replaces the style of what was written before.
    case text(String, TextStyle)
    /// Blanks the cursor's line from the cursor to its end, in the terminal's own style.
    case clearLine
    /// Blanks from the cursor to the end of the screen, in the terminal's own style.
    case clearBelow
}

/// Paints frames into a few lines of the terminal without taking the screen: what ncurses does
/// for the full screen, for the inline area, as steps that a terminfo writer turns into bytes.
///
/// Only the lines that changed since the last paint are written, each whole from its first
/// column and cleared after its text. The terminal's cursor ends where the frame puts it (the
/// query's text cursor, or the marker of the friend under the cursor, which a screen reader
/// follows), and ``cursorLine`` says on which line of the area: when the terminal is resized,
/// and moves its lines, the area starts that many lines above where the cursor is found.
package struct InlinePainter: Sendable {
    /// Text in one style.
    private struct Run: Hashable, Sendable {
        var text: String
        var style: TextStyle
    }

    /// What each line of the area shows, as last painted; nil where it is not known.
    private var shown: [[Run]?] = []
    /// The width the lines were painted for.
    private var shownColumns = 0
    /// Where the cursor was left, in the area (its line from the area's first), when known.
    private var shownCursor: Frame.Position?

    /// The line of the area the cursor was left on by the last paint.
    package var cursorLine: Int { shownCursor?.line ?? 0 }

    /// How many rows the area's lines above the cursor's take once a terminal now `columns`
    /// wide has rewrapped them, as terminals that reflow their lines do when made narrower (a
    /// line as wide as the area was takes two rows at half the width); one each otherwise.
    package func rowsAboveTheCursor(columns: Int) -> Int {
        shown.prefix(cursorLine).reduce(0) { rows, line in
            let width = line.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } } ?? 0
            return rows + max(1, columns > 0 ? (width + columns - 1) / columns : 1)
        }
    }

    package init() {}

    /// Forgets what the area shows, so that the next paint writes every line (after the
    /// terminal was resized, or given back to the shell and taken again).
    package mutating func forget() {
        shown = []
        shownCursor = nil
    }

    /// The steps that make the `columns`-wide area whose first line is terminal row `top` show
    /// `frame`, ending with the cursor where the frame puts it (the area's first cell when it
    /// puts it nowhere); none when nothing changed.
    package mutating func paint(_ frame: Frame, top: Int, columns: Int) -> [PaintStep] {
        if columns != shownColumns || shown.count != frame.lines.count {
            shown = Array(repeating: nil, count: frame.lines.count)
            shownColumns = columns
        }
        var steps: [PaintStep] = []
        for (index, line) in frame.lines.enumerated() {
            let runs = Self.runs(of: line, columns: columns)
            guard runs != shown[index] else { continue }
            shown[index] = runs
            steps.append(.move(CursorPosition(row: top + index, column: 0)))
            for run in runs { steps.append(.text(run.text, run.style)) }
            if runs.reduce(0, { $0 + DisplayWidth.of($1.text) }) < columns { steps.append(.clearLine) }
        }
        let cursor = frame.cursor ?? Frame.Position(line: 0, column: 0)
        if !steps.isEmpty || cursor != shownCursor {
            steps.append(.move(CursorPosition(row: top + cursor.line, column: max(0, min(cursor.column, columns - 1)))))
            shownCursor = cursor
        }
        return steps
    }

    /// The steps that blank the area's `rows` lines from terminal row `top` (and nothing else)
    /// and put the cursor at `home`.
    package mutating func erase(top: Int, rows: Int, home: CursorPosition) -> [PaintStep] {
        forget()
        var steps: [PaintStep] = []
        for row in top..<(top + max(rows, 0)) { steps += [.move(CursorPosition(row: row, column: 0)), .clearLine] }
        return steps + [.move(home)]
    }

    /// `line` as runs of styled text: the cursor row in reverse video across the whole width.
    private static func runs(of line: Frame.Line, columns: Int) -> [Run] {
        var runs = line.spans.filter { !$0.text.isEmpty }.map { span in
            var style = span.role.style
            style.reverse = style.reverse || line.isCursor
            return Run(text: span.text, style: style)
        }
        let width = runs.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let own = line.ownColumns(of: columns)
        if line.isCursor, width < own {
            runs.append(Run(text: String(repeating: " ", count: own - width), style: TextStyle(reverse: true)))
        }
        if let beside = line.beside, beside.column < columns {
            if width < beside.column, !line.isCursor {
                runs.append(Run(text: String(repeating: " ", count: beside.column - width), style: TextStyle()))
            }
            runs += beside.spans.filter { !$0.text.isEmpty }.map { Run(text: $0.text, style: $0.role.style) }
        }
        return runs
    }
}
