import PickerSources
import PickerStore

/// Everything the picker knows: the friends, the query and what it shows, the cursor, the
/// selection and the phase. It changes only through ``send(_:)`` and does no I/O.
package struct PickerState: Sendable {
    /// What the picker is doing.
    package internal(set) var phase: Phase
    /// Every friend of the session, sorted and sectioned.
    package internal(set) var list: FriendList {
        didSet { searchCache.empty() }
    }
    /// The current search.
    package internal(set) var query: SearchQuery
    /// The query's text cursor: how many characters of the query come before it.
    package internal(set) var queryCursor: Int
    /// The positions in list order of the friends that pass the query, ascending.
    package internal(set) var shown: Positions = []
    /// The same positions best first, while the query ranks what it finds (see
    /// ``MatchTier``); nil when they are shown in list order.
    package internal(set) var ranked: [UInt32]?
    /// The terms of the query that matched nobody as typed and are shown matching names one
    /// typo away; empty when the query found friends as typed.
    package internal(set) var typoTerms: [String] = []
    /// The index in ``rows`` of the friend under the cursor (the friends picked most, then the
    /// groups, come first when they are listed apart); nil when nobody is listed.
    package internal(set) var cursor: Int?
    /// The positions in list order of the friends listed under "Recent", above the letters,
    /// the highest frecency first: with no query, when sections are shown.
    package internal(set) var recent: [Int] = []
    /// The indices in ``shown`` of the groups listed under "Groups", below "Recent" and above
    /// the letters, which then leave them out: with no query, when sections are shown.
    package internal(set) var listedGroups: [Int] = []
    /// How often and how lately each friend of the source was picked.
    package internal(set) var frecency: Frecency
    /// The keys of the friends picked, the highest frecency first.
    var rankedKeys: [UInt64]
    /// The list positions of the friends picked, the highest frecency first: listed under
    /// "Recent", and first among equally good matches of a search.
    var favoured: [Int] = [] {
        didSet { searchCache.empty() }
    }
    /// What the last queries found in ``list``.
    var searchCache = SearchCache()
    /// The name of the `--expect` key that finished the picker; nil when Enter (or a click)
    /// did.
    package private(set) var endingKey: String?
    /// The queries Ctrl-P and Ctrl-N recall (`--history`); nil without one.
    var recall: QueryRecall?
    /// The id of the friend of each key picked (for friends known by name, the first to arrive
    /// with the name), as the friends arrive.
    var pickedIDs: [UInt64: String] = [:]
    /// How old the cached copy of the source shown is, in seconds, while the list is one; nil
    /// when the list is the source's own.
    package internal(set) var cachedCopyAge: Int64?
    /// Whether the source is being read again behind the cached copy, to replace it.
    package internal(set) var refreshesCachedCopy = false
    /// The total the source announced last (`summary.total_count`), if it did.
    package internal(set) var announcedTotal: Int?
    /// The selected friends' ids, in the order they were picked.
    package internal(set) var selection = SelectionSet()
    /// For friends whose pick prints one of several addresses or numbers, the index of the one
    /// chosen (Alt-1 to Alt-9), by id; the others print their preferred one.
    package internal(set) var chosenIndex: [String: Int] = [:]
    /// Whether the details pane shows every field of the friend under the cursor.
    package internal(set) var showsDetails = false
    /// Ids to select once their friends arrive, in the order given.
    package internal(set) var pendingSelection: [String]
    /// Ids given to select that the limit left out, in the order given.
    package internal(set) var refusedSelection: [String] = []
    /// How many friends that arrived were left out for an id seen before.
    package internal(set) var leftOut = 0
    /// How far the source has got.
    package internal(set) var loading = Loading.inProgress(announcedTotal: nil)
    /// A message about the last key, such as a refused pick, or about the source once it is
    /// read (entries it skipped); gone at the next key.
    package internal(set) var notice: String?
    /// Whether the last key was an Esc that would have thrown a selection away, so the picker
    /// asked first; the next Esc cancels, any other key keeps the selection.
    package internal(set) var isAskingToDiscard = false
    /// While reviewing the selection or a group's members: what is reviewed, and the list to go
    /// back to.
    var review: Review?
    /// The phase the key overlay goes back to.
    var overlayReturn = Phase.browsing
    /// The first line of the key overlay on screen.
    package internal(set) var overlayTop = 0
    /// Turns of the loading spinner.
    var spinnerStep = 0
    /// The terminal size the picker draws for.
    package internal(set) var size: TerminalSize
    /// The first row of the list (headers included) that is on screen.
    var scrollTop = 0
    /// Fixed text and options of the screen.
    package let configuration: PickerConfiguration

    /// A picker waiting for friends, with `query` applied and the friends with the
    /// `preselected` ids selected once they arrive.
    package init(
        query: String = "", preselected: [String] = [], size: TerminalSize,
        configuration: PickerConfiguration = .init(),
        frecency: Frecency = Frecency()
    ) {
        phase = .loading
        self.frecency = frecency
        rankedKeys = frecency.rankedKeys
        list = FriendList(
            sortOrder: configuration.sortOrder, inputOrder: configuration.inputOrder, fields: configuration.fields)
        self.query = SearchQuery(query, searchesAddresses: configuration.searchesAddresses)
        queryCursor = query.count
        pendingSelection = preselected
        self.size = size
        self.configuration = configuration
    }

    /// A picker on everyone in `list` (sorted in the configuration's order), browsing it with
    /// `query` applied and the friends with the `preselected` ids selected.
    package init(
        loaded list: FriendList, query: String = "", preselected: [String] = [], size: TerminalSize,
        configuration: PickerConfiguration = .init(), frecency: Frecency = Frecency()
    ) {
        self.init(query: query, preselected: preselected, size: size, configuration: configuration, frecency: frecency)
        self.list = list
        notePicked(in: list)
        showList()
        loading = .complete
        phase = .browsing
        noteUnknownSelection()
        scrollToCursor()
    }

    /// The friend under the cursor.
    package var currentFriend: Friend? {
        cursor.map { list.friends[rows[$0]] }
    }

    /// What Enter prints: the selected friends in the order picked; with nothing selected, the
    /// friend under the cursor; with nobody shown, nobody. When picks print one email address or
    /// phone number (``PickerConfiguration/printedPart``), each friend holds only the one
    /// chosen, or else the preferred one. A group picked stands for its members (see
    /// ``FriendList/expandingGroups(_:)``).
    package var result: [Friend] {
        let picked =
            selection.isEmpty
            ? currentFriend.map { [$0] } ?? []
            : selection.orderedIDs.compactMap { id in list.position(ofID: id).map { list.friends[$0] } }
        return printed(list.expandingGroups(picked))
    }

    /// What happened to the picker on an event: whether it goes on, finished with a result, or
    /// was cancelled.
    package enum Outcome: Hashable, Sendable {
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
    package mutating func send(_ event: PickerEvent) -> Outcome {
        guard !phase.isFinal else { return outcome }
        if event.isUserAction {
            notice = nil
            if event != .clearOrCancel { isAskingToDiscard = false }
        }
        switch event {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast:
            if phase == .showingKeys {
                scrollOverlay(by: overlayOffset(of: event))
            } else {
                move(event)
            }
        case .previousSection: if showsSections { moveToSection(offset: -1) }
        case .nextSection: if showsSections { moveToSection(offset: 1) }
        case .beginSectionJump: if phase == .browsing, showsSections { phase = .choosingSection }
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
        case .selectAllShown: selectAllShown()
        case .deselectAllShown: deselectAllShown()
        case .startSearch: openSearch()
        case .typed(let text): type(text)
        case .deleteBackward, .deleteForward, .deleteWord, .deleteToStart, .queryCursorLeft, .queryCursorRight,
            .queryCursorToStart, .queryCursorToEnd, .queryCursorWordLeft, .queryCursorWordRight, .deleteWordForward,
            .deleteWordBackward:
            // A search kept in the list is edited as it is: the editing keys open it again.
            if phase == .browsing || phase == .loading, !query.text.isEmpty { openSearch() }
            if phase == .searching { editQuery(event) }
        case .pasted(let text): type(Self.pastedText(text))
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
        case .reviewGroup:
            switch phase {
            case .browsing, .searching: beginGroupReview()
            case .reviewing: endReview()
            default: break
            }
        case .showKeys:
            guard [.browsing, .searching, .reviewing].contains(phase) else { break }
            overlayReturn = phase
            overlayTop = 0
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
        case .recallPreviousQuery: recallQuery(-1)
        case .recallNextQuery: recallQuery(1)
        case .done: finish()
        case .doneByKey(let name):
            finish()
            if phase == .done { endingKey = name }
        case .toggleDetails: showsDetails.toggle()
        case .choose(let index): choose(index)
        case .cancel: phase = .cancelled
        case .friendsArrived(let batch, let announcedTotal): receive(batch, announcedTotal: announcedTotal)
        case .cachedCopyShown(let age, let refreshing):
            cachedCopyAge = max(0, age)
            refreshesCachedCopy = refreshing
        case .listReplaced(let newList, let leftOut, let announcedTotal):
            replaceList(with: newList, leftOut: leftOut, announcedTotal: announcedTotal)
        case .loadingFinished:
            receiveCategoryGroups()
            loading = .complete
            if phase == .loading { phase = .browsing }
            noteUnknownSelection()
            if notice == nil { notice = SkippedEntry.note(list.skipped, first: list.firstSkipped) }
        case .picksFound(let found): takePicks(found)
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

    /// Moves the cursor as `event` says; from the search, into the list, the search kept.
    private mutating func move(_ event: PickerEvent) {
        switch event {
        case .moveToFirst: moveCursor(to: 0)
        case .moveToLast: moveCursor(to: rows.count - 1)
        default:
            leaveSearchForTheList()
            switch event {
            case .moveUp: moveCursor(by: -1, wrapping: configuration.cycles)
            case .moveDown: moveCursor(by: 1, wrapping: configuration.cycles)
            case .pageUp: moveCursor(by: -max(1, layout.listRows))
            default: moveCursor(by: max(1, layout.listRows))
            }
        }
    }

    /// How many lines `event` scrolls the key overlay.
    private func overlayOffset(of event: PickerEvent) -> Int {
        let page = max(1, layout.listRows)
        switch event {
        case .moveUp: return -1
        case .moveDown: return 1
        case .pageUp: return -page
        case .pageDown: return page
        case .moveToFirst: return -Int(Int32.max)
        default: return Int(Int32.max)
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
