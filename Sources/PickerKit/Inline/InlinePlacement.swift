import PickerSources
import PickerStore

/// Where the inline area is on the terminal: the rows it takes, how far the terminal must
/// scroll to make room for it, and where the cursor goes back to when the picker leaves.
///
/// The area starts on the cursor's line when the cursor is at the start of a line, else on
/// the next line, so that what is left of the cursor's line stays. When the area does not fit
/// below, the terminal scrolls up (the lines above go into its scrollback, as printing does)
/// rather than anything being drawn over.
package struct InlinePlacement: Hashable, Sendable {
    /// The terminal row of the area's first line.
    package var top: Int
    /// How many lines the area has.
    package var rows: Int
    /// How many lines the terminal scrolls up before the area is drawn.
    package var scroll: Int
    /// Where the cursor goes when the picker leaves or suspends: where it was when the picker
    /// started, moved up by the scroll.
    package var home: CursorPosition

    /// The area of `rows` lines below `cursor` on a terminal of `size`.
    package init(rows: Int, below cursor: CursorPosition, in size: TerminalSize) {
        let rows = min(max(rows, 0), max(size.rows, 0))
        let anchor = min(max(cursor.row, 0) + (cursor.column > 0 ? 1 : 0), max(size.rows, 0))
        self.rows = rows
        scroll = max(0, anchor + rows - size.rows)
        top = anchor - scroll
        home = Self.clamped(CursorPosition(row: cursor.row - scroll, column: cursor.column), in: size)
    }

    private init(top: Int, rows: Int, scroll: Int, home: CursorPosition) {
        self.top = top
        self.rows = rows
        self.scroll = scroll
        self.home = home
    }

    /// The area after the terminal was resized to `size`, with `rows` lines, when its first
    /// line is now at `row` (the terminal moves lines when its height changes): the area
    /// starts there, or as low as it fits, and home keeps its distance above the area.
    package func moved(to row: Int, rows: Int, in size: TerminalSize) -> InlinePlacement {
        let rows = min(max(rows, 0), max(size.rows, 0))
        let anchor = min(max(row, 0), max(size.rows - 1, 0))
        let scroll = max(0, anchor + rows - size.rows)
        let top = anchor - scroll
        let home = CursorPosition(row: top - (self.top - self.home.row), column: self.home.column)
        return InlinePlacement(top: top, rows: rows, scroll: scroll, home: Self.clamped(home, in: size))
    }

    /// The line of the area at terminal `row`, or nil when `row` is outside the area.
    package func line(ofRow row: Int) -> Int? {
        row >= top && row < top + rows ? row - top : nil
    }

    /// `position` where it is on the terminal; a home scrolled off the top becomes the area's
    /// first cell, which is where the next output goes.
    private static func clamped(_ position: CursorPosition, in size: TerminalSize) -> CursorPosition {
        guard position.row >= 0 else { return CursorPosition(row: 0, column: 0) }
        return CursorPosition(row: position.row, column: min(max(position.column, 0), max(size.columns - 1, 0)))
    }
}
