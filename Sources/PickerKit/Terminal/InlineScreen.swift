import Glibc
import PickerSources
import PickerStore

/// The picker in a few lines below the cursor (`--height`), as fzf's `--height`, fzy and gum
/// draw: no alternate screen, the lines above left as they are, the terminal scrolled up first
/// when the cursor is too near the bottom, and on every way out the area erased and the cursor
/// back where the picker started, so that the output or the next prompt follows directly.
///
/// ncurses' `newterm` clears the screen when it starts, so the area is painted through
/// ncurses' terminfo layer instead (``Terminfo``), and keys are read from `/dev/tty` in raw
/// mode and decoded by ``TerminalInputDecoder``. Where the area is comes from asking the
/// terminal where its cursor is (`CSI 6n`), at the start, after a resize and after `fg`.
final class InlineScreen: PickerScreen {
    /// How long the terminal may take to say where its cursor is, in milliseconds. A terminal
    /// that does not answer at the start gets the full screen; after a resize or `fg`, the area
    /// goes to the bottom of the screen.
    private static let answerTimeout = 2000.0
    /// How long an Esc waits for the rest of a sequence, in milliseconds, as on the full screen.
    private static let escapeDelay = 25.0

    private let tty: Int32
    private let terminfo: Terminfo
    private let height: InlineHeight
    private let mouse: Bool
    private let color: Bool
    private let resizes: ResizeSignal
    /// The terminal's modes before the picker changed them.
    private var savedModes: termios
    private var decoder = TerminalInputDecoder()
    /// Input decoded and not yet handed out.
    private var waiting: [TerminalInput] = []
    private var painter = InlinePainter()
    /// The style of the last text written, nil when not known.
    private var currentStyle: TextStyle?
    private var terminalSize: TerminalSize
    private var placement: InlinePlacement

