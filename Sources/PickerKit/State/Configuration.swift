import PickerSources
import PickerStore

/// Text and options of the picker that do not change while it runs.
package struct Configuration: Hashable, Sendable {
    /// The first words of the title line.
    package var title = "Select Friends"
    /// The search prompt.
    package var prompt = "/ "
    /// A line under the title (`--header`), if any.
    package var header: String?
    /// The most friends that can be selected; 1 makes each pick replace the previous one.
    package var limit: Int?
    /// Whether moving past either end wraps to the other.
    package var cycles = false
    /// Whether a search shows the best matches first (see ``MatchTier``) rather than in list
    /// order (`--no-rank`).
    package var ranksMatches = true
    /// How the list is sorted and sectioned.
    package var sortOrder = NameOrder.first
    /// How names are shown.
    package var displayOrder = NameOrder.first
    /// What each key does, in each phase.
    package var keyMap = KeyMap.standard
    /// The most friends listed under "Recent" (`--recent`); 0 lists none.
    package var recentLimit = 8

    package init() {}
}
