import PickerSources
import PickerStore

/// Where the picker is in its lifecycle.
package enum Phase: Hashable, Sendable {
    /// The source has not delivered any friend yet.
    case loading
    /// Moving through the list and toggling friends; keys are commands.
    case browsing
    /// Editing the query; printable keys are text and the list narrows on each.
    case searching
    /// Showing only the selected friends, in the order picked, to untick some; the list, its
    /// search and its cursor wait as they were.
    case reviewing
    /// Waiting for the letter of the section to jump to.
    case choosingSection
    /// Showing every key over the list; any key goes back to where it was opened.
    case showingKeys
    /// Finished: the result is ready. Later events are ignored.
    case done
    /// Cancelled: nothing is printed. Later events are ignored.
    case cancelled

    /// Whether the picker has finished one way or the other.
    package var isFinal: Bool { self == .done || self == .cancelled }

    /// The phases that take keys: all but the final ones.
    package static let active: Set<Phase> = [
        .loading, .browsing, .searching, .reviewing, .choosingSection, .showingKeys,
    ]
}
