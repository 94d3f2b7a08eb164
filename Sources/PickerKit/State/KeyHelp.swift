import PickerSources
import PickerStore

/// How the help tells a key binding: when the keys work, the keys as a user types them, and
/// what they do.
package struct KeyHelp: Hashable, Sendable {
    /// When the keys work: the headings of the help.
    package enum Context: String, CaseIterable, Sendable {
        case browsing = "while browsing"
        case searching = "while searching"
        case reviewing = "while reviewing the selection"
        case anywhere = "anywhere"
        case mouse = "with the mouse"
    }

    package let context: Context
    /// The keys, as a user types them: `Up/Down, k/j`.
    package let keys: String
    /// What they do.
    package let action: String

    package init(_ context: Context, _ keys: String, _ action: String) {
        self.context = context
        self.keys = keys
        self.action = action
    }
}
