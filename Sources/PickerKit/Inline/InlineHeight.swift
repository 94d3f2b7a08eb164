import PickerSources
import PickerStore

/// How tall the inline area is (`--height`): a number of lines, or a share of the terminal's
/// rows, as fzf's `--height`.
package enum InlineHeight: Hashable, Sendable {
    /// This many lines.
    case lines(Int)
    /// This percentage of the terminal's rows, rounded down, at least ``minimumRows``.
    case percent(Int)

    /// The fewest lines the area has: the title, the search bar, one friend and the bottom line.
    ///
    /// The bottom line is kept because it is where Enter and Esc are named, and where the
    /// picker asks before Esc throws a selection away ("Esc again to discard 3 selected") and
    /// says why a pick was refused: an area without it would make the first Esc look like it
    /// did nothing.
    package static let minimumRows = 4

    /// Parses `--height`'s value: `N` (lines, at least ``minimumRows``) or `N%` (1 to 100).
    package init(argument text: String) throws(Options.UsageError) {
        let isPercent = text.hasSuffix("%")
        let digits = isPercent ? text.dropLast() : text[...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits)
        else {
            throw Options.UsageError(
                "--height needs a number of lines or a percentage such as 40%, not '\(TerminalText.sanitized(text))'")
        }
        if isPercent {
            guard (1...100).contains(number) else {
                throw Options.UsageError("--height needs a percentage from 1% to 100%, not '\(text)'")
            }
            self = .percent(number)
        } else {
            guard number >= Self.minimumRows else {
                throw Options.UsageError(
                    "--height needs at least \(Self.minimumRows) lines (the title, the search, a friend and the keys), not '\(text)'"
                )
            }
            self = .lines(number)
        }
    }

    /// The lines of the area on a terminal of `terminalRows` rows, or nil when the area would
    /// take the whole terminal (or more), where the full screen serves better.
    package func areaRows(terminalRows: Int) -> Int? {
        let rows: Int
        switch self {
        case .lines(let lines): rows = lines
        case .percent(let percent): rows = max(Self.minimumRows, terminalRows * percent / 100)
        }
        return rows < terminalRows ? rows : nil
    }

    /// The lines of the area once it is open, after the terminal changed to `terminalRows` rows:
    /// as at the start, but never more than the terminal has (it stays inline, filling it).
    package func areaRowsOnceOpen(terminalRows: Int) -> Int {
        max(0, areaRows(terminalRows: terminalRows) ?? terminalRows)
    }
}
