import PickerSources
import PickerStore

/// How tall the inline area is (`--height`): a number of lines, or a share of the terminal's
/// rows, as fzf's `--height`.
public enum InlineHeight: Hashable, Sendable {
    /// This many lines.
    case lines(Int)
    /// This percentage of the terminal's rows, rounded down, at least ``minimumRows``.
    case percent(Int)

    /// The fewest lines the area has: the title, the search bar, one friend and the bottom line.
    ///
    /// The bottom line is kept because it is where Enter and Esc are named, and where the
    /// picker asks before Esc throws a selection away ("Esc again to discard 3 selected") and
    /// says why a pick was refused: an area without it would make the first Esc look like it
    /// did nothing.
    public static let minimumRows = 4

    /// The lines of the area on a terminal of `terminalRows` rows, or nil when the area would
    /// take the whole terminal (or more), where the full screen serves better.
    package func areaRows(terminalRows: Int) -> Int? {
        let rows: Int
        switch self {
        case .lines(let lines): rows = lines
        case .percent(let percent): rows = max(Self.minimumRows, terminalRows * percent / 100)
        }
        return rows < terminalRows ? rows : nil
    }

    /// The lines of the area once it is open, after the terminal changed to `terminalRows` rows:
    /// as at the start, but never more than the terminal has (it stays inline, filling it).
    package func areaRowsOnceOpen(terminalRows: Int) -> Int {
        max(0, areaRows(terminalRows: terminalRows) ?? terminalRows)
    }
}
