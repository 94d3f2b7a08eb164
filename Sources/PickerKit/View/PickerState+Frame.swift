import PickerSources
import PickerStore

extension PickerState {
    /// The screen for the state's terminal size: title, search bar, the visible part of the
    /// list (or the key overlay) and the key help. A pure function of the state.
    /// - Complexity: O(visible rows × name length + sections): independent of the list's size.
    package func frame() -> Frame {
        let layout = layout
        let columns = max(size.columns, 0)
        var lines = [Frame.Line](repeating: Frame.Line(), count: max(size.rows, 0))
        var cursor: Frame.Position?
        if let line = layout.titleLine { lines[line] = titleLine(columns: columns) }
        if let line = layout.headerLine, let header = configuration.header {
            lines[line] = Frame.Line([Frame.Span(TerminalText.sanitized(header), .subtitle)].fitted(to: columns))
        }
        if let line = layout.searchLine {
            let bar = searchBar(columns: columns)
            lines[line] = Frame.Line(bar.spans)
            if let column = bar.cursorColumn {
                cursor = Frame.Position(line: line, column: min(column, columns - 1))
            }
        }
        if let line = layout.helpLine { lines[line] = Frame.Line(statusSpans(columns: columns).fitted(to: columns)) }
        let body =
            phase == .showingKeys
            ? overlayLines(layout: layout, columns: columns) : listLines(layout: layout, columns: listColumns)
        for (offset, line) in body.prefix(layout.listRows).enumerated() { lines[layout.firstListLine + offset] = line }
        placePane(on: &lines, layout: layout)
        if cursor == nil, !lines.isEmpty {
            let focused = phase == .showingKeys ? nil : lines.firstIndex(where: \.isCursor)
            let line = focused ?? (phase == .showingKeys ? layout.firstListLine : layout.searchLine ?? 0)
            cursor = Frame.Position(line: min(line, lines.count - 1), column: 0)
        }
        return Frame(lines: lines, cursor: cursor)
    }

    private func titleLine(columns: Int) -> Frame.Line {
        let selected =
            (configuration.limit.map { "\(selection.count)/\($0)" } ?? String(selection.count)) + " selected"
        let counts = review == nil ? "\(shown.count)/\(list.count) · \(selected)" : selected
        let title =
            review == nil
            ? TerminalText.sanitized(configuration.title) + loadingIndicator : reviewTitle
        let room = columns - DisplayWidth.of(counts) - 2
        guard room > 0 else { return Frame.Line([Frame.Span(counts, .counts)].fitted(to: columns)) }
        let shownTitle = DisplayWidth.truncate(title, to: room)
        let gap = String(repeating: " ", count: columns - DisplayWidth.of(shownTitle) - DisplayWidth.of(counts))
        return Frame.Line([Frame.Span(shownTitle, .title), Frame.Span(gap), Frame.Span(counts, .counts)])
    }

    /// What the title says while the selection or a group's members are reviewed.
    private var reviewTitle: String {
        guard let group = review?.group, let position = list.position(ofID: group) else {
            return "Selected, in the order picked"
        }
        return "Members of " + TerminalText.sanitized(list.friends[position].name)
    }

    /// The search bar, and the column of the query's cursor while searching. A query too long
    /// for the bar shows the part around its cursor, `…` marking what is cut.
    private func searchBar(columns: Int) -> (spans: [Frame.Span], cursorColumn: Int?) {
        if phase == .choosingSection {
            return ([Frame.Span("jump to section: type a letter or #", .hint)].fitted(to: columns), nil)
        }
        if let review {
            let keys = review.group == nil ? "Ctrl-R" : "Ctrl-G"
            return ([Frame.Span(keys + " or Esc: back to the list as it was", .hint)].fitted(to: columns), nil)
        }
        if phase != .searching && query.text.isEmpty {
            return ([Frame.Span("type to search", .hint)].fitted(to: columns), nil)
        }
        let prompt = Frame.Span(TerminalText.sanitized(configuration.prompt), .prompt)
        guard phase == .searching else {
            let spans = [prompt, Frame.Span(TerminalText.sanitized(query.text), .query)]
            let note = typoNote ?? Frame.Span("   typing edits it · Esc clears it", .hint)
            return ((spans + [note]).fitted(to: columns), nil)
        }
        let characters = Array(query.text)
        let split = min(queryCursor, characters.count)
        var before = TerminalText.sanitized(String(characters[..<split]))
        let after = TerminalText.sanitized(String(characters[split...]))
        let room = columns - DisplayWidth.of(prompt.text) - 1
        if room > 1, DisplayWidth.of(before) > room {
            while DisplayWidth.of(before) > room - 1 { before.removeFirst() }
            before = "…" + before
        }
        let spans = [prompt, Frame.Span(before, .query), Frame.Span(after, .query)] + (typoNote.map { [$0] } ?? [])
        return (spans.fitted(to: columns), DisplayWidth.of(prompt.text) + DisplayWidth.of(before))
    }

