import CNcurses
import Glibc
import PickerSources
import PickerStore

/// The terminal the picker draws on: `/dev/tty` (or another terminal device) through ncurses,
/// whatever standard input and output are, so that the result can be piped.
final class Terminal {
    /// Why the picker cannot draw.
    struct Unusable: Error, CustomStringConvertible {
        var description: String
    }

    private let tty: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private let theme: Theme
    /// The locale before the terminal was opened, put back when it closes.
    private let savedLocale: String?
    /// The descriptor that becomes readable when a key arrives.
    let inputDescriptor: Int32

    /// Whether mouse reports are turned on.
    private let mouse: Bool
    /// The terminal type drawn with: `$TERM`, or a stand-in for it.
    let type: TerminalType
    /// An input read after an Esc that did not make an Alt key with it, handed out next.
    private var pendingInput: Input?
    /// The text of a paste being read, between the terminal's marks around it, and how many
    /// inputs it has had.
    private var pasted: String?
    private var pasteRead = 0
    /// The most of a paste kept: a search is one line, and more is left out.
    private static let longestPaste = 4096
    /// The most inputs read as one paste: past them without its end mark the paste ends, so
    /// that a lost mark cannot take every later key.
    private static let longestPasteRead = 1 << 20

    /// The key code ncurses returns for the start of an SGR mouse report, `ESC [ <`.
    private static let mouseReportCode: Int32 = 0x7F00
    /// The key codes ncurses returns for the marks around pasted text, `ESC [ 200 ~` and
    /// `ESC [ 201 ~` (bracketed paste).
    private static let pasteStartCode: Int32 = 0x7F01
    private static let pasteEndCode: Int32 = 0x7F02

