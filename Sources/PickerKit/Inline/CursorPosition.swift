import PickerSources
import PickerStore

/// A cell of the terminal, from 0: where the cursor is, as the terminal reports it.
package struct CursorPosition: Hashable, Sendable {
    package var row: Int
    package var column: Int

    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
