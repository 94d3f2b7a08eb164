import Foundation

/// `text` quoted for `sh`: inside single quotes, with each `'` written as `'\''`.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The columns `text` takes on a terminal, reckoned as terminals do (one scalar at a time, as
/// `wcwidth`): 0 for combining marks and format characters, 2 for East Asian wide and
/// full-width characters, else 1. Written here independently of the picker's own reckoning.
func terminalWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return width
        default: break
        }
        let value = scalar.value
        let wide =
            (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
        return width + (wide ? 2 : 1)
    }
}
