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
/// column and cleared after its text. The terminal's cursor stays hidden, parked on the area's
/// first cell: the text cursor of the search bar is drawn as a cell in reverse video, as gum
/// draws it. So when the terminal is resized, and rewraps or moves its lines, the area starts
/// where the cursor is found, and nothing of it is left above.
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

    package init() {}

    /// Forgets what the area shows, so that the next paint writes every line (after the
    /// terminal was resized, or given back to the shell and taken again).
    package mutating func forget() {
        shown = []
    }

    /// The steps that make the `columns`-wide area whose first line is terminal row `top` show
    /// `frame`, ending with the cursor on the area's first cell; none when nothing changed.
    package mutating func paint(_ frame: Frame, top: Int, columns: Int) -> [PaintStep] {
        if columns != shownColumns || shown.count != frame.lines.count {
            shown = Array(repeating: nil, count: frame.lines.count)
            shownColumns = columns
        }
        var steps: [PaintStep] = []
        for (index, line) in frame.lines.enumerated() {
            let cursorColumn = frame.textCursor.flatMap { $0.line == index ? $0.column : nil }
            let runs = Self.runs(of: line, cursorColumn: cursorColumn, columns: columns)
            guard runs != shown[index] else { continue }
            shown[index] = runs
            steps.append(.move(CursorPosition(row: top + index, column: 0)))
            for run in runs { steps.append(.text(run.text, run.style)) }
            if runs.reduce(0, { $0 + DisplayWidth.of($1.text) }) < columns { steps.append(.clearLine) }
        }
        if !steps.isEmpty { steps.append(.move(CursorPosition(row: top, column: 0))) }
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

    /// `line` as runs of styled text: the cursor row in reverse video across the whole width,
    /// and the cell at `cursorColumn`, if any, in reverse video as the text cursor.
    private static func runs(of line: Frame.Line, cursorColumn: Int?, columns: Int) -> [Run] {
        var runs = line.spans.filter { !$0.text.isEmpty }.map { span in
            var style = span.role.style
            style.reverse = style.reverse || line.isCursor
            return Run(text: span.text, style: style)
        }
        let width = runs.reduce(0) { $0 + DisplayWidth.of($1.text) }
        if line.isCursor, width < columns {
            runs.append(Run(text: String(repeating: " ", count: columns - width), style: TextStyle(reverse: true)))
        }
        guard let cursorColumn, cursorColumn >= 0, cursorColumn < columns else { return runs }
        return withTextCursor(runs, at: cursorColumn)
    }

    /// `runs` with the character at `column` (a blank past the text) in reverse video.
    private static func withTextCursor(_ runs: [Run], at column: Int) -> [Run] {
        var result: [Run] = []
        var reached = 0
        for (index, run) in runs.enumerated() {
            let width = DisplayWidth.of(run.text)
            guard reached + width > column else {
                result.append(run)
                reached += width
                continue
            }
            var before = ""
            var at = run.text.startIndex
            var columnOfAt = reached
            while at < run.text.endIndex, columnOfAt + DisplayWidth.of(run.text[at]) <= column {
                before.append(run.text[at])
                columnOfAt += DisplayWidth.of(run.text[at])
                at = run.text.index(after: at)
            }
            var cursorStyle = run.style
            cursorStyle.reverse.toggle()
            if !before.isEmpty { result.append(Run(text: before, style: run.style)) }
            result.append(Run(text: String(run.text[at]), style: cursorStyle))
            let after = run.text[run.text.index(after: at)...]
            if !after.isEmpty { result.append(Run(text: String(after), style: run.style)) }
            return result + runs[(index + 1)...]
        }
        if reached < column { result.append(Run(text: String(repeating: " ", count: column - reached), style: .plain)) }
        return result + [Run(text: " ", style: TextStyle(reverse: true))]
    }
}
