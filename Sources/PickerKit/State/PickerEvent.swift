/// Something that happened to the picker: a key the user pressed, friends that arrived, a new
/// terminal size. ``PickerState/send(_:)`` is the only way the state changes.
public enum PickerEvent: Hashable, Sendable {
    case moveUp
    case moveDown
    case pageUp
    case pageDown
    case moveToFirst
    case moveToLast
    /// Select or deselect the friend under the cursor.
    case toggleCurrent
    /// Toggle the friend under the cursor, then move down.
    case toggleAndMoveDown
    /// Start editing the query, keeping what it holds.
    case startSearch
    /// Text typed into the query.
    case typed(String)
    /// Backspace: delete the last character of the query.
    case deleteBackward
    /// Delete the last word of the query, and the spaces after it.
    case deleteWord
    /// Empty the query.
    case clearQuery
    /// Stop editing and browse the filtered list.
    case finishSearch
    /// Empty the query and browse the whole list.
    case cancelSearch
    /// Finish with the selection.
    case done
    /// Finish without a result.
    case cancel
    /// The source delivered more friends, and said how many it has in all when it knows.
    case friendsArrived([Friend], expectedTotal: Int? = nil)
    /// The source has delivered everyone.
    case loadingFinished
    /// The source failed after delivering some friends; the message says why.
    case loadingFailed(String)
    /// Time passed while loading: the spinner turns.
    case tick
    /// The terminal now has this many rows and columns.
    case resized(rows: Int, columns: Int)
}
