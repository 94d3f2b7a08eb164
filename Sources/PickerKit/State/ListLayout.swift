import PickerSources
import PickerStore

/// The columns of a friend's row: the cursor marker, the check box, the name.
enum FriendRow {
    /// The columns of the check box, `[x]`, where a click toggles.
    static let checkBoxColumns = 2...4
    /// The columns before the name.
    static let nameColumn = 6
}

/// Where everything goes on screen: the fixed lines, and the list's rows with their section
/// headers interleaved.
///
/// Headers are computed from the sections' bounds, never by walking the whole list, so that
/// laying out a million friends costs as much as laying out ten.
struct ListLayout {
    /// One row of the list area.
    enum Item: Equatable {
        case header(Character)
        /// The header of the friends picked most, above the letters.
        case recentHeader
        /// The header of the groups, below "Recent", above the letters.
        case groupsHeader
        /// The friend at this index of the listed friends (the recent ones, the groups, then
        /// those shown).
        case friend(Int)
    }

    /// The screen line of the title, if there is room for it.
    let titleLine: Int?
    /// The screen line of the `--header` text, when there is one and room for it.
    let headerLine: Int?
    /// The screen line of the search bar, if there is room for it.
    let searchLine: Int?
    /// The screen line of the key help, if there is room for it.
    let helpLine: Int?
    /// The first screen line of the list.
    let firstListLine: Int
    /// How many screen lines the list has.
    let listRows: Int
    /// How many screen lines the details pane has below the list (0 when it is not there).
    let paneRows: Int
    /// Section headers as (letter, index in the shown friends below the groups of the first
    /// friend of the section), when there are enough friends shown to want them.
    let headers: [(letter: Character, shownIndex: Int)]
    /// How many friends are shown below the groups.
    let shownCount: Int
    /// How many friends are listed under "Recent", above the shown ones.
    let recentCount: Int
    /// How many groups are listed under "Groups", below "Recent".
    let groupCount: Int

    /// The most lines the details pane takes below the list, and the fewest list lines it
    /// leaves.
    static let mostPaneRows = 9
    static let fewestListRowsBesidePane = 3

    /// Headers appear only when at least this many friends are shown.
    static let minimumShownForHeaders = 6

    /// The layout of `rows` screen lines, with a line for the `--header` text when `header`
    /// is true and there is room, showing `shown`: the friends picked most under "Recent", the
    /// groups under "Groups", then the search's friends, sectioned when they are in list order (not ranked, not
    /// reviewed) and enough of them; with `paneBelow`, the details pane under the list, in
    /// up to half its lines.
    init(rows: Int, header: Bool, list: FriendList, shown: ListRows, paneBelow: Bool = false) {
        let rows = max(rows, 0)
        titleLine = rows >= 3 ? 0 : nil
        headerLine = header && rows >= 5 ? 1 : nil
        searchLine = rows >= 3 ? (headerLine ?? 0) + 1 : (rows >= 1 ? 0 : nil)
        helpLine = rows >= 4 ? rows - 1 : nil
        firstListLine = (searchLine ?? -1) + 1
        let area = max(0, rows - firstListLine - (helpLine == nil ? 0 : 1))
        paneRows =
            paneBelow && area >= 2 * Self.fewestListRowsBesidePane
            ? min(Self.mostPaneRows, area - max(Self.fewestListRowsBesidePane, area / 2)) : 0
        listRows = area - paneRows
        recentCount = shown.recentCount
        groupCount = shown.groupCount
        shownCount = shown.count - recentCount - groupCount
        guard shown.isInListOrder, shown.shown.count >= Self.minimumShownForHeaders else {
            headers = []
            return
        }
        headers = shown.letterSections(in: list)
    }

    /// The rows of the "Recent" section: its header and its friends, or none.
    private var recentRows: Int { recentCount > 0 ? recentCount + 1 : 0 }
    /// The rows of the "Groups" section: its header and its groups, or none.
    private var groupRows: Int { groupCount > 0 ? groupCount + 1 : 0 }
    /// How many friends are listed above the letters: under "Recent" and "Groups".
    private var aboveLetters: Int { recentCount + groupCount }

    /// Rows in the list area, headers included.
    var totalRows: Int { recentRows + groupRows + shownCount + headers.count }

    /// The row of the list area that holds the friend at `listedIndex` (recent friends first,
    /// then the groups).
    /// - Complexity: O(sections).
    func row(ofShown listedIndex: Int) -> Int {
        if listedIndex < recentCount { return listedIndex + 1 }
        if listedIndex < aboveLetters { return recentRows + listedIndex - recentCount + 1 }
        let shownIndex = listedIndex - aboveLetters
        return recentRows + groupRows + shownIndex + headers.prefix { $0.shownIndex <= shownIndex }.count
    }

    /// Whether the friend at `listedIndex` is the first of its section, whose header is just
    /// above it.
    /// - Complexity: O(sections).
    func opensSection(_ listedIndex: Int) -> Bool {
        if listedIndex < recentCount { return listedIndex == 0 }
        if listedIndex < aboveLetters { return listedIndex == recentCount }
        return headers.contains { $0.shownIndex == listedIndex - aboveLetters }
    }

    /// What is at `row` of the list area.
    /// - Complexity: O(sections).
    func item(atRow row: Int) -> Item? {
        guard row >= 0, row < totalRows else { return nil }
        if row < recentRows { return row == 0 ? .recentHeader : .friend(row - 1) }
        if row < recentRows + groupRows {
            let groupRow = row - recentRows
            return groupRow == 0 ? .groupsHeader : .friend(recentCount + groupRow - 1)
        }
        let shownRow = row - recentRows - groupRows
        var headersAbove = 0
        for (offset, header) in headers.enumerated() {
            let headerRow = header.shownIndex + offset
            if headerRow == shownRow { return .header(header.letter) }
            if headerRow > shownRow { break }
            headersAbove += 1
        }
        return .friend(aboveLetters + shownRow - headersAbove)
    }

    /// The first row to show so that the cursor is visible, moving as little as possible from
    /// `previous`, and showing the cursor's section header when the cursor is the section's
    /// first friend.
    func scrollTop(keeping previous: Int, cursor: Int?) -> Int {
        guard let cursor, listRows > 0 else { return 0 }
        let row = row(ofShown: cursor)
        var top = min(previous, max(0, totalRows - listRows))
        top = min(top, opensSection(cursor) ? row - 1 : row)
        if row >= top + listRows { top = row - listRows + 1 }
        return max(0, top)
    }
}

extension PickerState {
    /// The layout of the screen for the current size and the friends shown.
    var layout: ListLayout {
        ListLayout(
            rows: size.rows, header: configuration.header != nil, list: list, shown: rows,
            paneBelow: showsDetails && phase != .showingKeys && !panesBeside)
    }
}
