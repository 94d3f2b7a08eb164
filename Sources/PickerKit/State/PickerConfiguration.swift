import PickerSources
import PickerStore

/// Text and options of the picker that do not change while it runs.
public struct PickerConfiguration: Hashable, Sendable {
    /// The first words of the title line.
    public var title = "Select Friends"
    /// The search prompt.
    public var prompt = "/ "
    /// A line under the title (`--header`), if any.
    public var header: String?
    /// The most friends that can be selected; 1 makes each pick replace the previous one.
    public var limit: Int?
    /// Whether moving past either end wraps to the other.
    public var cycles = false
    /// Whether a search shows the best matches first (see ``NameMatch/score``) rather than in list
    /// order (`--no-rank`).
    public var ranksMatches = true
    /// Whether every term of a search may match an email address, not only one that holds `@`:
    /// so for the formats a mail client reads, whose user types the start of an address.
    public var searchesAddresses = false
    /// What a pick prints of a contact: the whole of it, or one email address or phone number
    /// (the mail formats and `tel`), which the rows show and Alt-1 to Alt-9 choose.
    package var printedPart = ContactPart.contact
    /// How the list is sorted and sectioned.
    public var sortOrder = NameOrder.first
    /// How names are shown.
    public var displayOrder = NameOrder.first
    /// Whether the list is sorted by name into sections; without (`--no-sort`), it keeps the
    /// order the source gives.
    package var sortsList = true
    /// Whether the source's order is reversed, the last friend read first (`--tac`), which
    /// keeps the list in that order unsorted, as `--no-sort` does.
    package var reversesInput = false
    /// The fields of each name searched, shown and printed (`--delimiter`, `--nth`,
    /// `--with-nth`, `--accept-nth`).
    package var fields = NameFields()
    /// The queries `--history` holds, the oldest first, for Ctrl-P and Ctrl-N to recall; nil
    /// without `--history`.
    package var recalledQueries: [String]?
    /// What each key does, in each phase.
    package var keyMap = KeyMap.standard
    /// The most friends listed under "Recent" (`--recent`); 0 lists none.
    package var recentLimit = 8
    /// What the title says the picker waits for until the first friends arrive, beside the
    /// spinner (`connecting to graph.facebook.com`, `reading friends.json`); nil: `loading`.
    package var waitingFor: String?

    public init() {}

    /// The order the list keeps its friends in when it does not sort them; nil when it does.
    package var inputOrder: InputOrder? {
        reversesInput ? .reversed : (sortsList ? nil : .asRead)
    }
}
