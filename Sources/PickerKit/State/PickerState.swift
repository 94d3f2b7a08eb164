/// Everything the picker knows: the friends, the query and what it shows, the cursor, the
/// selection and the phase. It changes only through ``send(_:)`` and does no I/O.
public struct PickerState: Sendable {
    /// What the picker is doing.
    public private(set) var phase: Phase
    /// Every friend of the session, sorted and sectioned.
    public private(set) var list = FriendList()
    /// The current search.
    public private(set) var query: SearchQuery
    /// The positions in list order of the friends that pass the query, ascending.
    public private(set) var shown: [Int] = []
    /// The index in ``shown`` of the friend under the cursor; nil when nobody is shown.
    public private(set) var cursor: Int?
    /// The selected friends' ids, in the order they were picked.
    public private(set) var selection = SelectionSet()
    /// How far the source has got.
    public private(set) var loading = Loading.inProgress(expectedTotal: nil)
    /// Turns of the loading spinner.
    private(set) var spinnerStep = 0
    /// The terminal size the picker draws for.
    public private(set) var size: TerminalSize
    /// The first row of the list (headers included) that is on screen.
    private(set) var scrollTop = 0
    /// Fixed text and options of the screen.
    public let configuration: Configuration

    /// A picker waiting for friends, with `query` applied once they arrive.
    public init(query: String = "", size: TerminalSize, configuration: Configuration = .init()) {
        phase = .loading
        self.query = SearchQuery(query)
        self.size = size
        self.configuration = configuration
    }

    /// The friend under the cursor.
    public var currentFriend: Friend? {
        cursor.map { list.friends[shown[$0]] }
    }

    /// What Enter prints: the selected friends in the order picked; with nothing selected, the
    /// friend under the cursor; with nobody shown, nobody.
    public var result: [Friend] {
        if selection.isEmpty { return currentFriend.map { [$0] } ?? [] }
        return selection.orderedIDs.compactMap { id in list.position(ofID: id).map { list.friends[$0] } }
    }

    /// Applies `event`. Once the picker is done or cancelled, events are ignored.
    public mutating func send(_ event: PickerEvent) {
        guard !phase.isFinal else { return }
        switch event {
        case .moveUp: moveCursor(by: -1)
        case .moveDown: moveCursor(by: 1)
        case .pageUp: moveCursor(by: -max(1, layout.listRows))
        case .pageDown: moveCursor(by: max(1, layout.listRows))
        case .moveToFirst: moveCursor(to: 0)
        case .moveToLast: moveCursor(to: shown.count - 1)
        case .toggleCurrent: toggleCurrent()
        case .toggleAndMoveDown:
            toggleCurrent()
            moveCursor(by: 1)
        case .startSearch: phase = .searching
        case .typed(let text): setQuery(query.text + text)
        case .deleteBackward: setQuery(String(query.text.dropLast()))
        case .deleteWord: setQuery(Self.deletingLastWord(query.text))
        case .clearQuery: setQuery("")
        case .finishSearch: phase = .browsing
        case .cancelSearch:
            setQuery("", keepingCursor: true)
            phase = .browsing
        case .done: phase = .done
        case .cancel: phase = .cancelled
        case .friendsArrived(let friends, let expectedTotal):
            receive(friends)
            if case .inProgress(let known) = loading { loading = .inProgress(expectedTotal: expectedTotal ?? known) }
        case .loadingFinished:
            loading = .complete
        case .loadingFailed(let message):
            loading = .failed(message)
        case .tick: spinnerStep += 1
        case .resized(let rows, let columns): size = TerminalSize(rows: rows, columns: columns)
        }
        scrollToCursor()
    }

    private mutating func moveCursor(by offset: Int) {
        guard let cursor else { return }
        moveCursor(to: cursor + offset)
    }

    private mutating func moveCursor(to index: Int) {
        guard !shown.isEmpty else { return }
        cursor = min(max(index, 0), shown.count - 1)
    }

    private mutating func toggleCurrent() {
        guard let friend = currentFriend else { return }
        selection.toggle(friend.id)
    }

    /// Applies `text` as the query. The cursor goes to the first friend shown, or, with
    /// `keepingCursor`, stays on the friend it was on when that friend is still shown.
    private mutating func setQuery(_ text: String, keepingCursor: Bool = false) {
        let kept = keepingCursor ? cursor.map { shown[$0] } : nil
        let newQuery = SearchQuery(text)
        shown = list.positions(matching: newQuery, among: newQuery.narrows(query) ? shown : nil)
        query = newQuery
        cursor = shown.isEmpty ? nil : 0
        scrollTop = 0
        if let kept { placeCursor(onPosition: kept) }
    }

    /// Adds friends, keeping the cursor on its friend at the same place on screen, so the list
    /// grows around what the user is looking at.
    private mutating func receive(_ friends: [Friend]) {
        let keptID = currentFriend?.id
        let rowOnScreen = cursor.map { layout.row(ofShown: $0) - scrollTop }
        list.append(friends)
        shown = list.positions(matching: query)
        cursor = shown.isEmpty ? nil : 0
        if let keptID, let position = list.position(ofID: keptID) { placeCursor(onPosition: position) }
        if let rowOnScreen, let cursor { scrollTop = max(0, layout.row(ofShown: cursor) - rowOnScreen) }
        if phase == .loading { phase = .browsing }
    }

    /// Puts the cursor on the friend at list position `position`, if it is shown.
    private mutating func placeCursor(onPosition position: Int) {
        if let index = shown.binarySearch(position) { cursor = index }
    }

    /// Scrolls the least needed to show the cursor, with its section header when it is the first
    /// of its section.
    private mutating func scrollToCursor() {
        scrollTop = layout.scrollTop(keeping: scrollTop, cursor: cursor)
    }

    /// `text` without its last word and the spaces after it, as readline's Ctrl-W does.
    static func deletingLastWord(_ text: String) -> String {
        var result = Substring(text)
        while result.last?.isWhitespace == true { result.removeLast() }
        while let last = result.last, !last.isWhitespace { result.removeLast() }
        return String(result)
    }
}

/// How far the source has got in delivering friends.
public enum Loading: Hashable, Sendable {
    /// More friends are coming; the source may have said how many in all.
    case inProgress(expectedTotal: Int?)
    /// Everyone has arrived.
    case complete
    /// The source failed after some friends arrived; the message says why.
    case failed(String)
}

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// Text and options of the picker that do not change while it runs.
public struct Configuration: Hashable, Sendable {
    /// The first words of the title line.
    public var title: String

    public init(title: String = "Select Friends") {
        self.title = title
    }
}

extension Array where Element == Int {
    /// The index of `value` in this ascending array, if it holds it.
    /// - Complexity: O(log n).
    func binarySearch(_ value: Int) -> Int? {
        let index = lowerBound(of: value)
        return index < count && self[index] == value ? index : nil
    }

    /// The first index whose element is not less than `value`, in this ascending array.
    /// - Complexity: O(log n).
    func lowerBound(of value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
