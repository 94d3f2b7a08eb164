import PickerSources
import PickerStore

/// A mouse report from the terminal, in SGR form (`ESC [ < button ; column ; row M`).
package struct MouseReport: Hashable, Sendable {
    package enum Button: Hashable, Sendable {
        case left, middle, right, wheelUp, wheelDown
    }

    package var button: Button
    /// The screen line, from 0.
    package var line: Int
    /// The screen column, from 0.
    package var column: Int
    /// True for a press, false for a release.
    package var isPress: Bool
    /// 2 for the second press of a double click; the front end counts, since it keeps time.
    package var clickCount: Int

    package init(button: Button, line: Int, column: Int, isPress: Bool, clickCount: Int = 1) {
        self.button = button
        self.line = line
        self.column = column
        self.isPress = isPress
        self.clickCount = clickCount
    }

    /// Parses what follows `ESC [ <` in an SGR mouse report: `button;column;row` then `M` for a
    /// press or `m` for a release. Columns and rows are 1-based there. Nil for anything else,
    /// and for motion and modified buttons.
    package init?(sgrParameters text: String) {
        guard let final = text.last, final == "M" || final == "m" else { return nil }
        let numbers = text.dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
            column >= 1, row >= 1
        else { return nil }
        switch code {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 64: button = .wheelUp
        case 65: button = .wheelDown
        default: return nil
        }
        line = row - 1
        self.column = column - 1
        isPress = final == "M"
        clickCount = 1
    }
}
