import PickerSources
import PickerStore

/// The details pane: every field of the friend under the cursor, drawn from the friend the
/// list already holds (no subprocess, nothing read), in the same frame as the move that
/// focused it.
extension PickerState {
    /// The fewest columns the screen has for the pane to stand beside the list; on a narrower
    /// one it stands below it.
    static let columnsForPaneBeside = 80

    /// Whether the details pane, when shown, stands beside the list rather than below it.
    var panesBeside: Bool { size.columns >= Self.columnsForPaneBeside }

    /// The column where the pane stands beside the list, when it does: the list keeps about
    /// three fifths of the screen.
    var paneColumn: Int? {
        guard showsDetails, phase != .showingKeys, panesBeside else { return nil }
        return size.columns - max(30, size.columns * 2 / 5)
    }

    /// The columns the list's rows take: all of them, or those left of the pane.
    var listColumns: Int { paneColumn ?? max(size.columns, 0) }

    /// The pane's lines for the friend under the cursor, each at most `columns` wide: its name,
    /// then a line per field it has, the email addresses and phone numbers one a line.
    func paneLines(columns: Int) -> [[Frame.Span]] {
        guard let friend = currentFriend else { return [[Frame.Span("nobody under the cursor", .hint)]] }
        var lines: [[Frame.Span]] = [[Frame.Span(TerminalText.sanitized(friend.name), .title)]]
        func field(_ label: String, _ value: String, _ role: Frame.Role = .plain) {
            let padded = label + String(repeating: " ", count: max(1, Self.paneLabelWidth - label.count))
            lines.append([Frame.Span(padded, .header), Frame.Span(TerminalText.sanitized(value), role)])
        }
        let card = friend.card ?? ContactCard()
        if let nickname = card.nickname { field("nickname", nickname) }
        if let reading = card.reading { field("reading", reading) }
        choiceFields("email", friend.emails, part: .emailAddress, of: friend, into: field)
        choiceFields("phone", card.phones, part: .phoneNumber, of: friend, into: field)
        if let organization = card.organization { field("org", organization) }
        if let title = card.title { field("title", title) }
        if !card.categories.isEmpty { field("groups", card.categories.joined(separator: ", ")) }
        if friend.members != nil { field("members", memberSummary(friend)) }
        if let birthday = card.birthday { field("birthday", birthday) }
        if let since = friend.friendsSince { field("since", Self.day(since)) }
        if let note = card.note { field("note", note) }
        field("id", friend.id, .detail)
        if configuration.printedPart != .contact, !isPickable(friend) {
            lines.append([Frame.Span(unpickableNotice(friend), .warning)])
        }
        return lines.map { $0.fitted(to: columns) }
    }

    /// How wide the labels of the pane's fields are.
    private static let paneLabelWidth = 10

    /// A line per value of `values` (a friend's email addresses or phone numbers) for
    /// `add(label, value, role)`: when picks print one of them (``ContactPart``), numbered for
    /// Alt-1 to Alt-9, the one a pick prints marked `▸` and shown as a match; else as they are.
    private func choiceFields(
        _ label: String, _ values: [String], part: ContactPart, of friend: Friend,
        into add: (String, String, Frame.Role) -> Void
    ) {
        guard configuration.printedPart == part else {
            for value in values { add(label, value, .plain) }
            return
        }
        let choices = choices(of: friend)
        let chosen = chosenValue(of: friend)
        for value in values {
            guard let index = choices.firstIndex(of: value) else {
                add(label, value + "  (not printed: not one plain address)", .detail)
                continue
            }
            let isChosen = value == chosen
            add(label, (isChosen ? "▸ " : "  ") + "\(index + 1) " + value, isChosen ? .match : .plain)
        }
    }

    /// A group's members as the pane shows them: how many, and the names of the first few.
    private func memberSummary(_ group: Friend) -> String {
        let members = list.members(of: group)
        let shown = members.prefix(4).map(\.name).joined(separator: ", ")
        return "\(members.count)" + (members.isEmpty ? "" : ": " + shown + (members.count > 4 ? ", …" : ""))
    }

    /// Puts the details pane on `lines`, the screen's lines as the list left them: beside the
    /// list's rows from ``paneColumn``, or on the lines below the list (``ListLayout/paneRows``).
    func placePane(on lines: inout [Frame.Line], layout: ListLayout) {
        guard showsDetails, phase != .showingKeys else { return }
        if let column = paneColumn {
            let width = max(0, size.columns - column - 2)
            let pane = paneLines(columns: width)
            for row in 0..<layout.listRows {
                let line = layout.firstListLine + row
                guard lines.indices.contains(line) else { break }
                let text = row < pane.count ? pane[row] : []
                lines[line].beside = Frame.Beside(column: column, spans: [Frame.Span("│ ", .detail)] + text)
            }
            return
        }
        guard layout.paneRows > 0 else { return }
        let first = layout.firstListLine + layout.listRows
        let columns = max(size.columns, 0)
        let rule = String(repeating: "─", count: max(0, columns - 10))
        lines[first] = Frame.Line([Frame.Span("─ details " + rule, .detail)].fitted(to: columns))
        let pane = paneLines(columns: columns - 1)
        for (offset, spans) in pane.prefix(layout.paneRows - 1).enumerated() {
            lines[first + 1 + offset] = Frame.Line([Frame.Span(" ")] + spans)
        }
    }
}
