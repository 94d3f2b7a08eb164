import Foundation
import XCTest

extension TmuxSession {
    /// The value of a tmux format for the pane, such as `#{mouse_sgr_flag}`.
    func paneFormat(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", Self.pane, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's modes and title as tmux keeps them: alternate screen, cursor shown, keypad
    /// and cursor-key modes, mouse reporting, insert, wrap and origin modes, then the title.
    func terminalModes() throws -> String {
        try tmux([
            "display-message", "-p", "-t", Self.pane,
            "alternate=#{alternate_on} cursor=#{cursor_flag} keypad=#{keypad_flag} cursorkeys=#{keypad_cursor_flag} mouse=#{mouse_any_flag} insert=#{insert_flag} wrap=#{wrap_flag} origin=#{origin_flag} title=#{pane_title}",
        ]).trimmingCharacters(in: .newlines)
    }

    /// The pane's title (what an OSC 0 or OSC 2 sequence would change).
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", Self.pane, "#{pane_title}"]).trimmingCharacters(in: .newlines)
    }

    /// `stty -g` just before the picker started and just after it ended (`fromShell` only).
    func terminalSettings() throws -> (before: String, after: String) {
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return (try read("before"), try read("after"))
    }

    /// Where the pane's cursor is, from 0.
    func cursorPosition() throws -> (row: Int, column: Int) {
        let text = try paneFormat("#{cursor_y},#{cursor_x}")
        let numbers = text.split(separator: ",").compactMap { Int($0) }
        guard numbers.count == 2 else { throw HarnessError("no cursor position in '\(text)'") }
        return (numbers[0], numbers[1])
    }

    /// Every line the pane holds, its scrollback then its screen (`capture-pane -S -`), trailing
    /// blank lines dropped.
    func scrollbackAndScreen() throws -> [String] {
        var lines = try tmux(["capture-pane", "-p", "-S", "-", "-t", Self.pane]).components(separatedBy: "\n")
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension TmuxSession {
    /// Waits until the terminal's modes (``terminalModes()``) satisfy `predicate`, such as the
    /// alternate screen left; fails the test, showing the modes, when they do not within
    /// `timeout` seconds.
    func waitForModes(
        _ what: String, timeout: TimeInterval = defaultTimeout, file: StaticString = #filePath, line: UInt = #line,
        until predicate: (String) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var modes = try terminalModes()
        while !predicate(modes) {
            if Date() > deadline {
                XCTFail(
                    "timed out after \(timeout) s waiting for \(what); the modes were: \(modes)", file: file, line: line
                )
                throw HarnessError("stopped: timed out waiting for \(what)")
            }
            usleep(50_000)
            modes = try terminalModes()
        }
    }
}
