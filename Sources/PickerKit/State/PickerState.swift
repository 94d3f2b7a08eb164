/// Everything the picker knows: the friends, the query and what it shows, the cursor, the
/// selection and the phase. It changes only through ``send(_:)`` and does no I/O.
public struct PickerState: Sendable {
    /// What the picker is doing.
    public internal(set) var phase: Phase
    /// Every friend of the session, sorted and sectioned.
    public internal(set) var list: FriendList
    /// The current search.
    public internal(set) var query: SearchQuery
    /// The query's text cursor: how many characters of the query come before it.
    public internal(set) var queryCursor: Int
    /// The positions in list order of the friends that pass the query, ascending.
    public internal(set) var shown: Positions = []
    /// The index in ``rows`` of the friend under the cursor; nil when nobody is shown.
    public internal(set) var cursor: Int?
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
    /// Whether the last key was an Esc that would have thrown a selection away, so the picker
    /// asked first; the next Esc cancels, any other key keeps the selection.
    public internal(set) var isAskingToDiscard = false
    /// While reviewing the selection: what is reviewed, and the list to go back to.
    var review: Review?
    /// The phase the key overlay goes back to.
    var overlayReturn = Phase.browsing
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
        query: String = "", preselected: [String] = [], size: TerminalSize, configuration: Configuration = .init()
    ) {
        phase = .loading
        list = FriendList(sortOrder: configuration.sortOrder)
        self.query = SearchQuery(query)
        queryCursor = query.count
        pendingSelection = preselected
        self.size = size
        self.configuration = configuration
    }

    /// A picker on everyone in `list` (sorted in the configuration's order), browsing it with
    /// `query` applied and the friends with the `preselected` ids selected.
    public init(
        loaded list: FriendList, query: String = "", preselected: [String] = [], size: TerminalSize,
        configuration: Configuration = .init()
    ) {
        self.init(query: query, preselected: preselected, size: size, configuration: configuration)
        self.list = list
        showList()
        loading = .complete
        phase = .browsing
        scrollToCursor()
    }

    /// The friend under the cursor.
    public var currentFriend: Friend? {
        cursor.map { list.friends[rows[$0]] }
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
        if event.isUserAction {
            notice = nil
            if event != .clearOrCancel { isAskingToDiscard = false }
        }
        switch event {
        case .moveUp: moveCursor(by: -1, wrapping: configuration.cycles)
        case .moveDown: moveCursor(by: 1, wrapping: configuration.cycles)
        case .pageUp: moveCursor(by: -max(1, layout.listRows))
        case .pageDown: moveCursor(by: max(1, layout.listRows))
        case .moveToFirst: moveCursor(to: 0)
        case .moveToLast: moveCursor(to: rows.count - 1)
        case .previousSection: moveToSection(offset: -1)
        case .nextSection: moveToSection(offset: 1)
        case .beginSectionJump: if phase == .browsing { phase = .choosingSection }
        case .jumpToSection(let letter):
            guard phase == .choosingSection else { break }
            moveToSection(letter)
            phase = .browsing
        case .toggleCurrent: toggleCurrent()
        case .toggleAndMoveDown:
            toggleCurrent()
            moveCursor(by: 1)
        case .toggleAndMoveUp:
            toggleCurrent()
            moveCursor(by: -1)
        case .toggleAllShown: toggleAllShown()
        case .startSearch: openSearch()
        case .typed(let text): type(text)
        case .deleteBackward, .deleteForward, .deleteWord, .deleteToStart, .queryCursorLeft, .queryCursorRight,
            .queryCursorToStart, .queryCursorToEnd:
            if phase == .searching { editQuery(event) }
        case .finishSearch: if phase == .searching { phase = .browsing }
        case .cancelSearch:
            guard phase == .searching else { break }
            clearSearch()
            phase = .browsing
        case .clearOrCancel: clearOrCancel()
        case .toggleReview:
            switch phase {
            case .browsing, .searching: beginReview()
            case .reviewing: endReview()
            default: break
            }
        case .showKeys:
            guard [.browsing, .searching, .reviewing].contains(phase) else { break }
            overlayReturn = phase
            phase = .showingKeys
        case .back:
            switch phase {
            case .showingKeys: phase = overlayReturn
            case .choosingSection: phase = .browsing
            case .reviewing: endReview()
            default: break
            }
        case .click(let line, let column): click(line: line, column: column)
        case .doubleClick(let line): doubleClick(line: line)
        case .scroll(let rows): moveCursor(by: rows)
        case .done: phase = .done
        case .cancel: phase = .cancelled
        case .friendsArrived(let batch, let expectedTotal): receive(batch, expectedTotal: expectedTotal)
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

    /// Esc in the list peels one layer: a search applied is cleared (the cursor stays on its
    /// friend); with none, the picker is cancelled, but when that would throw a selection away
    /// it asks first, and only the next Esc cancels.
    private mutating func clearOrCancel() {
        guard phase == .browsing || phase == .loading else { return }
        if !query.text.isEmpty {
            clearSearch()
        } else if !selection.isEmpty && !isAskingToDiscard {
            isAskingToDiscard = true
        } else {
            phase = .cancelled
        }
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