    /// Opens the inline area of `height` on the terminal `device`; nil when the full screen should be used
    /// instead: the area would take the whole terminal, neither the terminal nor any stand-in
    /// for it (``TerminalType``) has a terminfo entry that can move the cursor, or it does not
    /// say where its cursor is. Mouse reports are on
    /// when `mouse` is true, colours when `color` is and the terminal has them.
    static func open(device: String = "/dev/tty", height: InlineHeight, mouse: Bool, color: Bool) -> InlineScreen? {
        let tty = Glibc.open(device, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        var modes = termios()
        guard tcgetattr(tty, &modes) == 0, let terminfo = Terminfo.load(descriptor: tty) else {
            Glibc.close(tty)
            return nil
        }
        let size = windowSize(of: tty, terminfo: terminfo)
        guard let rows = height.areaRows(terminalRows: size.rows), let resizes = ResizeSignal.install() else {
            Terminfo.unload()
            Glibc.close(tty)
            return nil
        }
        let screen = InlineScreen(
            tty: tty, terminfo: terminfo, height: height, mouse: mouse, color: color, resizes: resizes,
            modes: modes, size: size)
        screen.enterRawMode()
        guard let cursor = screen.askCursorPosition() else {
            screen.restoreModes()
            screen.release()
            return nil
        }
        screen.take(InlinePlacement(rows: rows, below: cursor, in: size))
        return screen
    }

    private init(
        tty: Int32, terminfo: Terminfo, height: InlineHeight, mouse: Bool, color: Bool, resizes: ResizeSignal,
        modes: termios, size: TerminalSize
    ) {
        self.tty = tty
        self.terminfo = terminfo
        self.height = height
        self.mouse = mouse
        self.color = color
        self.resizes = resizes
        savedModes = modes
        terminalSize = size
        placement = InlinePlacement(rows: 0, below: CursorPosition(row: 0, column: 0), in: size)
    }

    /// Erases the area, puts the cursor back where the picker started and the terminal's modes
    /// as they were, and lets go of the terminal.
    func close() {
        leave()
        release()
    }

    var inputDescriptors: [Int32] { [tty, resizes.readEnd] }

    var size: TerminalSize { TerminalSize(rows: placement.rows, columns: terminalSize.columns) }

    var terminalNote: String? { terminfo.type.note }

    func readInput() -> ScreenInput? {
        if resizes.takeAll() { return .resized(resize()) }
        while true {
            if waiting.isEmpty { readWaitingInput() }
            guard !waiting.isEmpty else { return nil }
            switch waiting.removeFirst() {
            case .cursorPosition:
                // A late answer to a question given up on.
                continue
            case .key(.mouse(var report)):
                guard let line = placement.line(ofRow: report.line) else { continue }
                report.line = line
                return .key(.mouse(report))
            case .key(let key):
                return .key(key)
            }
        }
    }

    func suspend() {
        guard !SignalPipe.stopsAreIgnored() else { return }
        leave()
        stopTheJob()
        enterRawMode()
        terminalSize = Self.windowSize(of: tty, terminfo: terminfo)
        let cursor = askCursorPosition() ?? bottomLeft
        take(
            InlinePlacement(
                rows: height.areaRowsOnceOpen(terminalRows: terminalSize.rows), below: cursor, in: terminalSize))
    }

    /// Paints `frame`, the cursor hidden while lines are written and shown where the frame
    /// puts it after.
    func draw(_ frame: Frame) {
        let steps = painter.paint(frame, top: placement.top, columns: terminalSize.columns)
        guard !steps.isEmpty else { return }
        write(steps, around: terminfo.hideCursor, terminfo.showCursor)
    }

    // MARK: Taking and giving back the terminal

    /// Makes room for the area at `placement` by scrolling, hides the cursor, turns mouse
    /// reports on; the next draw paints every line.
    private func take(_ placement: InlinePlacement) {
        self.placement = placement
        var bytes = terminfo.hideCursor
        if placement.scroll > 0 {
            bytes += terminfo.move(to: bottomLeft)
            for _ in 0..<placement.scroll { bytes += terminfo.scrollForward }
        }
        // Pasted text comes between marks (bracketed paste), so that its line ends are no Enter.
        bytes += Array("\u{1B}[?2004h".utf8)
        if mouse { bytes += Array("\u{1B}[?1000h\u{1B}[?1006h".utf8) }
        writeWhole(bytes)
        painter.forget()
    }

    /// Erases the area, puts the cursor at home and shows it, turns mouse reports off and
    /// restores the terminal's modes.
    private func leave() {
        write(painter.erase(top: placement.top, rows: placement.rows, home: placement.home))
        var bytes = terminfo.resetStyle + terminfo.showCursor + Array("\u{1B}[?2004l".utf8)
        if mouse { bytes += Array("\u{1B}[?1006l\u{1B}[?1000l".utf8) }
        writeWhole(bytes)
        currentStyle = nil
        restoreModes()
    }

    private func release() {
        resizes.uninstall()
        Terminfo.unload()
        Glibc.close(tty)
    }

    /// Raw keys, as ncurses' `raw`, `noecho` and `nonl`: no line editing, no echo, no signals
    /// from keys (Ctrl-C and Ctrl-Z arrive as keys), no flow control, Enter as CR.
    private func enterRawMode() {
        var modes = savedModes
        modes.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT | PARMRK)
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &modes.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        tcsetattr(tty, TCSADRAIN, &modes)
    }

    private func restoreModes() {
        tcsetattr(tty, TCSADRAIN, &savedModes)
    }

    // MARK: Resizing

    /// Places the area again after the terminal was resized, and returns its new size.
    ///
    /// The terminal may have rewrapped or moved its lines; the cursor, left on a line of the
    /// area (``InlinePainter/cursorLine``), moved with them, so the area starts as many rows
    /// above where the cursor is now as the lines above it take at the new width. Everything
    /// from there down is erased (the old lines may have wrapped into more) and the area placed
    /// again, scrolling up if it no longer fits.
    private func resize() -> TerminalSize {
        terminalSize = Self.windowSize(of: tty, terminfo: terminfo)
        let rows = height.areaRowsOnceOpen(terminalRows: terminalSize.rows)
        let above = painter.rowsAboveTheCursor(columns: terminalSize.columns)
        let areaTop = askCursorPosition().map { max(0, $0.row - above) }
        let moved =
            areaTop.map { placement.moved(to: $0, rows: rows, in: terminalSize) }
            ?? InlinePlacement(rows: rows, below: bottomLeft, in: terminalSize)
        writeWhole(terminfo.move(to: CursorPosition(row: areaTop ?? moved.top, column: 0)) + terminfo.clearBelow)
        take(moved)
        return size
    }

