import Foundation
import XCTest

extension TmuxTestCase {
    /// Starts a picker with `arguments` in a `columns`×`terminalRows` terminal after `before`
    /// printed its lines (see ``TmuxSession``'s `init`), and waits for the inline area of `rows`
    /// lines from row `top` to show its whole first frame. The server is killed when the test
    /// ends.
    func startInline(
        _ arguments: [String] = ["--session", "demo", "--height", "10"], before: String = "seq 1 5", top: Int = 5,
        rows: Int = 10, columns: Int = 80, terminalRows: Int = 24, fromShell: Bool = false,
        environment: [String: String?] = [:], shellLine: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> TmuxSession {
        let picker = killedAtTheEnd(
            try TmuxSession(
                arguments: arguments, columns: columns, rows: terminalRows, fromShell: fromShell,
                environment: environment, before: before, shellLine: shellLine, file: file, line: line))
        try picker.waitForArea("the inline area's first frame", top: top, rows: rows, file: file, line: line) {
            $0.title.hasPrefix("Select Friends") && $0.title.contains("/176 · ") && !$0.helpLine.isEmpty
        }
        return picker
    }
}

extension TmuxSession {
    /// Waits until the `rows` rows from row `top` satisfy `predicate` (see ``waitForScreen``)
    /// and returns them as a screen of their own.
    @discardableResult
    func waitForArea(
        _ what: String, top: Int, rows: Int, timeout: TimeInterval = defaultTimeout,
        file: StaticString = #filePath, line: UInt = #line, until predicate: (Screen) -> Bool
    ) throws -> Screen {
        try waitForScreen(what, timeout: timeout, file: file, line: line) {
            predicate($0.area(top: top, rows: rows))
        }.area(top: top, rows: rows)
    }
}
