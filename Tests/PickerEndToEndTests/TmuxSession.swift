import Foundation
import Glibc
import XCTest

// The harness of the end-to-end tests, after fzf's and fzy's tmux tests: the real `picker`
// binary runs in a terminal of its own (a private tmux server per test), keys are typed with
// `tmux send-keys`, the screen is read with `tmux capture-pane`, and the result is what the
// picker wrote to standard output and its exit status. Nothing waits a fixed time: every wait
// polls until the expected screen or exit shows up, or fails with what was seen last.

/// Where the binary under test is.
enum PickerPaths {
    /// The directories that may hold the binaries SwiftPM built with the tests. On Linux the test
    /// bundle is the executable `.build/<triple>/debug/<package>PackageTests.xctest`, in the build
    /// products directory next to `picker` (SwiftPM builds it first, as the test target depends
    /// on `PickerTUI`): `Bundle.main.bundleURL` is that directory; the directory of
    /// `CommandLine.arguments[0]` is the fallback, for a runner that would load the tests from
    /// elsewhere.
    static var buildProductsCandidates: [URL] {
        var candidates = [Bundle.main.bundleURL]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return candidates
    }

    /// The package's root directory.
    static func package() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The `picker` binary SwiftPM built for this test run.
    static func picker() throws -> URL {
        let candidates = buildProductsCandidates.map { $0.appendingPathComponent("picker") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw HarnessError("no picker binary next to the test bundle; looked at \(candidates.map(\.path))")
        }
        return found
    }
}

/// A failure of the harness itself (not of the picker).
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

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

/// What a finished command left: its exit status and what it wrote, and how long it ran.
struct CommandResult: Sendable {
    var status: Int32
    var standardOutput: Data
    var standardError: String
    /// Seconds from its start until it was reaped.
    var seconds: Double
    /// Its peak resident set in bytes, when it was measured (see ``runPicker``).
    var peakMemory: Int?

    var output: String { String(decoding: standardOutput, as: UTF8.self) }
}

/// Runs `executable` with `arguments` to its end (at most `timeout` seconds), feeding it
/// `input` on standard input, with `environment` added to this process's environment (a nil
/// value removes the variable). Started by ``spawnProcess``, reaped with `waitpid`.
func runCommand(
    _ executable: URL, _ arguments: [String], input: Data = Data(),
    environment: [String: String?] = [:], timeout: TimeInterval = 10
) throws -> CommandResult {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("picker-e2e-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Standard streams are files, not pipes, so that nothing can block on a full pipe.
    let inputURL = directory.appendingPathComponent("stdin")
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    try input.write(to: inputURL)

    let pid = try spawnProcess(
        executable, arguments, standardInput: .file(inputURL.path), standardOutput: outputURL.path,
        standardError: errorURL.path, environment: environment)

    let started = Date()
    let deadline = started.addingTimeInterval(timeout)
    var waitStatus: Int32 = 0
    while true {
        let reaped = waitpid(pid, &waitStatus, WNOHANG)
        if reaped == pid { break }
        if reaped == -1 && errno != EINTR {
            throw HarnessError("waitpid failed: \(String(cString: strerror(errno)))")
        }
        if Date() > deadline {
            Glibc.kill(pid, SIGKILL)
            _ = waitpid(pid, &waitStatus, 0)
            throw HarnessError("\(executable.lastPathComponent) \(arguments) did not finish within \(timeout) s")
        }
        usleep(2_000)
    }
    // The wait status: exit code in bits 8-15 when the low 7 bits are 0, else the signal.
    let signal = waitStatus & 0x7F
    let status = signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
    return CommandResult(
        status: status,
        standardOutput: try Data(contentsOf: outputURL),
        standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
        seconds: Date().timeIntervalSince(started))
}

/// Where a spawned process reads its standard input from.
enum SpawnInput {
    case file(String)
    /// A descriptor of this process, such as the read end of a pipe.
    case descriptor(Int32)
}

/// Starts `executable` with `arguments`, its standard streams on `standardInput` and the files
/// `standardOutput` and `standardError`, and `environment` added to this process's environment
/// (a nil value removes the variable); returns at once with its process id.
///
/// Spawns with `posix_spawn` rather than Foundation's `Process`: on Linux, `Process` learns that
/// a child ended from a socket the child inherits, and `tmux new-session` leaves behind a server
/// that keeps it open forever. So every descriptor but the standard three is closed in the child.
func spawnProcess(
    _ executable: URL, _ arguments: [String], standardInput: SpawnInput, standardOutput: String,
    standardError: String, environment: [String: String?] = [:]
) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch standardInput {
    case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
    case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in inherited.compactMap({ Int32($0) }) where descriptor > 2 {
        // A descriptor closed meanwhile is fine: glibc ignores EBADF for close actions.
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    let argv = ([executable.path] + arguments).map { strdup($0) }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }

    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], envp + [nil])
    guard spawned == 0 else {
        throw HarnessError("cannot run \(executable.path): \(String(cString: strerror(spawned)))")
    }
    return pid
}

