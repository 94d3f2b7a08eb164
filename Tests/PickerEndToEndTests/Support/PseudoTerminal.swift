import Foundation
import Glibc

/// The picker on a pseudo-terminal of the test's own, for what tmux cannot show: a terminal
/// that never answers. The test reads everything the picker writes to the terminal and types
/// bytes itself; nothing answers unless the test does.
final class PseudoTerminal {
    /// The terminal's side the test holds.
    private let master: Int32
    private let pid: pid_t
    private let directory: URL
    /// What the picker wrote to the terminal so far.
    private(set) var written = ""
    /// What the terminal answers to each question where its cursor is (`CSI 6n`), if anything;
    /// setting it answers the questions already asked.
    var answer: String? {
        didSet { answerQuestions() }
    }
    /// How many questions were answered.
    private var answered = 0

    /// Starts the picker with `arguments` on a new `columns`×`rows` pseudo-terminal, its
    /// controlling terminal, with `TERM` as given and the clean environment of the tmux tests.
    init(arguments: [String], columns: Int = 80, rows: Int = 24, term: String = "xterm-256color") throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
            throw HarnessError("no pseudo-terminal")
        }
        // The picker opens the terminal by its name, which makes it its controlling terminal.
        let path = String(cString: name)
        Glibc.close(slave)
        self.master = master
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("picker-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pid = try spawnProcess(
            try PickerPaths.picker(), arguments, standardInput: .file(path),
            standardOutput: directory.appendingPathComponent("stdout").path,
            standardError: directory.appendingPathComponent("stderr").path,
            environment: cleanEnvironment(keepingIn: directory).merging(["TERM": term]) { $1 },
            newSession: true)
    }

    /// Reads what the picker writes until `written` satisfies `predicate`; throws, with what
    /// was written, after `timeout` seconds.
    func read(until what: String, timeout: TimeInterval = 10, _ predicate: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !predicate(written) {
            let count = Glibc.read(master, &buffer, buffer.count)
            if count > 0 {
                written += String(decoding: buffer.prefix(count), as: UTF8.self)
                answerQuestions()
                continue
            }
            if Date() > deadline {
                throw HarnessError("timed out waiting for \(what); the picker wrote \(written.debugDescription)")
            }
            usleep(10_000)
        }
    }

    /// Answers the questions asked and not yet answered, when there is an answer.
    private func answerQuestions() {
        let questions = written.components(separatedBy: "\u{1B}[6n").count - 1
        while let answer, answered < questions {
            type(answer)
            answered += 1
        }
    }

    /// Resizes the terminal, which sends the picker SIGWINCH.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `text` on the terminal.
    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Waits for the picker to exit; its status and standard output.
    func waitForExit(timeout: TimeInterval = 10) throws -> (status: Int32, output: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) != pid {
            // Keep the terminal's output flowing, so that the picker never blocks writing.
            try? read(until: "nothing", timeout: 0) { _ in false }
            if Date() > deadline { throw HarnessError("the picker did not exit: \(written.debugDescription)") }
            usleep(10_000)
        }
        // What it wrote last, once it is gone.
        try? read(until: "nothing", timeout: 0) { _ in false }
        let output = (try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xFF, output)
    }

    /// Kills the picker if it still runs, and cleans up.
    func close() {
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        Glibc.close(master)
        try? FileManager.default.removeItem(at: directory)
    }
}
