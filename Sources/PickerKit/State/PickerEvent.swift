import PickerSources
import PickerStore

/// Something that happened to the picker: a key the user pressed, a click, friends that
/// arrived, a new terminal size. ``PickerState/send(_:)`` is the only way the state changes.
package enum PickerEvent: Hashable, Sendable {
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
    /// Toggle the friend under the cursor, then move up.
    case toggleAndMoveUp
    /// Select every friend shown, within the limit; when every one is selected already,
    /// deselect them all.
    case toggleAllShown
    /// Select every friend shown, within the limit.
    case selectAllShown
    /// Deselect every friend shown.
    case deselectAllShown
    /// Start editing the query, keeping what it holds.
    case startSearch
    /// Text typed into the query at its cursor; from the list, it starts a search.
    case typed(String)
    /// Backspace: delete the character before the query's cursor.
    case deleteBackward
    /// Delete: delete the character under the query's cursor.
    case deleteForward
    /// Delete the word before the query's cursor, and the spaces after it, as readline's Ctrl-W.
    case deleteWord
    /// Delete everything before the query's cursor, as readline's Ctrl-U.
    case deleteToStart
    /// Move the query's cursor a character left.
    case queryCursorLeft
    /// Move the query's cursor a character right.
    case queryCursorRight
    /// Move the query's cursor before the first character.
    case queryCursorToStart
    /// Move the query's cursor after the last character.
    case queryCursorToEnd
    /// Move the query's cursor to the start of the word before it, as readline's Alt-b.
    case queryCursorWordLeft
    /// Move the query's cursor past the end of the word after it, as readline's Alt-f.
    case queryCursorWordRight
    /// Delete from the query's cursor to the end of the word after it, as readline's Alt-d.
    case deleteWordForward
    /// Delete the word before the query's cursor, letters and digits only, as readline's
    /// Alt-Backspace (Ctrl-W deletes up to white space).
    case deleteWordBackward
    /// Text pasted in one piece: typed into the query at its cursor, each line end and tab a
    /// space, other control characters left out.
    case pasted(String)
    /// Stop editing and browse the filtered list.
    case finishSearch
    /// Empty the query and browse the whole list.
    case cancelSearch
    /// Esc in the list: clear the search applied; with none, cancel, asking first when friends
    /// are selected.
    case clearOrCancel
    /// Show only the selected friends, in the order picked; from there, go back to the list.
    case toggleReview
    /// Show only the members of the group under the cursor, to tick or untick them one by one;
    /// from there, go back to the list.
    case reviewGroup
    /// Show every key over the list.
    case showKeys
    /// Leave the key overlay, the section jump or the review, back to where it was opened.
    case back
    /// A click on screen line `line`, column `column` (from 0).
    case click(line: Int, column: Int)
    /// A double click on screen line `line`.
    case doubleClick(line: Int)
    /// The mouse wheel: move this many rows (negative: up).
    case scroll(Int)
    /// Recall the query before the one shown, from `--history`.
    case recallPreviousQuery
    /// Recall the query after the one shown, from `--history`.
    case recallNextQuery
    /// Finish with the selection.
    case done
    /// Finish with the selection by a key `--expect` names, whose name is printed first.
    case doneByKey(String)
    /// Show or hide the details pane.
    case toggleDetails
    /// Choose the address or number at this index (from 0) of the friend under the cursor as
    /// the one its pick prints, and select the friend.
    case choose(Int)
    /// Finish without a result.
    case cancel
    /// The source delivered more friends, made ready for the list where they were read, and
    /// said how many it has in all when it knows.
    case friendsArrived(FriendBatch, announcedTotal: Int? = nil)
    /// The friends that arrive are a cached copy of the source, read whole `age` seconds ago;
    /// with `refreshing`, the source is being read again, and its list will replace the copy.
    case cachedCopyShown(age: Int64, refreshing: Bool)
    /// The source was read whole again, off screen: its list replaces the one shown in one
    /// step; `leftOut` of its friends were left out for an id seen before, and it announced
    /// `announcedTotal` friends in all, if it did.
    case listReplaced(FriendList, leftOut: Int, announcedTotal: Int?)
    /// The source has delivered everyone.
    case loadingFinished
    /// The record of the source's picks, found once the source was read whole (standard input,
    /// known by its content): the friends picked most are listed under "Recent".
    case picksFound(Frecency)
    /// The source failed after delivering some friends; the message says why.
    case loadingFailed(String)
    /// Time passed while loading: the spinner turns.
    case tick
    /// The terminal now has this many rows and columns.
    case resized(rows: Int, columns: Int)

    /// Whether the user did this (a key or the mouse), rather than the source or the clock.
    var isUserAction: Bool {
        switch self {
        case .friendsArrived, .cachedCopyShown, .listReplaced, .loadingFinished, .picksFound, .loadingFailed, .tick,
            .resized:
            return false
        default: return true
        }
    }
}
