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
            case .groupsHeader:
                return Frame.Line([Frame.Span("  Groups", .header)].fitted(to: columns))
            case .friend(let index):
                return friendLine(index, columns: columns, nearby: nearby, highlighter: &highlighter)
            }
        }
    }

    /// The key overlay's lines on screen, from its scroll position.
    func overlayLines(layout: ListLayout, columns: Int) -> [Frame.Line] {
        keyOverlay.lines.dropFirst(overlayTop).prefix(layout.listRows).map { line in
            switch line {
            case .heading(let text): return Frame.Line([Frame.Span(" " + text, .header)].fitted(to: columns))
            case .keys(let keys, let description, let column):
                let padding = String(repeating: " ", count: max(1, column - 3 - DisplayWidth.of(keys)))
                return Frame.Line(
                    [Frame.Span("   " + keys, .prompt), Frame.Span(padding + description)].fitted(to: columns))
            case .continuation(let text, let column):
                return Frame.Line([Frame.Span(String(repeating: " ", count: column) + text)].fitted(to: columns))
            case .moreKeys(let keys): return Frame.Line([Frame.Span("   " + keys, .prompt)].fitted(to: columns))
            }
        }
    }

    /// A friend's check box: `[x]` when ticked, `[-]` for a group some of whose members are
    /// selected, else `[ ]`.
    private func checkBox(_ friend: Friend) -> Frame.Span {
        if isTicked(friend) { return Frame.Span("[x]", .checked) }
        return isPartlySelected(friend) ? Frame.Span("[-]", .checked) : Frame.Span("[ ]", .checkMark)
    }

    private var emptyMessage: String {
        let stillLoading = if case .inProgress = loading { true } else { false }
        if review?.group != nil { return "  None of its members is in the list" }
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
            checkBox(friend),
            Frame.Span(" "),
        ]
        let prefixCount = spans.count
        // A friend a pick cannot print (no address in a mail format) is dimmed.
        let plain: Frame.Role = isPickable(friend) ? .plain : .detail
        let (name, keyPart) = displayedName(friend)
        let partsShown = configuration.displayOrder == .first && configuration.fields.shown == nil
        let matched = highlighter.matchedCharacters(
            in: name, query: query, parts: partsShown ? friend : nil, typoTerms: typoTerms)
        let skipped = Self.skippedToShowTheMatch(Array(name), matched: matched, room: columns - spans.width)
        if skipped > 0 { spans.append(Frame.Span("…")) }
        // With --ansi, each character shown keeps the colour it came with.
        let colors = configuration.fields.strippingColors ? configuration.fields.shownStyles(friend.name) : nil
        for (offset, (character, isMatch)) in zip(name, matched).enumerated() where offset >= skipped {
            var role: Frame.Role = isMatch ? .match : (keyPart.contains(offset) && plain == .plain ? .sortKey : plain)
            if role == .plain, let colors, offset < colors.count, !colors[offset].isPlain {
                role = .colored(colors[offset])
            }
            // A tab between fields is shown as the space it stands for, as fzf shows it.
            let text = character == "\t" ? " " : TerminalText.sanitized(character)
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

    /// How many characters of a name too long for its row to leave out at its start, after
    /// which `…` stands, so that the end of its first match shows in `room` columns (the rest
    /// of the name to its end, or with room for the `…` that cuts it); 0 when the match shows
    /// already, or nothing matched.
    static func skippedToShowTheMatch(_ name: [Character], matched: [Bool], room: Int) -> Int {
        guard let first = matched.firstIndex(of: true) else { return 0 }
        var end = first
        while end < matched.count, matched[end] { end += 1 }
        func width(_ range: Range<Int>) -> Int { name[range].reduce(0) { $0 + DisplayWidth.of($1) } }
        guard width(0..<name.count) > room, width(0..<end) > room - 1 else { return 0 }
        var skipped = 0
        while skipped < first, 1 + width(skipped..<name.count) > room, 1 + width(skipped..<end) > room - 1 {
            skipped += 1
        }
        return skipped
    }

    /// The name as shown ("First Middle Last" as the service spells it, or "Last First
    /// Middle"), and the character offsets of the part the list is sorted by.
    func displayedName(_ friend: Friend) -> (name: String, keyPart: Range<Int>) {
        let parts = friend.nameParts
        let name = shownName(friend, parts: parts)
        let key = configuration.sortOrder == .first ? parts.first : parts.last
        guard configuration.inputOrder == nil, !key.isEmpty, let range = name.firstRange(of: key) else {
            return (name, 0..<0)
        }
        let start = name.distance(from: name.startIndex, to: range.lowerBound)
        return (name, start..<(start + key.count))
    }

    /// The name as shown, of `friend` whose name parts are `parts`: the fields `--with-nth`
    /// shows of it, when given.
    func shownName(_ friend: Friend, parts: NameParts) -> String {
        let fields = configuration.fields
        if fields.shown != nil || fields.strippingColors { return fields.shownText(friend.name) }
        return configuration.displayOrder == .first
            ? friend.name : [parts.last, parts.first, parts.middle].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