    /// Opens and sets up the terminal `device`: UTF-8 locale, raw keys, no echo, keypad, hidden
    /// cursor, colours unless `color` is false, SGR mouse reports when `mouse` is true. A
    /// `$TERM` the terminfo database has no entry for that can move the cursor is drawn as a
    /// stand-in (``TerminalType``), unless `standIns` is false.
    private init(device: String, mouse: Bool, color: Bool, standIns: Bool) throws(Unusable) {
        let savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        // What the locale was is put back on every way out, the failures here included.
        func restoreLocale() { if let savedLocale { setlocale(LC_ALL, savedLocale) } }
        guard let tty = fopen(device, "r+") else {
            restoreLocale()
            throw Unusable(
                description:
                    "no terminal to draw on (\(TerminalText.sanitized(device)) cannot be opened); use --filter without a screen"
            )
        }
        let type = TerminalType.load(descriptor: fileno(tty))
        Terminfo.unload()
        guard let type, standIns || type.replaced == nil else {
            fclose(tty)
            restoreLocale()
            throw Unusable(description: TerminalType.noEntry(tried: standIns))
        }
        guard let screen = newterm(type.name, tty, tty) else {
            fclose(tty)
            restoreLocale()
            throw Unusable(
                description:
                    "the terminal type '\(TerminalText.sanitized(type.name))' cannot be set up; use --filter without a screen"
            )
        }
        self.tty = tty
        self.screen = screen
        self.type = type
        self.savedLocale = savedLocale
        inputDescriptor = fileno(tty)
        raw()
        noecho()
        nonl()
        keypad(picker_stdscr(), true)
        nodelay(picker_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        // ncurses 6.4 flushes its output after every cursor move until the screen has been
        // left once (`_nc_mvcur` writes when `_endwin` is still `ewInitial`): a frame went out
        // in one write per line. Leaving and taking the screen back before anything is drawn
        // lets a frame go out in one write.
        endwin()
        doupdate()
        theme = Theme.start(color: color)
        self.mouse = mouse
        if mouse { define_key("\u{1B}[<", Self.mouseReportCode) }
        define_key("\u{1B}[200~", Self.pasteStartCode)
        define_key("\u{1B}[201~", Self.pasteEndCode)
        report(true)
    }

    /// Runs `body` with the terminal `device` set up, and restores it on every way out; with
    /// `standIns` false, a `$TERM` that cannot be drawn with as it is refuses.
    static func with<Result>(
        device: String = "/dev/tty", mouse: Bool, color: Bool, standIns: Bool = true,
        _ body: (Terminal) throws -> Result
    ) throws -> Result {
        let terminal = try Terminal(device: device, mouse: mouse, color: color, standIns: standIns)
        defer { terminal.close() }
        return try body(terminal)
    }

    /// Turns on or off the terminal's marks around pasted text (bracketed paste) and, unless
    /// the mouse is left to the terminal, its mouse reports (button presses and the wheel, in
    /// SGR form).
    private func report(_ on: Bool) {
        let mouseModes = mouse ? (on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l") : ""
        fputs((on ? "\u{1B}[?2004h" : "\u{1B}[?2004l") + mouseModes, tty)
        fflush(tty)
    }

    private func close() {
        report(false)
        endwin()
        delscreen(screen)
        fclose(tty)
        if let savedLocale { setlocale(LC_ALL, savedLocale) }
    }

    /// The terminal's size now.
    var size: TerminalSize {
        TerminalSize(rows: Int(getmaxy(picker_stdscr())), columns: Int(getmaxx(picker_stdscr())))
    }

    /// The next input waiting, if any: a resize, or a key (keys that mean nothing to the
    /// picker are skipped). An Esc with a character or Backspace right behind it (what a
    /// terminal sends for Alt with the key) is that Alt key; text between the terminal's paste
    /// marks is one paste, whose line ends stay line ends.
    func readInput() -> ScreenInput? {
        while let input = pendingInput.take() ?? nextInput() {
            if input.isResize { return .resized(size) }
            let code = input.status == KEY_CODE_YES ? Int32(input.code) : nil
            if var text = pasted {
                pasteRead += 1
                if code == Self.pasteEndCode || pasteRead > Self.longestPasteRead {
                    pasted = nil
                    return .key(.paste(text))
                }
                if text.count < Self.longestPaste, let character = Self.pastedCharacter(input) {
                    text.append(character)
                }
                pasted = text
                continue
            }
            if code == Self.pasteStartCode {
                pasted = ""
                pasteRead = 0
                continue
            }
            guard let key = Key(input) else { continue }
            if key == .escape, let following = nextInput() {
                if let alt = Key(altWith: following) { return .key(alt) }
                pendingInput = following
            }
            return .key(key)
        }
        return nil
    }

    /// What `input` adds to a paste: its character, a line end as one.
    private static func pastedCharacter(_ input: Input) -> Character? {
        if input.status == KEY_CODE_YES { return Int32(input.code) == KEY_ENTER ? "\n" : nil }
        switch input.code {
        case 13, 10: return "\n"
        case 9: return "\t"
        default: return Unicode.Scalar(UInt32(input.code)).map(Character.init)
        }
    }

    /// The next key waiting, if any; a key that means nothing to the picker is skipped.
    private func nextInput() -> Input? {
        var character: wint_t = 0
        let status = wget_wch(picker_stdscr(), &character)
        if status == ERR { return nil }
        if status == KEY_CODE_YES, Int32(character) == Self.mouseReportCode {
            return Input(status: status, code: character, mouse: readMouseReport())
        }
        return Input(status: status, code: character)
    }

    /// The rest of an SGR mouse report, up to its final `M` or `m`.
    private func readMouseReport() -> MouseReport? {
        var text = ""
        var character: wint_t = 0
        while text.count < 24, wget_wch(picker_stdscr(), &character) == OK,
            let scalar = Unicode.Scalar(UInt32(character))
        {
            text.unicodeScalars.append(scalar)
            if scalar == "M" || scalar == "m" { return MouseReport(sgrParameters: text) }
        }
        return nil
    }

    /// Suspends the picker as Ctrl-Z does in a shell: restores the terminal, then stops the
    /// whole job (the picker and what its output is piped into), so the shell sees it stopped
    /// and gives its prompt back. On `fg` the terminal is set up again and the next draw
    /// repaints every cell. Does nothing when the shell made the picker ignore SIGTSTP.
    func suspend() {
        guard !SignalPipe.stopsAreIgnored() else { return }
        report(false)
        endwin()
        stopTheJob()
        report(true)
        clearok(picker_stdscr(), true)
    }

    /// Paints `frame` and shows it.
    func draw(_ frame: Frame) {
        let window = picker_stdscr()
        werase(window)
        let columns = Int(getmaxx(window))
        // The text of each span as ncurses takes it, in one buffer kept from span to span.
        var wide: [wchar_t] = []
        wide.reserveCapacity(columns)
        for (row, line) in frame.lines.enumerated() {
            var column = 0
            let base = line.isCursor ? picker_a_reverse() : picker_a_normal()
            for span in line.spans {
                wattrset(window, Int32(bitPattern: base | theme.attributes(for: span.role)))
                wide.removeAll(keepingCapacity: true)
                var width = 0
                for scalar in span.text.unicodeScalars {
                    wide.append(wchar_t(bitPattern: scalar.value))
                    width += DisplayWidth.of(scalar)
                }
                wmove(window, Int32(row), Int32(column))
                waddnwstr(window, wide, Int32(wide.count))
                column += width
            }
            let own = line.ownColumns(of: columns)
            if line.isCursor, column < own {
                wattrset(window, Int32(bitPattern: base))
                var blanks = [wchar_t](repeating: 0x20, count: own - column)
                wmove(window, Int32(row), Int32(column))
                waddnwstr(window, &blanks, Int32(blanks.count))
            }
            if let beside = line.beside, beside.column < columns {
                column = beside.column
                for span in beside.spans {
                    wattrset(window, Int32(bitPattern: picker_a_normal() | theme.attributes(for: span.role)))
                    wide.removeAll(keepingCapacity: true)
                    for scalar in span.text.unicodeScalars { wide.append(wchar_t(bitPattern: scalar.value)) }
                    wmove(window, Int32(row), Int32(column))
                    waddnwstr(window, wide, Int32(wide.count))
                    column += DisplayWidth.of(span.text)
                }
            }
        }
        wattrset(window, 0)
        if let cursor = frame.cursor {
            wmove(window, Int32(cursor.line), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        wrefresh(window)
    }
}

/// One read from the keyboard: a character, or a key code with `KEY_CODE_YES`, or a mouse
/// report.
struct Input {
    var status: Int32
    var code: wint_t
    var mouse: MouseReport?

    /// Whether the terminal was resized.
    var isResize: Bool { status == KEY_CODE_YES && Int32(code) == KEY_RESIZE }
}
