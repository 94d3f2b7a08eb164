/// How the help tells a key binding: when the keys work, the keys as a user types them, and
/// what they do.
public struct KeyHelp: Hashable, Sendable {
    /// When the keys work: the headings of the help.
    public enum Context: String, CaseIterable, Sendable {
        case browsing = "while browsing"
        case searching = "while searching"
        case reviewing = "while reviewing the selection"
        case anywhere = "anywhere"
        case mouse = "with the mouse"
    }

    public let context: Context
    /// The keys, as a user types them: `Up/Down, k/j`.
    public let keys: String
    /// What they do.
    public let action: String

    public init(_ context: Context, _ keys: String, _ action: String) {
        self.context = context
        self.keys = keys
        self.action = action
    }
}
