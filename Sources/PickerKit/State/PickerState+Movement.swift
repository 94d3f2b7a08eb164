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

    /// Moves to the first friend of the section `offset` sections away among those shown, and
    /// puts that section at the top of the list area.
    mutating func moveToSection(offset: Int) {
        guard review == nil, let cursor else { return }
        let starts = sectionStarts
        guard let current = starts.lastIndex(where: { $0.shownIndex <= cursor }) else { return }
        let onStart = starts[current].shownIndex == cursor
        let target = offset < 0 && !onStart ? current : current + offset
        guard starts.indices.contains(target) else { return }
        self.cursor = starts[target].shownIndex
        scrollSectionToTop()
    }

    /// Moves to the first shown friend of the section of `letter` (`a`–`z`, `A`–`Z`, `#`), or of
    /// the next section shown after it, and puts that section at the top of the list area.
    mutating func moveToSection(_ letter: Character) {
        let wanted = letter == "#" ? "#" : Character(letter.uppercased())
        guard review == nil, wanted == "#" || ("A"..."Z").contains(wanted) else { return }
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
        let top = layout.headers.contains { $0.shownIndex == cursor } ? row - 1 : row
        scrollTop = max(0, min(top, layout.totalRows - layout.listRows))
    }

    /// The sections that have friends shown: their letter and the index in ``shown`` of their
    /// first friend.
    var sectionStarts: [(letter: Character, shownIndex: Int)] { list.sectionStarts(in: shown) }

    /// Puts the cursor on the friend at list position `position`, if it is shown.
    mutating func placeCursor(onPosition position: Int) {
        if let index = rows.index(of: position) { cursor = index }
    }

    /// Makes `change`, then puts the cursor back on the friend it was on, if it is still shown,
    /// on the same row of the screen: the list moves around what the user is looking at.
    mutating func keepingTheCursorsRow(_ change: (inout PickerState) -> Void) {
        let keptID = currentFriend?.id
        let rowOnScreen = cursor.map { layout.row(ofShown: $0) - scrollTop }
        change(&self)
        if let keptID, let position = list.position(ofID: keptID) { placeCursor(onPosition: position) }
        if let rowOnScreen, let cursor { scrollTop = max(0, layout.row(ofShown: cursor) - rowOnScreen) }
    }

    /// Scrolls the least needed to show the cursor, with its section header when it is the first
    /// of its section.
    mutating func scrollToCursor() {
        scrollTop = layout.scrollTop(keeping: scrollTop, cursor: cursor)
    }

    /// A click on screen line `line`: on a friend, the cursor goes there; on its check box, the
    /// friend is toggled too.
    mutating func click(line: Int, column: Int) {
        guard let index = shownIndex(atLine: line) else { return }
        cursor = index
        if FriendRow.checkBoxColumns.contains(column) { toggleCurrent() }
    }

    /// A double click on a friend finishes with the selection (that friend when none).
    mutating func doubleClick(line: Int) {
        guard let index = shownIndex(atLine: line) else { return }
        cursor = index
        phase = .done
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
