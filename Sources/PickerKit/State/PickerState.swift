/// Everything the picker knows: the friends, the query and what it shows, the cursor, the
/// selection and the phase. It changes only through ``send(_:)`` and does no I/O.
public struct PickerState: Sendable {
    /// What the picker is doing.
    public internal(set) var phase: Phase
    /// Every friend of the session, sorted and sectioned.
    public internal(set) var list: FriendList
    /// The current search.
    public internal(set) var query: SearchQuery
    /// The positions in list order of the friends that pass the query, ascending.
    public internal(set) var shown: Positions = []
    /// The index of the friend under the cursor among the listed friends (the recent ones,
    /// then those ``shown``); nil when nobody is listed.
    public internal(set) var cursor: Int?
    /// The positions in list order of the friends listed under "Recent", above the letters,
    /// the highest frecency first: with no query, when sections are shown.
    public internal(set) var recent: [Int] = []
    /// How often and how lately each friend of the source was picked.
    public let frecency: Frecency
    /// The keys of the friends picked, the highest frecency first.
    let rankedKeys: [String]
    /// With friends known by name: the id of the first friend to arrive with each name picked.
    var pickedIDs: [String: String] = [:]
    /// How old the cached copy of the source shown is, in seconds, while the list is one; nil
    /// when the list is the source's own.
    public internal(set) var cachedCopyAge: Int64?
    /// Whether the source is being read again behind the cached copy, to replace it.
    public internal(set) var refreshesCachedCopy = false
    /// The total the source announced last (`summary.total_count`), if it did.
    public internal(set) var announcedTotal: Int?
    /// The selected friends' ids, in the order they were picked.
    public internal(set) var selection = SelectionSet()
    /// Ids to select once their friends arrive, in the order given.
    public internal(set) var pendingSelection: [String]
    /// Ids given to select that the limit left out, in the order given.
    public internal(set) var refusedSelection: [String] = []
    /// How many friends that arrived were left out for an id seen before.
    public internal(set) var leftOut = 0
    /// How far the source has got.
    public internal(set) var loading = Loading.inProgress(expectedTotal: nil)
    /// A message about the last key, such as a refused pick; gone at the next key.
    public internal(set) var notice: String?
    /// Turns of the loading spinner.
    var spinnerStep = 0
    /// The terminal size the picker draws for.
    public internal(set) var size: TerminalSize
    /// The first row of the list (headers included) that is on screen.
    var scrollTop = 0
    /// Fixed text and options of the screen.
    public let configuration: Configuration

    /// A picker waiting for friends, with `query` applied and the friends with the
    /// `preselected` ids selected once they arrive.
    public init(
        query: String = "", preselected: [String] = [], size: TerminalSize, configuration: Configuration = .init(),
        frecency: Frecency = Frecency()
    ) {
        phase = .loading
        self.frecency = frecency
        rankedKeys = frecency.rankedKeys
        list = FriendList(sortOrder: configuration.sortOrder)
        self.query = SearchQuery(query)
        pendingSelection = preselected
        self.size = size
        self.configuration = configuration
    }

    /// A picker on everyone in `list` (sorted in the configuration's order), browsing it with
    /// `query` applied and the friends with the `preselected` ids selected.
    public init(
        loaded list: FriendList, query: String = "", preselected: [String] = [], size: TerminalSize,
        configuration: Configuration = .init(), frecency: Frecency = Frecency()
    ) {
        self.init(query: query, preselected: preselected, size: size, configuration: configuration, frecency: frecency)
        self.list = list
        notePicked(list.friends)
        showList()
        loading = .complete
        phase = .browsing
        scrollToCursor()
    }

    /// The friend under the cursor.
    public var currentFriend: Friend? {
        cursor.map { list.friends[listedPosition($0)] }
    }

    /// What Enter prints: the selected friends in the order picked; with nothing selected, the
    /// friend under the cursor; with nobody shown, nobody.
    public var result: [Friend] {
        if selection.isEmpty { return currentFriend.map { [$0] } ?? [] }
        return selection.orderedIDs.compactMap { id in list.position(ofID: id).map { list.friends[$0] } }
    }

    /// What happened to the picker on an event: whether it goes on, finished with a result, or
    /// was cancelled.
    public enum Outcome: Hashable, Sendable {
        /// The picker goes on: draw the frame and wait for the next event.
        case continuing
        /// The user is done: ``result`` is what to print.
        case finished
        /// The user cancelled: nothing is printed.
        case cancelled
    }

    /// Applies `event`, and says whether the picker goes on. Once it has finished or been
    /// cancelled, events are ignored and the outcome stays.
    @discardableResult
    public mutating func send(_ event: PickerEvent) -> Outcome {
        guard !phase.isFinal else { return outcome }
        if event.isUserAction { notice = nil }
        switch event {
        case .moveUp: moveCursor(by: -1, wrapping: configuration.cycles)
        case .moveDown: moveCursor(by: 1, wrapping: configuration.cycles)
        case .pageUp: moveCursor(by: -max(1, layout.listRows))
        case .pageDown: moveCursor(by: max(1, layout.listRows))
        case .moveToFirst: moveCursor(to: 0)
        case .moveToLast: moveCursor(to: listedCount - 1)
        case .previousSection: moveToSection(offset: -1)
        case .nextSection: moveToSection(offset: 1)
        case .beginSectionJump: phase = .choosingSection
        case .jumpToSection(let letter):
            moveToSection(letter)
            phase = .browsing
        case .toggleCurrent: toggleCurrent()
        case .toggleAndMoveDown:
            toggleCurrent()
            moveCursor(by: 1)
        case .selectAllShown: selectAllShown()
        case .deselectAllShown: deselectAllShown()
        case .clearSelection: selection = SelectionSet()
        case .startSearch: phase = .searching
        case .typed(let text): setQuery(query.text + text)
        case .deleteBackward: setQuery(String(query.text.dropLast()))
        case .deleteWord: setQuery(Self.deletingLastWord(query.text))
        case .clearQuery: setQuery("")
        case .finishSearch: phase = .browsing
        case .cancelSearch:
            setQuery("", keepingCursor: true)
            phase = .browsing
        case .showKeys: phase = .showingKeys
        case .back: phase = .browsing
        case .click(let line, let column): click(line: line, column: column)
        case .doubleClick(let line): doubleClick(line: line)
        case .scroll(let rows): moveCursor(by: rows)
        case .done: phase = .done
        case .cancel: phase = .cancelled
        case .friendsArrived(let batch, let expectedTotal): receive(batch, expectedTotal: expectedTotal)
        case .cachedCopyShown(let age, let refreshing):
            cachedCopyAge = max(0, age)
            refreshesCachedCopy = refreshing
        case .listReplaced(let newList, let leftOut, let total):
            replaceList(with: newList, leftOut: leftOut, total: total)
        case .loadingFinished:
            loading = .complete
            if phase == .loading { phase = .browsing }
        case .loadingFailed(let message):
            loading = .failed(message)
            if phase == .loading { phase = .browsing }
        case .tick: spinnerStep += 1
        case .resized(let rows, let columns): size = TerminalSize(rows: rows, columns: columns)
        }
        scrollToCursor()
        return outcome
    }

    /// What the phase says of the picker's going on.
    private var outcome: Outcome {
        switch phase {
        case .done: return .finished
        case .cancelled: return .cancelled
        default: return .continuing
        }
    }
}
