extension PickerState {
    /// The screen for a terminal of `size`: title, search bar, the visible part of the list
    /// and the key help. A pure function of the state.
    /// - Complexity: O(visible rows × name length + sections): independent of the list's size.
    public func frame(for size: TerminalSize) -> Frame {
        let layout = ListLayout(rows: size.rows, list: list, shown: shown)
        let columns = max(size.columns, 0)
        var lines = [Frame.Line](repeating: Frame.Line(), count: max(size.rows, 0))
        var textCursor: Frame.Position?
        if let line = layout.titleLine { lines[line] = titleLine(columns: columns) }
        if let line = layout.searchLine {
            let bar = searchBar(columns: columns)
            lines[line] = Frame.Line(bar)
            if phase == .searching { textCursor = Frame.Position(line: line, column: min(bar.width, columns - 1)) }
        }
        if let line = layout.helpLine { lines[line] = Frame.Line(statusSpans.fitted(to: columns)) }
        let listLines = listLines(layout: layout, columns: columns)
        for (offset, line) in listLines.enumerated() { lines[layout.firstListLine + offset] = line }
        return Frame(lines: lines, textCursor: textCursor)
    }

    private func titleLine(columns: Int) -> Frame.Line {
        let counts = "\(shown.count)/\(list.count) · \(selection.count) selected"
        let title = TerminalText.sanitized(configuration.title) + loadingIndicator
        let room = columns - DisplayWidth.of(counts) - 2
        guard room > 0 else { return Frame.Line([Frame.Span(counts, .counts)].fitted(to: columns)) }
        let shownTitle = DisplayWidth.truncate(title, to: room)
        let gap = String(repeating: " ", count: columns - DisplayWidth.of(shownTitle) - DisplayWidth.of(counts))
        return Frame.Line([Frame.Span(shownTitle, .title), Frame.Span(gap), Frame.Span(counts, .counts)])
    }

    private func searchBar(columns: Int) -> [Frame.Span] {
        let prompt = Frame.Span("/ ", .prompt)
        if phase != .searching && query.text.isEmpty {
            return [Frame.Span("/ to search", .hint)].fitted(to: columns)
        }
        var text = TerminalText.sanitized(query.text)
        let room = columns - 3
        if phase == .searching, room > 1, DisplayWidth.of(text) > room {
            while DisplayWidth.of(text) > room - 1 { text.removeFirst() }
            text = "…" + text
        }
        var spans = [prompt, Frame.Span(text, .query)]
        if phase != .searching { spans.append(Frame.Span("   / to edit the search", .hint)) }
        return spans.fitted(to: columns)
    }

    /// The spinner and how many friends have arrived, while the source is still delivering.
    private var loadingIndicator: String {
        guard case .inProgress(let expectedTotal) = loading else { return "" }
        let spinner = Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count]
        return " \(spinner) loading \(list.count)" + (expectedTotal.map { "/\($0)" } ?? "")
    }

    private static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The bottom line: a lasting warning when loading failed, else the keys.
    private var statusSpans: [Frame.Span] {
        if case .failed(let message) = loading {
            return [Frame.Span("⚠ loading stopped: \(TerminalText.sanitized(message))", .warning)]
        }
        let help: String
        switch phase {
        case .searching: help = "type to search · ↑↓ move · Tab toggle · Enter keep · Esc clear"
        case .loading: help = "loading friends… · Esc cancel"
        default: help = "↑↓ move · Space toggle · Tab toggle+down · / search · Enter done · Esc cancel"
        }
        return [Frame.Span(help, .help)]
    }

    private func listLines(layout: ListLayout, columns: Int) -> [Frame.Line] {
        guard layout.listRows > 0 else { return [] }
        if shown.isEmpty { return [Frame.Line([Frame.Span(emptyMessage, .notice)].fitted(to: columns))] }
        let top = layout.scrollTop(keeping: scrollTop, cursor: cursor)
        var highlighter = NameHighlighter()
        return (top..<min(top + layout.listRows, layout.totalRows)).compactMap { row in
            switch layout.item(atRow: row) {
            case .header(let letter):
                return Frame.Line([Frame.Span("  " + String(letter), .header)].fitted(to: columns))
            case .friend(let index):
                return friendLine(index, columns: columns, highlighter: &highlighter)
            case nil:
                return nil
            }
        }
    }

    private var emptyMessage: String {
        let stillLoading = if case .inProgress = loading { true } else { false }
        if list.count == 0 { return stillLoading ? "  Loading friends…" : "  No friends to show" }
        return "  No friends match “\(TerminalText.sanitized(query.text))”" + (stillLoading ? " so far" : "")
    }

    private func friendLine(_ index: Int, columns: Int, highlighter: inout NameHighlighter) -> Frame.Line {
        let friend = list.friends[shown[index]]
        let isCursor = index == cursor
        var spans = [
            Frame.Span(isCursor ? "> " : "  "),
            Frame.Span(selection.contains(friend.id) ? "[x]" : "[ ]", .checkMark),
            Frame.Span(" "),
        ]
        let matched = highlighter.matchedCharacters(in: friend.name, query: query)
        for (character, isMatch) in zip(friend.name, matched) {
            let role: Frame.Role = isMatch ? .match : .plain
            let text = TerminalText.sanitized(character)
            if spans.count > 3, spans[spans.count - 1].role == role {
                spans[spans.count - 1].text += text
            } else {
                spans.append(Frame.Span(text, role))
            }
        }
        return Frame.Line(spans.fitted(to: columns), isCursor: isCursor)
    }
}
