import CNcurses
import Glibc
import PickerSources
import PickerStore

/// What `tputs` writes, gathered: its output callback is a C function, which cannot carry a
/// context. Only the main thread paints.
nonisolated(unsafe) private var paddedOutput: [UInt8] = []

/// The terminal's terminfo entry, loaded with ncurses' `setupterm` (which neither clears nor
/// draws anything, unlike `newterm`): the strings the inline area is painted with, padding
/// applied by `tputs`.
struct Terminfo {
    /// The strings without parameters, padded, or empty where the terminal has none.
    let clearLine: [UInt8]
    let clearBelow: [UInt8]
    let resetStyle: [UInt8]
    let bold: [UInt8]
    let dim: [UInt8]
    let underline: [UInt8]
    let reverse: [UInt8]
    let hideCursor: [UInt8]
    let showCursor: [UInt8]
    /// Moves the cursor down a line, scrolling the screen up at the bottom.
    let scrollForward: [UInt8]
    /// Asks where the cursor is (`u7`; `CSI 6n` where the entry does not say).
    let requestCursorPosition: [UInt8]
    /// How many colours the terminal has.
    let colors: Int
    /// The terminal's size as the entry gives it, where it does.
    let lines: Int?
    let columns: Int?
    /// The terminal type loaded: `$TERM`, or a stand-in for it.
    let type: TerminalType
    private let cursorAddress: String
    private let foreground: String?

    /// Loads the entry of `$TERM` for the terminal open on `descriptor`, or where there is none
    /// that can move the cursor, of a stand-in (``TerminalType``); nil when there is none.
    static func load(descriptor: Int32) -> Terminfo? {
        guard let type = TerminalType.load(descriptor: descriptor), let cursorAddress = string("cup") else {
            unload()
            return nil
        }
        return Terminfo(type: type, cursorAddress: cursorAddress)
    }

    private init(type: TerminalType, cursorAddress: String) {
        self.type = type
        self.cursorAddress = cursorAddress
        foreground = Self.string("setaf")
        clearLine = Self.padded("el")
        clearBelow = Self.padded("ed")
        resetStyle = Self.padded("sgr0")
        bold = Self.padded("bold")
        dim = Self.padded("dim")
        underline = Self.padded("smul")
        reverse = Self.padded("rev")
        hideCursor = Self.padded("civis")
        showCursor = Self.padded("cnorm")
        let scroll = Self.padded("ind")
        scrollForward = scroll.isEmpty ? [0x0A] : scroll
        let request = Self.padded("u7")
        requestCursorPosition = request.isEmpty ? Array("\u{1B}[6n".utf8) : request
        colors = Int(tigetnum("colors"))
        lines = Self.number("lines")
        columns = Self.number("cols")
    }

    /// Frees what `setupterm` loaded.
    static func unload() {
        if let terminal = picker_cur_term() { del_curterm(terminal) }
    }

    /// Moves the cursor to `position`.
    func move(to position: CursorPosition) -> [UInt8] {
        Self.expand(cursorAddress, position.row, position.column)
    }

    /// Sets the foreground to colour `number`; empty where the terminal cannot.
    func foregroundColor(_ number: Int) -> [UInt8] {
        guard let foreground, number < colors else { return [] }
        return Self.expand(foreground, number, 0)
    }

    /// The string capability `name`, or nil when the terminal has none.
    private static func string(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return String(cString: value)
    }

    /// The numeric capability `name`, or nil when the terminal has none.
    private static func number(_ name: String) -> Int? {
        let value = tigetnum(name)
        return value > 0 ? Int(value) : nil
    }

    /// The string capability `name`, padded; empty when the terminal has none.
    private static func padded(_ name: String) -> [UInt8] {
        string(name).map { expand($0) } ?? []
    }

    /// `capability` with `first` and `second` put in, padded by `tputs`.
    private static func expand(_ capability: String, _ first: Int = 0, _ second: Int = 0) -> [UInt8] {
        guard let expanded = picker_tparm(capability, first, second) else { return [] }
        paddedOutput.removeAll(keepingCapacity: true)
        tputs(expanded, 1) { byte in
            paddedOutput.append(UInt8(truncatingIfNeeded: byte))
            return byte
        }
        return paddedOutput
    }
}
