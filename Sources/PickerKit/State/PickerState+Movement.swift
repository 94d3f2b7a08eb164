extension PickerState {
    /// Moves the cursor `offset` friends; past either end it stops, or, `wrapping`, goes on
    /// from the other end.
    mutating func moveCursor(by offset: Int, wrapping: Bool = false) {
        guard let cursor else { return }
        let target = cursor + offset
        if wrapping, listedCount > 0, target < 0 || target >= listedCount {
            moveCursor(to: (target % listedCount + listedCount) % listedCount)
        } else {
            moveCursor(to: target)
        }
    }

    mutating func moveCursor(to index: Int) {
        guard listedCount > 0 else { return }
        cursor = min(max(index, 0), listedCount - 1)
    }

    /// Moves to the first friend of the section `offset` sections away among those listed
    /// ("Recent" the first of them).
    mutating func moveToSection(offset: Int) {
        guard let cursor else { return }
        let starts = (recent.isEmpty ? [] : [0]) + sectionStarts.map(\.shownIndex)
        guard let current = starts.lastIndex(where: { $0 <= cursor }) else { return }
        let onStart = starts[current] == cursor
        let target = offset < 0 && !onStart ? current : current + offset
        if starts.indices.contains(target) { self.cursor = starts[target] }
    }

    /// Moves to the first shown friend of the section of `letter` (`a`–`z`, `A`–`Z`, `#`), or of
    /// the next section shown after it.
    mutating func moveToSection(_ letter: Character) {
        let wanted = letter == "#" ? "#" : Character(letter.uppercased())
        guard wanted == "#" || ("A"..."Z").contains(wanted) else { return }
        let target = sectionStarts.first { !Section.precedes($0.letter, wanted) }
        if let target { cursor = target.shownIndex }
    }

    /// The sections that have friends shown: their letter and the index among the listed
    /// friends of their first friend.
    var sectionStarts: [(letter: Character, shownIndex: Int)] {
        list.sectionStarts(in: shown).map { ($0.letter, $0.shownIndex + recent.count) }
    }

    /// Puts the cursor on the friend at list position `position` in its letter's section, if
    /// it is shown.
    mutating func placeCursor(onPosition position: Int) {
        if let index = shown.index(of: position) { cursor = index + recent.count }
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