/// What the terminal shows, one string per row (trailing blanks dropped, as `capture-pane`
/// gives them).
struct Screen: CustomStringConvertible, Sendable {
    let lines: [String]

    /// The first row: title and counts.
    var title: String { lines.first ?? "" }
    /// The counts at the end of the title, e.g. `14/176 · 0 selected`.
    var counts: String {
        guard let range = title.range(of: #"\d+/\d+ · \d+(/\d+)? selected$"#, options: .regularExpression) else {
            return ""
        }
        return String(title[range])
    }
    /// The second row: the search bar.
    var searchBar: String { lines.count > 1 ? lines[1] : "" }
    /// The last row: the key help.
    var helpLine: String { lines.last ?? "" }
    /// The rows between the search bar and the help, without the blank ones at the end.
    var listLines: [String] {
        guard lines.count > 3 else { return [] }
        var list = Array(lines[2..<(lines.count - 1)])
        while list.last?.isEmpty == true { list.removeLast() }
        return list
    }
    /// The rows that show a friend.
    var friendLines: [String] { listLines.filter { $0.hasPrefix("> [") || $0.hasPrefix("  [") } }
    /// The names on the friend rows, top to bottom.
    var names: [String] { friendLines.map { String($0.dropFirst(6)) } }
    /// The names whose row is checked.
    var selectedNames: [String] {
        friendLines.filter { $0.dropFirst(2).hasPrefix("[x]") }.map { String($0.dropFirst(6)) }
    }
    /// The row under the cursor.
    var cursorLine: String? { lines.first { $0.hasPrefix("> ") } }
    /// The name under the cursor.
    var cursorName: String? { cursorLine.map { String($0.dropFirst(6)) } }
    /// The section header rows, such as `  A`.
    var headers: [String] {
        listLines.filter { $0.count == 3 && $0.hasPrefix("  ") && $0.last?.isWhitespace == false }
    }
    /// The widest row, in terminal columns.
    var widestLine: Int { lines.map(terminalWidth).max() ?? 0 }

    var description: String {
        let width = max(widestLine, 1)
        let rule = "+" + String(repeating: "-", count: width) + "+"
        let rows = lines.enumerated().map { index, line in
            "|" + line + String(repeating: " ", count: max(0, width - terminalWidth(line))) + "| \(index)"
        }
        return ([rule] + rows + [rule]).joined(separator: "\n")
    }
}

/// One picker running in a terminal of its own: a private tmux server (its own socket), one
/// session, one pane running the real binary under `sh`. Standard output goes to a file in a
/// private temporary directory (directly, or through `| cat` with `throughPipe`), and the exit
/// status is written to another file when the picker exits; the pane then stays alive (the
/// shell sleeps) so that the last screen can still be read. Call ``kill()`` when done: it kills
/// the server and removes the directory.
///
/// Every stored property is an immutable `Sendable` value (the terminal's state lives in tmux,
/// not here), so the class is `Sendable` as checked by the compiler, with no `@unchecked`.
final class TmuxSession: Sendable {
    /// The tmux server's socket name (`tmux -L`).
    let socket: String
    /// The path of the server's socket, which tmux leaves behind when the server is killed.
    private let socketPath: String?
    /// The private temporary directory holding the output and status files.
    let directory: URL
    private let outputFile: URL
    private let errorFile: URL
    private let statusFile: URL

    /// The tmux targets of the one window and pane.
    private static let window = "picker:0"
    private static let pane = "picker:0.0"

    /// How long a wait lasts before it fails.
    static let defaultTimeout: TimeInterval = 10

    /// Whether the picker was started from an interactive shell (see `fromShell` below).
    let fromShell: Bool