    /// What the search bar says after the query when nobody matched some of its terms as
    /// typed and the list shows names one typo away.
    private var typoNote: Frame.Span? {
        guard !typoTerms.isEmpty else { return nil }
        let terms = typoTerms.map { "“\(TerminalText.sanitized($0))”" }.joined(separator: ", ")
        return Frame.Span("   no exact match for \(terms): names one typo away", .warning)
    }

    /// The spinner, and what the picker waits for until the first friends arrive, then how many
    /// have arrived of how many the source said, while the source is still delivering; without
    /// a total, the counts beside it already say how many.
    private var loadingIndicator: String {
        if let cachedCopyIndicator { return cachedCopyIndicator }
        guard case .inProgress(let announcedTotal) = loading else { return "" }
        let spinner = Self.spinnerFrames[spinnerStep % Self.spinnerFrames.count]
        if list.count == 0, let waitingFor = configuration.waitingFor {
            return " \(spinner) \(TerminalText.sanitized(waitingFor))…"
        }
        return " \(spinner) loading" + (announcedTotal.map { " \(list.count)/\($0)" } ?? "…")
    }

    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The bottom line: the question before Esc throws a selection away, the notice about the
    /// last key, a lasting warning when loading failed, else the main keys, those that finish
    /// and cancel first: as many whole hints as fit in `columns`, the one that shows every key
    /// kept to the last. A notice or a warning keeps Enter and Esc named after it when they fit.
    private func statusSpans(columns: Int) -> [Frame.Span] {
        if isAskingToDiscard { return [Frame.Span("Esc again to discard \(selection.count) selected", .warning)] }
        let hints = configuration.keyMap.hints(in: hintPhase, filtered: !query.text.isEmpty)
        var warning: String?
        if let notice { warning = "⚠ \(TerminalText.sanitized(notice))" }
        if warning == nil, case .failed(let message) = loading {
            let what = offlineWarning.map { "\($0) · " } ?? "loading stopped: "
            warning = "⚠ \(what)\(TerminalText.sanitized(message))"
        }
        if let warning {
            let finishing = hints.filter { $0.hasPrefix("Enter ") || $0.hasPrefix("Esc ") }.joined(separator: " · ")
            let both = warning + " · " + finishing
            guard !finishing.isEmpty, DisplayWidth.of(both) <= columns else { return [Frame.Span(warning, .warning)] }
            return [Frame.Span(warning, .warning), Frame.Span(" · " + finishing, .help)]
        }
        // Enter and Esc first, then the key that shows every key, then the others that fit.
        let keysHint = hints.last { $0.hasSuffix(" keys") }
        let finishing = hints.filter { $0.hasPrefix("Enter ") || $0.hasPrefix("Esc ") }
        var others = hints.filter { $0 != keysHint && !finishing.contains($0) }
        if phase == .loading { others.append(waitingNote) }
        var kept: [String] = []
        func fits(_ hint: String, leaving reserved: Int = 0) -> Bool {
            kept.isEmpty || DisplayWidth.of((kept + [hint]).joined(separator: " · ")) + reserved <= columns
        }
        for hint in finishing where fits(hint) { kept.append(hint) }
        let reserved = keysHint.map { fits($0) ? DisplayWidth.of($0) + 3 : 0 } ?? 0
        let keepsKeys = reserved > 0 || (keysHint != nil && kept.isEmpty)
        for hint in others {
            guard fits(hint, leaving: keepsKeys ? reserved : 0) else { break }
            kept.append(hint)
        }
        if keepsKeys, let keysHint { kept.append(keysHint) }
        // The hints stand in the table's order.
        kept.sort { (hints.firstIndex(of: $0) ?? .max) < (hints.firstIndex(of: $1) ?? .max) }
        if phase == .loading, kept.last != waitingNote, kept.contains(waitingNote) {
            kept.removeAll { $0 == waitingNote }
            kept.append(waitingNote)
        }
        return [Frame.Span(kept.joined(separator: " · "), .help)]
    }

    /// The phase whose keys the bottom line names: once finished, browsing's.
    private var hintPhase: Phase {
        switch phase {
        case .searching, .loading, .showingKeys, .reviewing, .choosingSection: phase
        default: .browsing
        }
    }

    /// What the bottom line says while nobody has arrived.
    private var waitingNote: String { "loading friends…" }
}
