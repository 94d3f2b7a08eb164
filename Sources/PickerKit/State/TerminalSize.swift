import PickerSources
import PickerStore

/// The size of a terminal in character cells.
package struct TerminalSize: Hashable, Sendable {
    package var rows: Int
    package var columns: Int

    package init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}
