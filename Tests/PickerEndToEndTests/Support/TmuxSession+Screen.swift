import Foundation
import Glibc
import XCTest

extension TmuxSession {
    /// Whether the picker is still running: it has not exited (no status is written yet).
    var isRunning: Bool { !FileManager.default.fileExists(atPath: statusFile.path) }

    /// What the terminal shows now.
    func screen() throws -> Screen {
        var lines = try tmux(["capture-pane", "-p", "-t", Self.pane]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return Screen(lines: lines)
    }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-t", Self.pane]).components(separatedBy: "\n")
    }

    /// What the terminal shows now with its colours and attributes, as escape sequences
    /// (`capture-pane -e`), one string per row.
    func screenWithAttributes() throws -> [String] {
        try styledScreen()
    }

    /// Waits until the screen satisfies `predicate` and has settled (it reads the same again
    /// 20 ms later, so that a frame tmux has only partly received is never returned), and
    /// returns that screen; fails the test, showing the last screen seen, when this does not
    /// happen within `timeout` seconds.
    @discardableResult
    func waitForScreen(
        _ what: String, timeout: TimeInterval = defaultTimeout,
        file: StaticString = #filePath, line: UInt = #line,
        until predicate: (Screen) -> Bool
    ) throws -> Screen {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while true {
            if predicate(last) {
                usleep(20_000)
                let again = try screen()
                if again.lines == last.lines { return last }
                last = again
                continue
            }
            if Date() > deadline {
                let exit = (try? String(contentsOf: statusFile, encoding: .utf8))
                    .map { "the picker exited with status \($0.trimmingCharacters(in: .whitespacesAndNewlines))" }
                let message =
                    "timed out after \(timeout) s waiting for \(what); \(exit ?? "the picker is still running"); the screen was:\n\(last)"
                XCTFail(message, file: file, line: line)
                throw HarnessError("stopped: timed out waiting for \(what)")
            }
            usleep(50_000)
            last = try screen()
        }
    }

    /// Waits for the picker to exit and returns its status and standard output (and standard
    /// error); fails the test, showing the screen, when it does not exit within `timeout`.
    func waitForExit(
        timeout: TimeInterval = defaultTimeout, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (status: Int32, output: String, errors: String) {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: statusFile.path) {
            if Date() > deadline {
                let message =
                    "timed out after \(timeout) s waiting for the picker to exit; the screen was:\n\((try? screen())?.description ?? "(unreadable)")"
                XCTFail(message, file: file, line: line)
                throw HarnessError("stopped: timed out waiting for the picker to exit")
            }
            usleep(50_000)
        }
        let statusText = try String(contentsOf: statusFile, encoding: .utf8)
        guard let status = Int32(statusText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError("unreadable exit status '\(statusText)'")
        }
        // Through a pipe, `cat` may still be writing when the status appears: wait for the
        // pipeline (the pane's shell reaches `sleep` once `cat` has finished).
        let output = try waitForOutputToSettle(deadline: deadline)
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (status, output, errors)
    }

    /// The output file once the pipeline writing it is over: when the pane's foreground process
    /// is the final `sleep`.
    private func waitForOutputToSettle(deadline: Date) throws -> String {
        let last = fromShell ? "bash" : "sleep"
        while try tmux(["display-message", "-p", "-t", Self.pane, "#{pane_current_command}"])
            .trimmingCharacters(in: .whitespacesAndNewlines) != last
        {
            if Date() > deadline { throw HarnessError("the pane's shell never reached its final sleep") }
            usleep(20_000)
        }
        return String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
    }
}