    /// Starts the picker with `arguments` in a `columns`×`rows` terminal, with `LANG=C.UTF-8`
    /// and the `TERM` tmux sets, and none of the test's `PICKER_*`, `LC_*` or `NO_COLOR` (which
    /// SwiftPM sets for tests); `environment` then sets (or, with nil, removes) variables for
    /// the picker.
    ///
    /// With `throughPipe`, standard output is piped into the shell command `reader`, whose
    /// output goes to the output file.
    ///
    /// With `fromShell`, the pane runs an interactive `bash` with job control, as a user's
    /// terminal does, and the picker is started from it by a script that saves `stty -g` just
    /// before and just after it (see ``terminalSettings()``); the shell stays when it ends.
    ///
    /// `program` is the command that runs the picker, its arguments then follow; by default
    /// the binary SwiftPM built.
    init(
        arguments: [String], columns: Int = 80, rows: Int = 24, throughPipe: Bool = false,
        fromShell: Bool = false, environment: [String: String?] = [:], pipeInto reader: String = "cat",
        program: [String]? = nil
    ) throws {
        let picker = try program ?? [PickerPaths.picker().path]
        let unique = UUID().uuidString.prefix(8).lowercased()
        socket = "picker-e2e-\(getpid())-\(unique)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("picker-e2e-\(unique)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        outputFile = directory.appendingPathComponent("stdout")
        errorFile = directory.appendingPathComponent("stderr")
        statusFile = directory.appendingPathComponent("status")
        let statusTemporary = directory.appendingPathComponent("status.tmp")

        self.fromShell = fromShell
        // `env -u NAME` removes a variable, `env NAME=VALUE` sets one.
        let launcher =
            environment.isEmpty
            ? []
            : ["env"]
                + environment.sorted { $0.key < $1.key }.flatMap { name, value in
                    value.map { ["\(name)=\($0)"] } ?? ["-u", name]
                }
        let command = (launcher + picker + arguments).map(shellQuoted).joined(separator: " ")
        // The status is written under another name and renamed, so that whoever sees the
        // status file sees it whole.
        // From a shell, `stty -g` is saved right after the picker ends, before the status.
        let settingsAfter = fromShell ? "stty -g > after; " : ""
        let recordStatus =
            "status=$?; \(settingsAfter)echo $status > \(shellQuoted(statusTemporary.path)); mv \(shellQuoted(statusTemporary.path)) \(shellQuoted(statusFile.path))"
        let run =
            throughPipe
            ? "{ \(command) 2> \(shellQuoted(errorFile.path)); \(recordStatus); } | \(reader) > \(shellQuoted(outputFile.path))"
            : "\(command) > \(shellQuoted(outputFile.path)) 2> \(shellQuoted(errorFile.path)); \(recordStatus)"
        let clean =
            "unset PICKER_SESSION PICKER_SOURCE PICKER_DEFAULT_OPTS NO_COLOR LC_ALL LC_CTYPE LC_MESSAGES; LANG=C.UTF-8; export LANG"
        var script = """
            \(clean)
            cd \(shellQuoted(directory.path)) || exit 1
            \(run)
            exec sleep 600
            """
        if fromShell {
            // The script the shell runs: the job the shell stops on Ctrl-Z and continues on fg.
            let job = """
                stty -g > before
                \(run)
                """
            try Data(job.utf8).write(to: directory.appendingPathComponent("run.sh"))
            script = """
                \(clean)
                cd \(shellQuoted(directory.path)) || exit 1
                PS1='$ ' exec bash --norc --noprofile -i
                """
        }
        do {
            try Self.tmux(
                socket,
                [
                    "-f", "/dev/null", "new-session", "-d", "-s", "picker", "-x", String(columns), "-y", String(rows),
                    "sh", "-c", script,
                ])
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        socketPath = (try? Self.tmux(socket, ["display-message", "-p", "#{socket_path}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if fromShell {
            try waitForScreen("the shell's prompt") { $0.lines.first == "$" }
            try type("sh run.sh")
            try press("Enter")
        }
    }

    /// Runs `tmux -L socket arguments`; throws when tmux fails.
    @discardableResult
    private static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-L", socket, "-u"] + arguments,
            environment: ["TMUX": nil, "TMUX_PANE": nil])
        guard result.status == 0 else {
            throw HarnessError(
                "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.output
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.tmux(socket, arguments)
    }

    /// Presses keys named as tmux names them: `Enter`, `Escape`, `Space`, `Tab`, `BSpace`, `Up`,
    /// `Down`, `NPage`, `C-u`, `C-w`, `C-c`, or single characters such as `j`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", Self.pane] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", Self.pane, "-l", text])
    }

    /// Sends a mouse press of `button` (0 left, 64 wheel up, 65 wheel down) at screen `line` and
    /// `column` (from 0) as the terminal reports it in SGR form, then the release.
    func click(line: Int, column: Int, button: Int = 0) throws {
        try type("\u{1B}[<\(button);\(column + 1);\(line + 1)M")
        if button < 64 { try type("\u{1B}[<\(button);\(column + 1);\(line + 1)m") }
    }

    /// The value of a tmux format for the pane, such as `#{mouse_sgr_flag}`.
    func paneFormat(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", Self.pane, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-t", Self.pane]).components(separatedBy: "\n")
    }

