import PickerSources
import PickerStore

extension InlineHeight {
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
}