    /// The bottom row's first cell: where the cursor is taken to be when the terminal does not
    /// say.
    private var bottomLeft: CursorPosition { CursorPosition(row: max(terminalSize.rows - 1, 0), column: 0) }

    /// The terminal's size: the tty's window size, else the terminfo entry's, else 24×80.
    private static func windowSize(of tty: Int32, terminfo: Terminfo) -> TerminalSize {
        var window = winsize()
        if ioctl(tty, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
        }
        return TerminalSize(rows: terminfo.lines ?? 24, columns: terminfo.columns ?? 80)
    }

    // MARK: Input

    /// Asks the terminal where its cursor is and waits for the answer, keeping the keys that
    /// arrive meanwhile; nil when no answer comes in time.
    private func askCursorPosition() -> CursorPosition? {
        writeWhole(terminfo.requestCursorPosition)
        let deadline = Self.milliseconds() + Self.answerTimeout
        while isReadable(before: deadline) {
            var answer: CursorPosition?
            for input in decoder.decode(readBytes()) {
                if case .cursorPosition(let position) = input, answer == nil {
                    answer = position
                } else {
                    waiting.append(input)
                }
            }
            if let answer { return answer }
        }
        return nil
    }

    /// Decodes what the terminal has sent; an Esc followed by nothing within the escape delay
    /// is the Escape key.
    private func readWaitingInput() {
        if isReadable() { waiting += decoder.decode(readBytes()) }
        while waiting.isEmpty, decoder.isWaiting {
            if isReadable(before: Self.milliseconds() + Self.escapeDelay) {
                waiting += decoder.decode(readBytes())
            } else {
                waiting += decoder.finish()
            }
        }
    }

    /// Whether the terminal has bytes to read now, without waiting.
    private func isReadable() -> Bool {
        isReadable(before: 0)
    }

    /// Whether the terminal has bytes to read, waiting until `deadline` (see
    /// ``milliseconds()``) at the most; a signal does not end the wait.
    private func isReadable(before deadline: Double) -> Bool {
        var descriptor = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
        while true {
            let left = max(0, deadline - Self.milliseconds())
            let ready = poll(&descriptor, 1, Int32(left.rounded(.up)))
            if ready >= 0 || errno != EINTR { return ready > 0 }
        }
    }

    /// Milliseconds on the monotonic clock.
    private static func milliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    /// The bytes the terminal has sent. When the terminal is gone (end of file, or `EIO` after
    /// a hang-up), Ctrl-C: the picker is cancelled rather than left reading nothing forever.
    private func readBytes() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(tty, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno == EIO) { return [0x03] }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    // MARK: Output

    /// Writes `steps` in terminfo's words, changing the style only where it changes.
    private func write(_ steps: [PaintStep], around before: [UInt8] = [], _ after: [UInt8] = []) {
        guard !steps.isEmpty else { return }
        var bytes = before
        for step in steps {
            switch step {
            case .move(let position): bytes += terminfo.move(to: position)
            case .text(let text, let style):
                if style != currentStyle { bytes += styleBytes(style) }
                bytes += Array(text.utf8)
            case .clearLine:
                if currentStyle != .plain { bytes += styleBytes(.plain) }
                bytes += terminfo.clearLine
            case .clearBelow:
                if currentStyle != .plain { bytes += styleBytes(.plain) }
                bytes += terminfo.clearBelow
            }
        }
        writeWhole(bytes + after)
    }

    /// What sets `style`, from the terminal's own; it becomes the current style.
    private func styleBytes(_ style: TextStyle) -> [UInt8] {
        currentStyle = style
        var bytes = terminfo.resetStyle
        if style.bold { bytes += terminfo.bold }
        if style.dim { bytes += terminfo.dim }
        if style.underline { bytes += terminfo.underline }
        if style.reverse { bytes += terminfo.reverse }
        if color, let foreground = style.color {
            bytes += terminfo.foregroundColor(terminfo.colors >= 256 ? foreground.richNumber : foreground.basicNumber)
        } else if color, let number = style.paletteColor,
            let shown = TextStyle.shownPaletteColor(number, colors: terminfo.colors)
        {
            bytes += terminfo.foregroundColor(shown)
        }
        return bytes
    }

    /// Writes all of `bytes` to the terminal.
    private func writeWhole(_ bytes: [UInt8]) {
        StandardStreams.writeWhole(bytes, to: tty)
    }
}
