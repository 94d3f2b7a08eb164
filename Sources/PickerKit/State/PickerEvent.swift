/// Something that happened to the picker: a key the user pressed, a click, friends that
/// arrived, a new terminal size. ``PickerState/send(_:)`` is the only way the state changes.
public enum PickerEvent: Hashable, Sendable {
    case moveUp
    case moveDown
    case pageUp
    case pageDown
    case moveToFirst
    case moveToLast
    /// Move to the first friend of the previous section (or of this one, from inside it).
    case previousSection
    /// Move to the first friend of the next section.
    case nextSection
    /// Wait for the letter of the section to jump to.
    case beginSectionJump
    /// Move to the first friend of the section of this letter, or of the next one shown.
    case jumpToSection(Character)
    /// Select or deselect the friend under the cursor.
    case toggleCurrent
    /// Toggle the friend under the cursor, then move down.
    case toggleAndMoveDown
    /// Select every friend shown, within the limit.
    case selectAllShown
    /// Deselect every friend shown.
    case deselectAllShown
    /// Deselect everyone, shown or not.
    case clearSelection
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
    /// Show every key over the list.
    case showKeys
    /// Leave the key overlay or the section jump, back to browsing.
    case back
    /// A click on screen line `line`, column `column` (from 0).
    case click(line: Int, column: Int)
    /// A double click on screen line `line`.
    case doubleClick(line: Int)
    /// The mouse wheel: move this many rows (negative: up).
    case scroll(Int)
    /// Finish with the selection.
    case done
    /// Finish without a result.
    case cancel
    /// The source delivered more friends, made ready for the list where they were read, and
    /// said how many it has in all when it knows.
    case friendsArrived(FriendBatch, expectedTotal: Int? = nil)
    /// The friends that arrive are a cached copy of the source, read whole `age` seconds ago;
    /// with `refreshing`, the source is being read again, and its list will replace the copy.
    case cachedCopyShown(age: Int64, refreshing: Bool)
    /// The source was read whole again, off screen: its list replaces the one shown in one
    /// step; `leftOut` of its friends were left out for an id seen before, and it announced
    /// `total` friends in all, if it did.
    case listReplaced(FriendList, leftOut: Int, total: Int?)
    /// The source has delivered everyone.
    case loadingFinished
    /// The source failed after delivering some friends; the message says why.
    case loadingFailed(String)
    /// Time passed while loading: the spinner turns.
    case tick
    /// The terminal now has this many rows and columns.
    case resized(rows: Int, columns: Int)

    /// Whether the user did this (a key or the mouse), rather than the source or the clock.
    var isUserAction: Bool {
        switch self {
        case .friendsArrived, .cachedCopyShown, .listReplaced, .loadingFinished, .loadingFailed, .tick, .resized:
            return false
        default: return true
        }
    }
}
