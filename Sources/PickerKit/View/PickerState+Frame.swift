extension PickerState {
    /// The screen for the state's terminal size: title, search bar, the visible part of the
    /// list (or the key overlay) and the key help. A pure function of the state.
    /// - Complexity: O(visible rows × name length + sections): independent of the list's size.
    public func frame() -> Frame {
        let layout = layout
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
        let body = phase == .showingKeys ? keyOverlay(columns: columns) : listLines(layout: layout, columns: columns)
        for (offset, line) in body.prefix(layout.listRows).enumerated() { lines[layout.firstListLine + offset] = line }
        return Frame(lines: lines, textCursor: textCursor)
    }

    private func titleLine(columns: Int) -> Frame.Line {
        let selected = configuration.limit.map { "\(selection.count)/\($0)" } ?? String(selection.count)
        let counts = "\(shown.count)/\(list.count) · \(selected) selected"
        let title = TerminalText.sanitized(configuration.title) + loadingIndicator
        let room = columns - DisplayWidth.of(counts) - 2
        guard room > 0 else { return Frame.Line([Frame.Span(counts, .counts)].fitted(to: columns)) }
        let shownTitle = DisplayWidth.truncate(title, to: room)
        let gap = String(repeating: " ", count: columns - DisplayWidth.of(shownTitle) - DisplayWidth.of(counts))
        return Frame.Line([Frame.Span(shownTitle, .title), Frame.Span(gap), Frame.Span(counts, .counts)])
    }

    private func searchBar(columns: Int) -> [Frame.Span] {
        if phase == .choosingSection {
            return [Frame.Span("jump to section: type a letter or #", .hint)].fitted(to: columns)
        }
        if phase != .searching && query.text.isEmpty {
            return [Frame.Span("/ to search", .hint)].fitted(to: columns)
        }
        let prompt = Frame.Span(TerminalText.sanitized(configuration.prompt), .prompt)
        var text = TerminalText.sanitized(query.text)
        let room = columns - DisplayWidth.of(prompt.text) - 1
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
        if let cachedCopyIndicator { return cachedCopyIndicator }
        guard case .inProgress(let expectedTotal) = loading else { return "" }
        let spinner = Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count]
        return " \(spinner) loading \(list.count)" + (expectedTotal.map { "/\($0)" } ?? "")
    }

    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The bottom line: the notice about the last key, a lasting warning when loading failed,
    /// else the main keys.
    private var statusSpans: [Frame.Span] {
        if let notice { return [Frame.Span("⚠ \(TerminalText.sanitized(notice))", .warning)] }
        if case .failed(let message) = loading {
            let what = offlineWarning.map { "\($0) · " } ?? "loading stopped: "
            return [Frame.Span("⚠ \(what)\(TerminalText.sanitized(message))", .warning)]
        }
        // Waiting for a section's letter (the search bar asks for it) and once finished, the
        // line keeps browsing's keys.
        let hintPhase: Phase =
            switch phase {
            case .searching, .loading, .showingKeys: phase
            default: .browsing
            }
        let hints = configuration.keyMap.hints(in: hintPhase)
        let help = (phase == .loading ? ["loading friends…"] + hints : hints).joined(separator: " · ")
        return [Frame.Span(help, .help)]
    }
}
