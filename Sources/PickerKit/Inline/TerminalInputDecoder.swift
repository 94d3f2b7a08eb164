import PickerSources
import PickerStore

/// What the terminal sent: a key, or its answer to a cursor position request.
package enum TerminalInput: Hashable, Sendable {
    case key(Key)
    /// The answer to `CSI 6n` (`ESC [ row ; column R`, 1-based there, from 0 here).
    case cursorPosition(CursorPosition)
}

/// Turns the bytes read from a terminal in raw mode into keys, as ncurses' keypad mode does for
/// the full screen, for the inline area, which draws through terminfo without ncurses' input
/// side.
///
/// It knows the sequences terminals send whether or not keypad transmit mode is on: arrows,
/// Home and End as `CSI` or `SS3` (`ESC [ A`, `ESC O A`, `ESC [ H`, `ESC [ 1 ~`, `ESC [ 7 ~`…),
/// PgUp/PgDn (`ESC [ 5 ~`, `ESC [ 6 ~`), Delete (`ESC [ 3 ~`), Shift-Tab (`ESC [ Z`), F1
/// (`ESC O P`, `ESC [ 11 ~`), SGR mouse reports (`ESC [ < b ; x ; y M`), and cursor position
/// reports; UTF-8 text; Enter, Tab, Backspace (DEL or ^H), Ctrl keys and Ctrl-/ (0x1F) as
/// control bytes. Keys the picker does not use (other function keys, keys with modifiers, X10
/// mouse reports) are read whole and dropped, as the full screen drops them.
///
/// An Esc may start a sequence: when the bytes stop after one, ``isWaiting`` is true, and the
/// caller waits the escape delay and calls ``finish()``, which makes it the Escape key (and an
/// unfinished sequence the Escape key followed by its characters, as ncurses does).
/// - Complexity: O(n) in the bytes given; what it holds between calls is bounded by
///   ``longestSequence``.
package struct TerminalInputDecoder: Sendable {
    /// Bytes of an unfinished sequence.
    private var pending: [UInt8] = []
    /// Whether the rest of a sequence longer than ``longestSequence`` is being skipped.
    private var skippingSequence = false
    /// The bytes of a paste being read, between the terminal's marks around it (bracketed
    /// paste); nil outside one.
    private var pasted: [UInt8]?
    /// How many bytes the paste being read has had: past ``longestPasteRead`` without its end
    /// mark, the paste ends there, so that a lost mark cannot take every later key.
    private var pasteRead = 0
    /// The most bytes read as one paste.
    static let longestPasteRead = 1 << 20

    /// The marks a terminal puts around pasted text once asked to (`CSI ? 2004 h`).
    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// The most of a paste kept: a search is one line, and more is left out.
    package static let longestPaste = 4096

    /// The longest control sequence read; a longer one is dropped whole, as garbage.
    package static let longestSequence = 64

    package init() {}

    /// Whether an unfinished sequence (an Esc, part of a sequence or of a character) waits for
    /// more bytes. A paste is not waiting: it goes on until its end mark, however long the
    /// bytes pause.
    package var isWaiting: Bool { pasted == nil && !pending.isEmpty }

    /// What `bytes`, after any unfinished sequence, hold; an unfinished sequence at the end is
    /// kept for the next call. The result does not depend on how the bytes are split between
    /// calls.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalInput] {
        pending.append(contentsOf: bytes)
        var inputs: [TerminalInput] = []
        var start = 0
        while start < pending.count {
            if var text = pasted {
                let rest = pending[start...]
                let end = Self.firstIndex(of: Self.pasteEnd, in: rest)
                // All but what may be the start of the end mark is the paste's.
                let taken = end ?? max(start, pending.count - (Self.pasteEnd.count - 1))
                text += pending[start..<taken].prefix(max(0, Self.longestPaste - text.count))
                pasteRead += taken - start
                start = taken
                guard end != nil || pasteRead > Self.longestPasteRead else {
                    pasted = text
                    break
                }
                inputs.append(.key(.paste(String(decoding: text, as: UTF8.self))))
                pasted = nil
                if end != nil { start += Self.pasteEnd.count }
                continue
            }
            if pending[start...].starts(with: Self.pasteStart) {
                pasted = []
                pasteRead = 0
                start += Self.pasteStart.count
                continue
            }
            if skippingSequence {
                let byte = pending[start]
                guard (0x20...0x3F).contains(byte) || (0x40...0x7E).contains(byte) else {
                    skippingSequence = false
                    continue
                }
                skippingSequence = (0x20...0x3F).contains(byte)
                start += 1
                continue
            }
            guard let step = Self.next(in: pending[start...]) else { break }
            switch step {
            case .read(let input, let length):
                if let input { inputs.append(input) }
                start += length
            case .overlong(let length):
                skippingSequence = true
                start += length
            }
        }
        pending.removeFirst(start)
        return inputs
    }

    /// Ends the unfinished sequence as if nothing more will come: an Esc alone is the Escape
    /// key; an unfinished sequence is the Escape key followed by its characters; part of a
    /// character is dropped.
    package mutating func finish() -> [TerminalInput] {
        // A paste may pause: it goes on with the next bytes, up to its end mark.
        guard pasted == nil else { return [] }
        skippingSequence = false
        guard let first = pending.first else { return [] }
        let rest = pending.dropFirst()
        pending = []
        guard first == 0x1B else { return [] }
        var inputs: [TerminalInput] = [.key(.escape)]
        for byte in rest where byte != 0x1B {
            if case .read(let input?, _)? = Self.next(in: [byte][...]) { inputs.append(input) }
        }
        return inputs
    }

    /// Where `needle` starts in `bytes`, if it does.
    private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// What the bytes at the start of a buffer are.
    private enum Step {
        /// An input (nil for bytes that mean nothing to the picker) and how many bytes it takes.
        case read(TerminalInput?, length: Int)
        /// The first `length` bytes of a control sequence longer than ``longestSequence``.
        case overlong(length: Int)
    }

    /// What starts `bytes`, or nil when the bytes end before it does.
    private static func next(in bytes: ArraySlice<UInt8>) -> Step? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return escapeSequence(in: bytes)
        case 0x0D: return .read(.key(.enter), length: 1)
        case 0x09: return .read(.key(.tab), length: 1)
        case 0x08, 0x7F: return .read(.key(.backspace), length: 1)
        case 0x01...0x1A: return .read(.key(.control(Character(Unicode.Scalar(first + 0x60)))), length: 1)
        case 0x1F: return .read(.key(.control("/")), length: 1)
        case 0x20...0x7E: return .read(.key(.character(Character(Unicode.Scalar(first)))), length: 1)
        case 0x80...: return character(in: bytes)
        default: return .read(nil, length: 1)
        }
    }

    /// The character whose UTF-8 encoding starts `bytes` (read by the one strict decoder,
    /// ``UTF8Text``), or nil while the bytes end inside one; an unsafe one is dropped, and so is
    /// a byte that starts no character (each continuation byte after it is then dropped in its
    /// turn).
    private static func character(in bytes: ArraySlice<UInt8>) -> Step? {
        let head = Array(bytes.prefix(4))
        let decoded = head.withUnsafeBufferPointer { UTF8Text.multibyteScalar(in: $0, at: 0, lead: $0[0]) }
        guard let (value, length) = decoded else {
            return UTF8Text.isUnfinishedScalar(head) ? nil : .read(nil, length: 1)
        }
        guard let scalar = Unicode.Scalar(value), !TerminalText.isUnsafe(scalar) else {
            return .read(nil, length: length)
        }
        return .read(.key(.character(Character(scalar))), length: length)
    }

    /// What starts with Esc: a `CSI` or `SS3` sequence; an Alt key (Alt with a printable
    /// character, or Backspace, sends Esc then the key); or the Escape key, followed by
    /// whatever comes next.
    private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> Step? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["): return controlSequence(in: bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return .read(singleShiftKey(bytes[start + 2]).map { .key($0) }, length: 3)
        case 0x21...0x7E: return .read(.key(.alt(Character(Unicode.Scalar(bytes[start + 1])))), length: 2)
        case 0x08, 0x7F: return .read(.key(.altBackspace), length: 2)
        default: return .read(.key(.escape), length: 1)
        }
    }

    /// The key of `ESC O final`, as terminals send in keypad transmit mode.
    private static func singleShiftKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "P"): return .function(1)
        default: return nil
        }
    }

    /// A `CSI` sequence: `ESC [`, parameter bytes (`0`–`?`), intermediate bytes (space–`/`)
    /// and a final byte (`@`–`~`). A sequence broken by another byte is dropped up to that byte;
    /// one longer than ``longestSequence`` is dropped whole.
    private static func controlSequence(in bytes: ArraySlice<UInt8>) -> Step? {
        let start = bytes.startIndex
        let limit = start + longestSequence
        var index = start + 2
        while index < bytes.endIndex, index < limit, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        if index == limit { return .overlong(length: longestSequence) }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        guard (0x40...0x7E).contains(final) else { return .read(nil, length: index - start) }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let length = index + 1 - start
        if final == UInt8(ascii: "M"), parameters.isEmpty {
            // An X10 mouse report: three raw bytes follow.
            return bytes.count >= length + 3 ? .read(nil, length: length + 3) : nil
        }
        return .read(controlSequenceInput(parameters: parameters, final: final), length: length)
    }

    /// What a complete `CSI` sequence means to the picker.
    private static func controlSequenceInput(parameters: String, final: UInt8) -> TerminalInput? {
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let report = MouseReport(sgrParameters: String(parameters.dropFirst()) + String(UnicodeScalar(final)))
            return report.map { .key(.mouse($0)) }
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (final, numbers.count) {
        case (UInt8(ascii: "R"), 2):
            guard let row = numbers[0], let column = numbers[1], row >= 1, column >= 1 else { return nil }
            return .cursorPosition(CursorPosition(row: row - 1, column: column - 1))
        case (UInt8(ascii: "~"), 1):
            switch numbers[0] {
            case 1, 7: return .key(.home)
            case 3: return .key(.delete)
            case 4, 8: return .key(.end)
            case 5: return .key(.pageUp)
            case 6: return .key(.pageDown)
            case 11: return .key(.function(1))
            default: return nil
            }
        default:
            // Unmodified only: `ESC [ A` or `ESC [ 1 A`, not `ESC [ 1 ; 5 A`.
            guard parameters.isEmpty || parameters == "1" else { return nil }
            switch final {
            case UInt8(ascii: "A"): return .key(.up)
            case UInt8(ascii: "B"): return .key(.down)
            case UInt8(ascii: "C"): return .key(.right)
            case UInt8(ascii: "D"): return .key(.left)
            case UInt8(ascii: "H"): return .key(.home)
            case UInt8(ascii: "F"): return .key(.end)
            case UInt8(ascii: "P"): return .key(.function(1))
            case UInt8(ascii: "Z"): return .key(.backTab)
            default: return nil
            }
        }
    }
}
