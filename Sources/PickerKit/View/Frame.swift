import PickerSources
import PickerStore

/// What the screen shows: one line per terminal row, each a run of styled spans, and where the
/// text cursor goes. The terminal front only paints it.
package struct Frame: Hashable, Sendable {
    /// What a span of text is, which decides how it is drawn.
    package enum Role: Hashable, Sendable {
        case plain, title, counts, prompt, query, hint, header, checkMark, checked, match, sortKey, help, notice,
            warning
        /// What is shown dimmed after a name: an email address, the day a friendship began, what
        /// tells friends of the same name apart.
        case detail
        /// The `--header` line under the title.
        case subtitle
        /// A QR code's modules in half blocks, a light one as the foreground.
        case qrCode
        /// Text in the colour and attributes it came with (`--ansi`).
        case colored(ColorCodes.Style)
    }

    /// Text drawn in one style. The text is safe to draw: it holds no control character.
    package struct Span: Hashable, Sendable {
        package var text: String
        package var role: Role

        package init(_ text: String, _ role: Role = .plain) {
            self.text = text
            self.role = role
        }
    }

    /// One terminal row.
    package struct Line: Hashable, Sendable {
        package var spans: [Span]
        /// The row under the cursor, drawn in reverse video across the whole width (up to what
        /// stands beside it).
        package var isCursor: Bool
        /// What stands beside the row from a column on, never in reverse video: a line of the
        /// details pane.
        package var beside: Beside?

        package init(_ spans: [Span] = [], isCursor: Bool = false, beside: Beside? = nil) {
            self.spans = spans
            self.isCursor = isCursor
            self.beside = beside
        }

        /// The row's text without styles, what stands beside it after blanks up to its column.
        package var text: String {
            let own = spans.map(\.text).joined()
            guard let beside else { return own }
            let gap = String(repeating: " ", count: max(0, beside.column - DisplayWidth.of(own)))
            return own + gap + beside.spans.map(\.text).joined()
        }

        /// The column up to which the row's own spans and its cursor's reverse video reach, on a
        /// screen of `columns`.
        package func ownColumns(of columns: Int) -> Int {
            min(columns, beside?.column ?? columns)
        }
    }

    /// Spans drawn from `column` of a row.
    package struct Beside: Hashable, Sendable {
        package var column: Int
        package var spans: [Span]

        package init(column: Int, spans: [Span]) {
            self.column = column
            self.spans = spans
        }
    }

    /// A cell of the screen.
    package struct Position: Hashable, Sendable {
        package var line: Int
        package var column: Int
    }

    /// Exactly one line per terminal row, none wider than the terminal.
    package var lines: [Line]
    /// Where the terminal's cursor stands, shown: the query's text cursor while searching,
    /// else the marker of the friend under the cursor (so that a screen reader or a braille
    /// display, which follow it, tell the focused row), else the start of the search line.
    /// Nil hides it.
    package var cursor: Position?

    /// The screen as plain text, one line per row, trailing spaces dropped.
    package var text: String {
        lines.map { line in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }
}

extension Array where Element == Frame.Span {
    /// The columns these spans take.
    var width: Int { reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// These spans cut to at most `columns` columns, the last one ending in `…` when something
    /// was cut.
    func fitted(to columns: Int) -> [Frame.Span] {
        guard width > columns else { return self }
        var result: [Frame.Span] = []
        var remaining = columns
        for span in self {
            let spanWidth = DisplayWidth.of(span.text)
            if spanWidth < remaining {
                result.append(span)
                remaining -= spanWidth
                continue
            }
            let cut = DisplayWidth.truncate(span.text + "…", to: remaining)
            if !cut.isEmpty { result.append(Frame.Span(cut, span.role)) }
            break
        }
        return result
    }
}
