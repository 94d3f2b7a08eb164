import PickerStore

/// What a terminal shows once it has been given what a program wrote: enough of xterm's
/// behaviour to read back the lines ncurses draws with `TERM=xterm-256color` (cursor moves,
/// erasing, inserting and deleting characters and lines, scrolling regions, repeats, wide
/// characters, the pending wrap at the right margin). Styles are ignored.
///
/// The bench reads it to check that a keystroke really changed the screen as it should, so
/// that a picker that died or hung is never measured as a fast one; the tests, to check what
/// the screen shows.
package struct ScreenModel {
    package let rows: Int
    package let columns: Int
    /// Each cell's text; "" for the right half of a wide character.
    private var cells: [[String]]
    private var row = 0
    private var column = 0
    /// Set after a character is written in the last column: the next one goes on a new line.
    private var wrapPending = false
    /// The scrolling region, first and last line.
    private var top = 0
    private var bottom: Int
    private var saved = (row: 0, column: 0)
    private var lastPrinted = " "
    /// The start of a sequence or character cut off at the end of the last ``feed(_:)``.
    private var pending: [UInt8] = []

    package init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        bottom = rows - 1
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The text of line `index`, trailing spaces dropped.
    package func line(_ index: Int) -> String {
        var text = cells[index].joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Where the terminal's cursor is, from 0.
    package var cursor: (row: Int, column: Int) { (row, column) }

    /// Every line, one per row.
    package var text: String { (0..<rows).map(line).joined(separator: "\n") }

    /// Applies `bytes`, written by the program, to the screen.
    package mutating func feed(_ bytes: [UInt8]) {
        let data = pending + bytes
        pending = []
        var index = 0
        while index < data.count {
            let consumed: Int?
            switch data[index] {
            case 0x1B: consumed = escape(data, at: index)
            case 0x00..<0x20, 0x7F:
                control(data[index])
                consumed = 1
            default: consumed = character(data, at: index)
            }
            guard let consumed else {
                pending = Array(data[index...])
                return
            }
            index += consumed
        }
    }

    /// Handles the escape sequence at `start`; the bytes it took, or nil when it is cut off.
    private mutating func escape(_ data: [UInt8], at start: Int) -> Int? {
        guard start + 1 < data.count else { return nil }
        switch data[start + 1] {
        case UInt8(ascii: "["):
            guard let end = data[(start + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else { return nil }
            controlSequence(Array(data[(start + 2)..<end]), final: data[end])
            return end - start + 1
        case UInt8(ascii: "]"):
            // An operating system command, up to BEL or ESC \.
            for index in (start + 2)..<data.count {
                if data[index] == 0x07 { return index - start + 1 }
                if data[index] == 0x1B, index + 1 < data.count, data[index + 1] == UInt8(ascii: "\\") {
                    return index - start + 2
                }
            }
            return nil
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            return start + 2 < data.count ? 3 : nil
        case UInt8(ascii: "7"): saved = (row, column)
        case UInt8(ascii: "8"): moveTo(row: saved.row, column: saved.column)
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"):
            lineFeed()
            moveTo(row: row, column: 0)
        case UInt8(ascii: "M"): reverseLineFeed()
        case UInt8(ascii: "c"): self = ScreenModel(rows: rows, columns: columns)
        default: break
        }
        return 2
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: moveTo(row: row, column: 0)
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: moveTo(row: row, column: column - 1)
        case 0x09: moveTo(row: row, column: (column / 8 + 1) * 8)
        default: break
        }
    }

    /// Draws the UTF-8 character at `start`; the bytes it took, or nil when it is cut off.
    private mutating func character(_ data: [UInt8], at start: Int) -> Int? {
        let lead = data[start]
        let length =
            switch lead {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 1
            }
        guard start + length <= data.count else { return nil }
        for scalar in String(decoding: data[start..<(start + length)], as: UTF8.self).unicodeScalars {
            put(String(scalar), width: DisplayWidth.of(scalar))
        }
        return length
    }

    private mutating func put(_ text: String, width: Int) {
        guard width > 0 else {
            // A combining mark joins the character before it.
            var previous = wrapPending ? column : column - 1
            if previous >= 0, cells[row][previous].isEmpty { previous -= 1 }
            if previous >= 0 { cells[row][previous] += text }
            return
        }
        if wrapPending || column + width > columns {
            lineFeed()
            column = 0
        }
        wrapPending = false
        if cells[row][column].isEmpty, column > 0 { cells[row][column - 1] = " " }
        if column + width < columns, cells[row][column + width].isEmpty { cells[row][column + width] = " " }
        cells[row][column] = text
        if width == 2, column + 1 < columns { cells[row][column + 1] = "" }
        lastPrinted = text
        if column + width >= columns {
            column = columns - 1
            wrapPending = true
        } else {
            column += width
        }
    }

    private mutating func controlSequence(_ body: [UInt8], final: UInt8) {
        let isPrivate = body.first.map { (0x3C...0x3F).contains($0) } ?? false
        let parameters = String(decoding: body.filter { (0x30...0x3B).contains($0) }, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func parameter(_ index: Int, default value: Int) -> Int {
            guard index < parameters.count, let given = parameters[index], given > 0 else { return value }
            return given
        }
        let count = parameter(0, default: 1)
        switch Character(Unicode.Scalar(final)) {
        case "A": moveTo(row: row - count, column: column)
        case "B": moveTo(row: row + count, column: column)
        case "C": moveTo(row: row, column: column + count)
        case "D": moveTo(row: row, column: column - count)
        case "E": moveTo(row: row + count, column: 0)
        case "F": moveTo(row: row - count, column: 0)
        case "G", "`": moveTo(row: row, column: count - 1)
        case "d": moveTo(row: count - 1, column: column)
        case "H", "f": moveTo(row: count - 1, column: parameter(1, default: 1) - 1)
        case "J": eraseDisplay(parameters.first.flatMap { $0 } ?? 0)
        case "K": eraseLine(parameters.first.flatMap { $0 } ?? 0)
        case "X": erase(row: row, from: column, to: min(columns, column + count))
        case "P":
            let removed = min(count, columns - column)
            cells[row].removeSubrange(column..<(column + removed))
            cells[row] += Array(repeating: " ", count: removed)
        case "@":
            let added = min(count, columns - column)
            cells[row].insert(contentsOf: Array(repeating: " ", count: added), at: column)
            cells[row].removeLast(added)
        case "L": if (top...bottom).contains(row) { scroll(down: count, from: row) }
        case "M": if (top...bottom).contains(row) { scroll(up: count, from: row) }
        case "S": scroll(up: count, from: top)
        case "T": scroll(down: count, from: top)
        case "r":
            top = min(parameter(0, default: 1), rows) - 1
            bottom = min(parameter(1, default: rows), rows) - 1
            moveTo(row: 0, column: 0)
        case "b": for _ in 0..<count { put(lastPrinted, width: DisplayWidth.of(lastPrinted)) }
        case "h" where isPrivate && [47, 1047, 1049].contains(parameters.first.flatMap { $0 }): eraseDisplay(2)
        case "s" where !isPrivate: saved = (row, column)
        case "u" where !isPrivate: moveTo(row: saved.row, column: saved.column)
        default: break  // styles, modes, reports
        }
    }

    private mutating func moveTo(row newRow: Int, column newColumn: Int) {
        row = min(max(newRow, 0), rows - 1)
        column = min(max(newColumn, 0), columns - 1)
        wrapPending = false
    }

    private mutating func lineFeed() {
        if row == bottom {
            scroll(up: 1, from: top)
        } else if row < rows - 1 {
            row += 1
        }
        wrapPending = false
    }

    private mutating func reverseLineFeed() {
        if row == top {
            scroll(down: 1, from: top)
        } else if row > 0 {
            row -= 1
        }
        wrapPending = false
    }

    /// Moves the lines from `first` to the region's bottom up by `count`, blank lines coming in
    /// at the bottom.
    private mutating func scroll(up count: Int, from first: Int) {
        let moved = min(count, bottom - first + 1)
        cells.removeSubrange(first..<(first + moved))
        cells.insert(contentsOf: blankLines(moved), at: bottom - moved + 1)
    }

    /// Moves the lines from `first` to the region's bottom down by `count`, blank lines coming
    /// in at `first`.
    private mutating func scroll(down count: Int, from first: Int) {
        let moved = min(count, bottom - first + 1)
        cells.removeSubrange((bottom - moved + 1)...bottom)
        cells.insert(contentsOf: blankLines(moved), at: first)
    }

    private func blankLines(_ count: Int) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: columns), count: count)
    }

    private mutating func eraseDisplay(_ mode: Int) {
        switch mode {
        case 0:
            eraseLine(0)
            for line in (row + 1)..<rows { erase(row: line, from: 0, to: columns) }
        case 1:
            eraseLine(1)
            for line in 0..<row { erase(row: line, from: 0, to: columns) }
        default:
            for line in 0..<rows { erase(row: line, from: 0, to: columns) }
        }
    }

    private mutating func eraseLine(_ mode: Int) {
        switch mode {
        case 0: erase(row: row, from: column, to: columns)
        case 1: erase(row: row, from: 0, to: column + 1)
        default: erase(row: row, from: 0, to: columns)
        }
    }

    private mutating func erase(row line: Int, from first: Int, to end: Int) {
        guard first < end else { return }
        for index in first..<end { cells[line][index] = " " }
    }
}
