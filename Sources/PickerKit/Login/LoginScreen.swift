import FoundationEssentials
import PickerSources
import PickerStore

/// What `picker login` shows while it waits for approval: where to go, the code to enter in
/// large letters grouped for reading aloud, the QR code of the address when the terminal has
/// room for it, the time left and what the service said last. A pure function of its values.
package struct LoginScreen: Hashable, Sendable {
    package var authorization: DeviceAuthorization
    /// Where the session will be for: the origin of the token endpoint, as the title names it.
    package var service: String
    /// The QR code's lines (see ``QRCode/halfBlockLines(margin:)``), or nil for none.
    package var qrCode: [String]?
    /// Why there is no QR code, when one was wanted and cannot be made.
    package var qrProblem: String?
    /// Whole seconds until the code expires.
    package var secondsLeft: Int
    /// What the login reported last.
    package var progress = DeviceLogin.Progress.waiting

    package init(authorization: DeviceAuthorization, service: String, qrCode: [String]?, secondsLeft: Int) {
        self.authorization = authorization
        self.service = service
        self.qrCode = qrCode
        self.secondsLeft = secondsLeft
    }

    /// The fewest columns the text beside a QR code takes.
    static let textColumns = 30

    /// The screen at `size`: one line per row, none wider than the terminal. The QR code goes
    /// below the text when the terminal is tall enough, else beside it when wide enough, else
    /// it is left out with a word saying why.
    package func frame(size: TerminalSize) -> Frame {
        let rows = max(size.rows, 0)
        let columns = max(size.columns, 0)
        let title = Frame.Line(
            [Frame.Span("picker login · \(TerminalText.sanitized(service))", .title)].fitted(to: columns))
        let footer = [
            Frame.Line(status.fitted(to: columns)),
            Frame.Line([Frame.Span("Ctrl-C or Esc cancels", .help)].fitted(to: columns)),
        ]
        var lines: [Frame.Line]
        let qr = qrCode ?? []
        let qrWidth = qr.map(DisplayWidth.of).max() ?? 0
        let stacked = instructions(columns: columns, scan: !qr.isEmpty)
        if !qr.isEmpty, qrWidth <= columns, 1 + stacked.count + qr.count + 1 + footer.count <= rows {
            lines = [title] + stacked + qr.map { Frame.Line([Frame.Span($0, .qrCode)]) } + [Frame.Line()]
        } else if !qr.isEmpty, qrWidth + 2 + Self.textColumns <= columns,
            case let beside = instructions(columns: columns - qrWidth - 2, scan: true),
            1 + max(qr.count, beside.count) + footer.count <= rows
        {
            lines = [title]
            for row in 0..<max(qr.count, beside.count) {
                var spans = [
                    row < qr.count ? Frame.Span(qr[row], .qrCode) : Frame.Span(String(repeating: " ", count: qrWidth))
                ]
                spans.append(Frame.Span("  "))
                if row < beside.count { spans += beside[row].spans }
                lines.append(Frame.Line(spans))
            }
        } else {
            lines = [title] + instructions(columns: columns, scan: false)
            if qrCode != nil || qrProblem != nil {
                let note = qrProblem ?? "a larger terminal shows a QR code of the address"
                lines.append(Frame.Line([Frame.Span("(\(note))", .hint)].fitted(to: columns)))
            }
        }
        // The footer stays on the last rows; what does not fit above it is cut from the end.
        let body = Array(lines.prefix(max(0, rows - footer.count)))
        let padding = [Frame.Line](repeating: Frame.Line(), count: max(0, rows - footer.count - body.count))
        return Frame(lines: Array((body + padding + footer).suffix(rows)), cursor: nil)
    }

    /// The lines that say what to do, at most `columns` wide: the address (wrapped, never cut),
    /// the code, and with `scan` a word on the QR code; without, the address with the code
    /// filled in (`verification_uri_complete`), when there is one, which the QR code would hold.
    private func instructions(columns: Int, scan: Bool) -> [Frame.Line] {
        var lines = [
            Frame.Line(), Frame.Line([Frame.Span("Open this address on a phone or computer:")].fitted(to: columns)),
        ]
        lines += address(authorization.verificationURI, columns: columns)
        lines.append(Frame.Line([Frame.Span("and enter the code:")].fitted(to: columns)))
        lines.append(Frame.Line())
        lines.append(
            Frame.Line(
                [Frame.Span("  "), Frame.Span(Self.spelled(authorization.userCode), .title)].fitted(to: columns)))
        lines.append(Frame.Line())
        if scan {
            let scanText =
                authorization.completeURI == nil
                ? "Or scan the QR code to open the address."
                : "Or scan the QR code: it opens the address with the code filled in."
            lines += Self.wrapped(scanText, columns: columns, words: true).map { Frame.Line([Frame.Span($0, .hint)]) }
            lines.append(Frame.Line())
        } else if let complete = authorization.completeURI {
            lines += Self.wrapped("Or this one, with the code filled in:", columns: columns, words: true).map {
                Frame.Line([Frame.Span($0)])
            }
            lines += address(complete, columns: columns)
            lines.append(Frame.Line())
        }
        if let note = authorization.note {
            lines += Self.wrapped(note, columns: columns, words: true).map { Frame.Line([Frame.Span($0, .hint)]) }
            lines.append(Frame.Line())
        }
        return lines
    }

    /// `url` in lines of at most `columns`, indented by two: wrapped, never cut.
    private func address(_ url: URL, columns: Int) -> [Frame.Line] {
        Self.wrapped(TerminalText.sanitized(url.absoluteString), columns: columns - 2).map {
            Frame.Line([Frame.Span("  "), Frame.Span($0, .prompt)])
        }
    }

    /// The line that says how the login goes, with the time left and the code as typed.
    private var status: [Frame.Span] {
        let left = "\(max(secondsLeft, 0) / 60):" + String(format2: max(secondsLeft, 0) % 60)
        let code = Frame.Span(" · code \(authorization.userCode)", .hint)
        switch progress {
        case .waiting:
            return [Frame.Span("Waiting for approval · \(left) left", .notice), code]
        case .slowedDown(let interval):
            return [
                Frame.Span("Waiting for approval · \(left) left", .notice), code,
                Frame.Span(" · asking every \(HTTPClient.seconds(interval))", .hint),
            ]
        case .retrying(let reason, let wait):
            return [
                Frame.Span(
                    "\(reason); trying again in \(HTTPClient.seconds(wait.rounded(.up))) · \(left) left", .warning),
                code,
            ]
        }
    }

    /// `code` as it is read aloud: its characters apart, its groups further apart; the groups
    /// are the code's own (split at `-` or a space, the `-` kept), else fours (threes when
    /// that divides it and four does not) for a code longer than 5.
    package static func spelled(_ code: String) -> String {
        let separators: Set<Character> = ["-", " "]
        if code.contains(where: separators.contains) {
            let groups = code.split(whereSeparator: separators.contains).map { spacedOut(Array($0)) }
            return groups.joined(separator: code.contains(Character("-")) ? "  -  " : "   ")
        }
        let characters = Array(code)
        guard characters.count > 5 else { return spacedOut(characters) }
        let size = characters.count % 4 != 0 && characters.count % 3 == 0 ? 3 : 4
        let groups = stride(from: 0, to: characters.count, by: size).map {
            spacedOut(Array(characters[$0..<min($0 + size, characters.count)]))
        }
        return groups.joined(separator: "   ")
    }

    private static func spacedOut(_ characters: [Character]) -> String {
        characters.map(String.init).joined(separator: " ")
    }

    /// `text` in pieces of at most `columns` columns: cut anywhere, or with `words` at spaces
    /// where it can be.
    static func wrapped(_ text: String, columns: Int, words: Bool = false) -> [String] {
        let room = max(columns, 1)
        var pieces: [String] = []
        var piece = ""
        var width = 0
        if words {
            for word in text.split(separator: " ") {
                let wordWidth = DisplayWidth.of(String(word))
                if width > 0 && width + 1 + wordWidth > room {
                    pieces.append(piece)
                    piece = ""
                    width = 0
                }
                piece += (width > 0 ? " " : "") + word
                width += (width > 0 ? 1 : 0) + wordWidth
            }
            if !piece.isEmpty { pieces.append(piece) }
            return pieces.flatMap { DisplayWidth.of($0) > room ? wrapped($0, columns: room) : [$0] }
        }
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if width + characterWidth > room && width > 0 {
                pieces.append(piece)
                piece = ""
                width = 0
            }
            piece.append(character)
            width += characterWidth
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}

extension String {
    /// `number` in two digits at least: `05`.
    fileprivate init(format2 number: Int) {
        self = number < 10 ? "0\(number)" : "\(number)"
    }
}

extension LoginScreen {
    /// What a key does while the login waits.
    package enum Command: Hashable, Sendable {
        /// Stop waiting: nothing is stored.
        case cancel
        /// Give the terminal back and stop the job, as Ctrl-Z does.
        case suspend
    }

    /// What `key` does while the login waits: Ctrl-C, Esc and `q` cancel, Ctrl-Z suspends;
    /// nil for any other key.
    package static func command(for key: Key) -> Command? {
        switch key {
        case .control("c"), .escape, .character("q"): return .cancel
        case .control("z"): return .suspend
        default: return nil
        }
    }
}
