import Foundation

/// What the terminal shows, one string per row (trailing blanks dropped, as `capture-pane`
/// gives them).
struct Screen: CustomStringConvertible, Sendable {
    let lines: [String]

    /// The first row: title and counts.
    var title: String { lines.first ?? "" }
    /// The counts at the end of the title, e.g. `14/176 · 0 selected`.
    var counts: String {
        guard let range = title.range(of: #"\d+/\d+ · \d+(/\d+)? selected$"#, options: .regularExpression) else {
            return ""
        }
        return String(title[range])
    }
    /// The second row: the search bar.
    var searchBar: String { lines.count > 1 ? lines[1] : "" }
    /// The last row: the key help.
    var helpLine: String { lines.last ?? "" }
    /// The rows between the search bar and the help, without the blank ones at the end.
    var listLines: [String] {
        guard lines.count > 3 else { return [] }
        var list = Array(lines[2..<(lines.count - 1)])
        while list.last?.isEmpty == true { list.removeLast() }
        return list
    }
    /// The rows that show a friend.
    var friendLines: [String] { listLines.filter { $0.hasPrefix("> [") || $0.hasPrefix("  [") } }
    /// The names on the friend rows, top to bottom.
    var names: [String] { friendLines.map { String($0.dropFirst(6)) } }
    /// The names whose row is checked.
    var selectedNames: [String] {
        friendLines.filter { $0.dropFirst(2).hasPrefix("[x]") }.map { String($0.dropFirst(6)) }
    }
    /// The row under the cursor.
    var cursorLine: String? { lines.first { $0.hasPrefix("> ") } }
    /// The name under the cursor.
    var cursorName: String? { cursorLine.map { String($0.dropFirst(6)) } }
    /// The section header rows, such as `  A`.
    var headers: [String] {
        listLines.filter { $0.count == 3 && $0.hasPrefix("  ") && $0.last?.isWhitespace == false }
    }
    /// The widest row, in terminal columns.
    var widestLine: Int { lines.map(terminalWidth).max() ?? 0 }

    /// The `rows` rows from row `top`, as a screen of their own: the inline area.
    func area(top: Int, rows: Int) -> Screen {
        Screen(lines: (top..<(top + rows)).map { $0 < lines.count ? lines[$0] : "" })
    }

    var description: String {
        let width = max(widestLine, 1)
        let rule = "+" + String(repeating: "-", count: width) + "+"
        let rows = lines.enumerated().map { index, line in
            "|" + line + String(repeating: " ", count: max(0, width - terminalWidth(line))) + "| \(index)"
        }
        return ([rule] + rows + [rule]).joined(separator: "\n")
    }
}
