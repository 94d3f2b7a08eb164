import PickerSources
import PickerStore

extension PickerState {
    /// The rows of the list area from the scroll position (which every event leaves showing the
    /// cursor): headers and friends, or a message when nobody is shown.
    func listLines(layout: ListLayout, columns: Int) -> [Frame.Line] {
        guard layout.listRows > 0 else { return [] }
        if rows.isEmpty { return [Frame.Line([Frame.Span(emptyMessage, .notice)].fitted(to: columns))] }
        let items = (scrollTop..<min(scrollTop + layout.listRows, layout.totalRows)).compactMap(layout.item(atRow:))
        let indices = items.compactMap { item -> Int? in
            guard case .friend(let index) = item else { return nil }
            return index
        }
        let nearby = NearbyFriends(self, around: (indices.min() ?? 0)..<((indices.max() ?? -1) + 1))
        var highlighter = NameHighlighter()
        return items.map { item in
            switch item {
            case .header(let letter):
                return Frame.Line([Frame.Span("  " + String(letter), .header)].fitted(to: columns))
            case .recentHeader:
                return Frame.Line([Frame.Span("  Recent", .header)].fitted(to: columns))
            case .friend(let index):
                return friendLine(index, columns: columns, nearby: nearby, highlighter: &highlighter)
            }
        }
    }

    /// Every key, by context, in place of the list.
    func keyOverlay(columns: Int) -> [Frame.Line] {
        let keys = configuration.keyMap.help
        let keyColumn = (keys.map { DisplayWidth.of($0.keys) }.max() ?? 0) + 4
        var lines: [Frame.Line] = []
        for context in KeyHelp.Context.allCases {
            lines.append(Frame.Line([Frame.Span(" " + context.rawValue, .header)].fitted(to: columns)))
            for help in keys where help.context == context {
                let padding = String(repeating: " ", count: keyColumn - 2 - DisplayWidth.of(help.keys))
                lines.append(
                    Frame.Line(
                        [Frame.Span("   " + help.keys, .prompt), Frame.Span(padding + help.action)].fitted(to: columns))
                )
            }
        }
        return lines
    }

    private var emptyMessage: String {
        let stillLoading = if case .inProgress = loading { true } else { false }
        if review != nil { return "  Nobody selected" }
        if list.count == 0 { return stillLoading ? "  Loading friends…" : "  No friends to show" }
        return "  No friends match “\(TerminalText.sanitized(query.text))”" + (stillLoading ? " so far" : "")
    }

    private func friendLine(
        _ index: Int, columns: Int, nearby: NearbyFriends, highlighter: inout NameHighlighter
    ) -> Frame.Line {
        let position = rows[index]
        let friend = list.friends[position]
        let isCursor = index == cursor
        var spans = [
            Frame.Span(isCursor ? "> " : "  "),
            selection.contains(friend.id) ? Frame.Span("[x]", .checked) : Frame.Span("[ ]", .checkMark),
            Frame.Span(" "),
        ]
        let prefixCount = spans.count
        let (name, keyPart) = displayedName(friend)
        let matched = highlighter.matchedCharacters(
            in: name, query: query, parts: configuration.displayOrder == .first ? friend : nil, typoTerms: typoTerms)
        for (offset, (character, isMatch)) in zip(name, matched).enumerated() {
            let role: Frame.Role = isMatch ? .match : (keyPart.contains(offset) ? .sortKey : .plain)
            let text = TerminalText.sanitized(character)
            if spans.count > prefixCount, spans[spans.count - 1].role == role {
                spans[spans.count - 1].text += text
            } else {
                spans.append(Frame.Span(text, role))
            }
        }
        if let detail = rowDetail(friend, atRow: index, nearby: nearby, room: columns - spans.width - 2) {
            spans.append(Frame.Span("  " + detail, .detail))
        }
        return Frame.Line(spans.fitted(to: columns), isCursor: isCursor)
    }

    /// The name as shown ("First Middle Last" as the service spells it, or "Last First
    /// Middle"), and the character offsets of the part the list is sorted by.
    func displayedName(_ friend: Friend) -> (name: String, keyPart: Range<Int>) {
        let parts = friend.nameParts
        let name = shownName(friend, parts: parts)
        let key = configuration.sortOrder == .first ? parts.first : parts.last
        guard !key.isEmpty, let range = name.firstRange(of: key) else { return (name, 0..<0) }
        let start = name.distance(from: name.startIndex, to: range.lowerBound)
        return (name, start..<(start + key.count))
    }

    /// The name as shown, of `friend` whose name parts are `parts`.
    func shownName(_ friend: Friend, parts: NameParts) -> String {
        configuration.displayOrder == .first
            ? friend.name : [parts.last, parts.first, parts.middle].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
