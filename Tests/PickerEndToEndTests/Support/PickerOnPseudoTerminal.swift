import Foundation
import PickerHarness
import PickerTestSupport

/// The picker on a pseudo-terminal of the test's own (``PseudoTerminal``), for what tmux cannot
/// show: a terminal that never answers where its cursor is. The test reads everything the
/// picker writes to the terminal and types bytes itself; nothing answers unless the test does.
final class PickerOnPseudoTerminal {
    let terminal: PseudoTerminal
    private let directory: URL

    /// Starts the picker with `arguments` on a new `columns`×`rows` terminal, with `TERM` as
    /// given and the clean environment of the tmux tests; standard output goes to a file.
    init(arguments: [String], columns: Int = 80, rows: Int = 24, term: String = "xterm-256color") throws {
        terminal = try PseudoTerminal(rows: rows, columns: columns)
        directory = TemporaryFolder.root.appendingPathComponent("picker-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in cleanEnvironment(keepingIn: directory) { environment[name] = value }
        environment["TERM"] = term
        try terminal.start(
            try PickerPaths.picker().path, arguments: arguments, environment: environment,
            output: directory.appendingPathComponent("stdout").path,
            errors: directory.appendingPathComponent("stderr").path)
    }

    /// What the picker wrote to the terminal so far.
    var written: String { String(decoding: terminal.written, as: UTF8.self) }

    /// Reads what the picker writes until `written` satisfies `predicate`; throws, with the
    /// screen, after `timeout` seconds.
    func read(until what: String, timeout: TimeInterval = TmuxSession.defaultTimeout, _ predicate: (String) -> Bool)
        throws
    {
        try terminal.read(until: what, timeout: timeout) { predicate(String(decoding: $0.written, as: UTF8.self)) }
    }

    /// Waits for the picker to exit; its status and standard output.
    func waitForExit(timeout: TimeInterval = TmuxSession.defaultTimeout) throws -> (status: Int32, output: String) {
        guard terminal.waitForExit(deadline: PseudoTerminal.now() + timeout), let status = terminal.exitCode else {
            throw HarnessError("the picker did not exit (\(terminal.statusDescription)): \(written.debugDescription)")
        }
        let output = (try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
        return (status, output)
    }

    /// Kills the picker if it still runs, and removes its files.
    func close() {
        terminal.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
