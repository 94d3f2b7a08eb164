import PickerSources
import PickerStore

extension PickerState {
    /// Moves the cursor `offset` friends; past either end it stops, or, `wrapping`, goes on
    /// from the other end.
    mutating func moveCursor(by offset: Int, wrapping: Bool = false) {
        guard let cursor else { return }
        let target = cursor + offset
        let count = rows.count
        if wrapping, count > 0, target < 0 || target >= count {
            moveCursor(to: (target % count + count) % count)
        } else {
            moveCursor(to: target)
        }
    }

    mutating func moveCursor(to index: Int) {
        let count = rows.count
        guard count > 0 else { return }
        cursor = min(max(index, 0), count - 1)
    }

    /// Moves to the first friend of the section `offset` sections away among those listed
    /// ("Recent" the first of them, then "Groups"), and puts that section at the top of the list
    /// area.
    mutating func moveToSection(offset: Int) {
        guard review == nil, let cursor else { return }
        let starts =
            (recent.isEmpty ? [] : [0]) + (listedGroups.isEmpty ? [] : [recent.count]) + sectionStarts.map(\.shownIndex)
        guard let current = starts.lastIndex(where: { $0 <= cursor }) else { return }
        let onStart = starts[current] == cursor
        let target = offset < 0 && !onStart ? current : current + offset
        guard starts.indices.contains(target) else { return }
        self.cursor = starts[target]
        scrollSectionToTop()
    }

    /// Moves to the first shown friend of the section of `letter` (`a`–`z`, `A`–`Z`, a letter of
    /// a script's section such as `ж` or `が`, `#`), or of the next section shown after it, and
    /// puts that section at the top of the list area.
    mutating func moveToSection(_ letter: Character) {
        guard review == nil, let wanted = Section.letter(typed: letter) else { return }
        guard let target = sectionStarts.first(where: { !Section.precedes($0.letter, wanted) }) else { return }
        cursor = target.shownIndex
        scrollSectionToTop()
    }

    /// Scrolls so that the section the cursor's friend opens starts the list area, as a
    /// contacts list's index does: its header on the top row (the friend itself when headers
    /// are not shown), unless the end of the list comes first.
    private mutating func scrollSectionToTop() {
        guard let cursor else { return }
        let layout = layout
        let row = layout.row(ofShown: cursor)
        let top = layout.opensSection(cursor) ? row - 1 : row
        scrollTop = max(0, min(top, layout.totalRows - layout.listRows))
    }

    /// Whether the list shows its letters' sections (as headers, when enough friends are shown):
    /// in list order, not reviewing; a section jump exists only then.
    var showsSections: Bool { review == nil && ranked == nil && layout.headers.count > 0 }

    /// The sections that have friends shown below the groups: their letter and the index among
    /// the listed friends of their first friend; none while the search ranks what it shows.
    var sectionStarts: [(letter: Character, shownIndex: Int)] {
        guard ranked == nil else { return [] }
        let above = recent.count + listedGroups.count
        return rows.letterSections(in: list).map { ($0.letter, $0.shownIndex + above) }
    }

    /// Puts the cursor on the friend at list position `position` in its letter's section, if
    /// it is shown (below "Recent" when it is listed there too).
    mutating func placeCursor(onPosition position: Int) {
        if let index = rows.index(of: position) { cursor = index }
    }

    /// Where the cursor is: on which friend, whether under "Recent", at which row of the screen.
    struct CursorAnchor {
        var id: String
        var index: Int
        var inRecent: Bool
        var rowOnScreen: Int
    }

    /// The cursor's place, to be found again once the list has changed.
    var cursorAnchor: CursorAnchor? {
        guard let cursor, let friend = currentFriend else { return nil }
        return CursorAnchor(
            id: friend.id, index: cursor, inRecent: cursor < rows.recentCount,
            rowOnScreen: layout.row(ofShown: cursor) - scrollTop)
    }

    /// Puts the cursor back on the friend of `anchor` (in "Recent" when it was there and still
    /// is), at the same row of the screen; when that friend is no longer listed, at the same
    /// index.
    mutating func restoreCursor(_ anchor: CursorAnchor?) {
        guard let anchor, !rows.isEmpty else { return }
        let position = list.position(ofID: anchor.id)
        if anchor.inRecent, let position, let index = recent.firstIndex(of: position) {
            cursor = index
        } else if let position, let index = rows.index(of: position) {
            cursor = index
        } else {
            cursor = min(anchor.index, rows.count - 1)
        }
        if let cursor { scrollTop = max(0, layout.row(ofShown: cursor) - anchor.rowOnScreen) }
    }

    /// Makes `change`, then puts the cursor back on the friend it was on, if it is still listed,
    /// on the same row of the screen: the list moves around what the user is looking at.
    mutating func keepingTheCursorsRow(_ change: (inout PickerState) -> Void) {
        let anchor = cursorAnchor
        change(&self)
        restoreCursor(anchor)
    }

    /// Scrolls the least needed to show the cursor, with its section header when it is the first
    /// of its section.
    mutating func scrollToCursor() {
        scrollTop = layout.scrollTop(keeping: scrollTop, cursor: cursor)
    }

    /// A click on screen line `line`: on a friend, the cursor goes there; on its check box, the
    /// friend is toggled too.
    mutating func click(line: Int, column: Int) {
        guard column < listColumns, let index = shownIndex(atLine: line) else { return }
        cursor = index
        if FriendRow.checkBoxColumns.contains(column) { toggleCurrent() }
    }

    /// A double click on a friend finishes with the selection (that friend when none).
    mutating func doubleClick(line: Int) {
        guard let index = shownIndex(atLine: line) else { return }
        cursor = index
        finish()
    }

    /// The index in ``shown`` of the friend drawn on screen line `line`.
    func shownIndex(atLine line: Int) -> Int? {
        let layout = layout
        let row = line - layout.firstListLine
        guard row >= 0, row < layout.listRows else { return nil }
        guard case .friend(let index)? = layout.item(atRow: scrollTop + row) else { return nil }
        return index
    }
}