    /// Resizes the terminal (the window, hence the picker's pane).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", Self.window, "-x", String(columns), "-y", String(rows)])
    }

    /// What the terminal shows now.
    func screen() throws -> Screen {
        var lines = try tmux(["capture-pane", "-p", "-t", Self.pane]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return Screen(lines: lines)
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

    /// What the terminal shows now with its colours and attributes, as escape sequences
    /// (`capture-pane -e`), one string per row.
    func screenWithAttributes() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-t", Self.pane]).components(separatedBy: "\n")
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

    /// The picker's process id, once it runs: the process named `picker` among the pane's
    /// descendants. Fails the test when none appears within `timeout` seconds.
    func pickerProcess(timeout: TimeInterval = defaultTimeout) throws -> pid_t {
        let panePID = try tmux(["display-message", "-p", "-t", Self.pane, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let root = pid_t(panePID) else { throw HarnessError("no pane pid in '\(panePID)'") }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var pending = [root]
            while let pid = pending.popLast() {
                let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
                if comm.trimmingCharacters(in: .whitespacesAndNewlines) == "picker" { return pid }
                let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap {
                    pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            usleep(20_000)
        }
        throw HarnessError("no picker process under the pane within \(timeout) s")
    }

    /// Sends `signal` to the picker.
    func send(signal: Int32) throws {
        guard Glibc.kill(try pickerProcess(), signal) == 0 else {
            throw HarnessError("kill failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Kills the tmux server (and with it the picker, if it still runs) and removes the
    /// temporary directory.
    func kill() {
        _ = try? Self.tmux(socket, ["kill-server"])
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A test case that runs pickers in tmux, killing every server it started in `tearDown`, also
/// when the test failed or threw.
class TmuxTestCase: XCTestCase {
    /// The sessions this test started.
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.kill() }
        sessions = []
        super.tearDown()
    }

    /// Starts a picker (see ``TmuxSession/init(arguments:columns:rows:throughPipe:)``) whose
    /// server is killed when the test ends, and waits for its whole first screen: by default,
    /// the title with the sample's counts; `ready` for other sources or sizes.
    func startPicker(
        _ arguments: [String] = ["--session", "demo"], columns: Int = 80, rows: Int = 24,
        throughPipe: Bool = false, fromShell: Bool = false, environment: [String: String?] = [:],
        pipeInto reader: String = "cat", program: [String]? = nil, file: StaticString = #filePath,
        line: UInt = #line,
        readyWhen ready: (Screen) -> Bool = { $0.title.hasPrefix("Select Friends") && $0.title.contains("/176 · ") }
    ) throws -> TmuxSession {
        let session = try TmuxSession(
            arguments: arguments, columns: columns, rows: rows, throughPipe: throughPipe, fromShell: fromShell,
            environment: environment, pipeInto: reader, program: program)
        sessions.append(session)
        try session.waitForScreen("the picker's first screen", file: file, line: line) {
            // The help on the last row is drawn last: the whole first frame is there.
            !$0.helpLine.isEmpty && ready($0)
        }
        return session
    }
}

/// Runs the picker without a terminal (for `--filter`, `--help`…), with `input` on standard
/// input and the same clean environment as in tmux: `LANG=C.UTF-8`, no `PICKER_*` or `LC_*`.
/// `environment` adds to that, or removes (a nil value).
///
/// With `measuringMemory`, the picker is started by a small Python process that forks it and
/// reads its peak resident set from `wait4`: started from the test process itself, its peak
/// would count the test process's memory too, as a child carries its parent's resident pages
/// into its maximum when it calls `exec`.
func runPicker(
    _ arguments: [String], input: Data = Data(), environment: [String: String?] = [:], measuringMemory: Bool = false
) throws -> CommandResult {
    let clean: [String: String?] = [
        "LANG": "C.UTF-8", "LC_ALL": nil, "LC_CTYPE": nil, "LC_MESSAGES": nil,
        "PICKER_SESSION": nil, "PICKER_SOURCE": nil, "PICKER_DEFAULT_OPTS": nil, "NO_COLOR": nil,
    ]
    let picker = try PickerPaths.picker()
    guard measuringMemory else {
        return try runCommand(picker, arguments, input: input, environment: clean.merging(environment) { $1 })
    }
    let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("picker-peak-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: peakFile) }
    let script = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        open(sys.argv[1], "w").write(str(usage.ru_maxrss * 1024))
        sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
        """
    var result = try runCommand(
        URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, peakFile.path, picker.path] + arguments,
        input: input, environment: clean.merging(environment) { $1 })
    result.peakMemory = Int(try String(contentsOf: peakFile, encoding: .utf8))
    return result
}
