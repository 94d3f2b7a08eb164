import Foundation
import Glibc
import PickerTestSupport

// The harness of the end-to-end tests, after fzf's and fzy's tmux tests: the real `picker`
// binary runs in a terminal of its own (a private tmux server per test), keys are typed with
// `tmux send-keys`, the screen is read with `tmux capture-pane`, and the result is what the
// picker wrote to standard output and its exit status. Nothing waits a fixed time: every wait
// polls until the expected screen or exit shows up, or fails with what was seen last.

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
    /// The picker's standard output (or what the reader of the pipe wrote).
    let outputFile: URL
    /// The picker's standard error.
    let errorFile: URL
    /// The picker's exit status, written whole once it has exited.
    let statusFile: URL

    /// The tmux targets of the one window and pane.
    static let window = "picker:0"
    static let pane = "picker:0.0"

    /// How long a wait lasts before it fails.
    static let defaultTimeout: TimeInterval = 10 * harnessPatience

    /// Whether the picker was started from an interactive shell (see `fromShell` below).
    let fromShell: Bool

    /// Starts the picker with `arguments` in a `columns`×`rows` terminal, with the `TERM` tmux
    /// sets and the clean environment of every test (``cleanEnvironment(keepingIn:)``), the XDG
    /// base directories in the session's directory; `environment` then sets (or, with nil,
    /// removes) variables for the picker.
    ///
    /// With `throughPipe`, standard output is piped into the shell command `reader`, whose
    /// output goes to the output file.
    ///
    /// With `fromShell`, the pane runs an interactive `bash` with job control, as a user's
    /// terminal does, and the picker is started from it by a script that saves `stty -g` just
    /// before and just after it (see ``terminalSettings()``); the shell stays when it ends. A
    /// shell that shows no prompt fails the test at `file` and `line`.
    ///
    /// `before` is shell text run first, in the same shell, such as `seq 5` to print lines
    /// above the picker. With `shellLine`, that command line is run instead of the picker
    /// alone, `picker` in it being a shell function that runs the binary under test with
    /// `arguments` first, its standard error to the error file; the line's output is the
    /// terminal's, and the status recorded is the line's.
    ///
    /// With `input`, the picker's standard input is a pipe from `cat`, which writes `input`
    /// into it, as in `printf 'Ann\nBob\n' | picker`; otherwise it is the terminal.
    ///
    /// `program` is the command that runs the picker, its arguments then follow; by default
    /// the binary SwiftPM built.
    init(
        arguments: [String], columns: Int = 80, rows: Int = 24, throughPipe: Bool = false,
        fromShell: Bool = false, environment: [String: String?] = [:], pipeInto reader: String = "cat",
        before: String = "", shellLine: String? = nil, input: Data? = nil, program: [String]? = nil,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let picker = try program ?? [PickerPaths.picker().path]
        let unique = UUID().uuidString.prefix(8).lowercased()
        socket = "picker-e2e-\(getpid())-\(unique)"
        directory = TemporaryFolder.root.appendingPathComponent("picker-e2e-\(unique)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        outputFile = directory.appendingPathComponent("stdout")
        errorFile = directory.appendingPathComponent("stderr")
        statusFile = directory.appendingPathComponent("status")
        let statusTemporary = directory.appendingPathComponent("status.tmp")

        self.fromShell = fromShell
        // `env -u NAME` removes a variable, `env NAME=VALUE` sets one; every `-u` comes first, as
        // `env` reads what follows a NAME=VALUE as the command.
        let sorted = environment.sorted { $0.key < $1.key }
        let launcher =
            environment.isEmpty
            ? []
            : ["env"] + sorted.filter { $0.value == nil }.flatMap { ["-u", $0.key] }
                + sorted.compactMap { name, value in value.map { "\(name)=\($0)" } }
        var command = (launcher + picker + arguments).map(shellQuoted).joined(separator: " ")
        if let input {
            let inputFile = directory.appendingPathComponent("input")
            try input.write(to: inputFile)
            command = "cat \(shellQuoted(inputFile.path)) | \(command)"
        }
        // The status is written under another name and renamed, so that whoever sees the
        // status file sees it whole.
        // From a shell, `stty -g` is saved right after the picker ends, before the status.
        let settingsAfter = fromShell ? "stty -g > after; " : ""
        let recordStatus =
            "status=$?; \(settingsAfter)echo $status > \(shellQuoted(statusTemporary.path)); mv \(shellQuoted(statusTemporary.path)) \(shellQuoted(statusFile.path))"
        var run =
            throughPipe
            ? "{ \(command) 2> \(shellQuoted(errorFile.path)); \(recordStatus); } | \(reader) > \(shellQuoted(outputFile.path))"
            : "\(command) > \(shellQuoted(outputFile.path)) 2> \(shellQuoted(errorFile.path)); \(recordStatus)"
        if let shellLine {
            run =
                ": > \(shellQuoted(outputFile.path)); picker() { \(command) \"$@\" 2>> \(shellQuoted(errorFile.path)); }; \(shellLine); \(recordStatus)"
        }
        if !before.isEmpty { run = "\(before)\n\(run)" }
        // The cache, the picks and the stored session stay in the session's directory, unless
        // the test names others.
        let clean = shellExports(cleanEnvironment(keepingIn: directory))
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
            try waitForScreen("the shell's prompt", file: file, line: line) { $0.lines.first == "$" }
            try type("sh run.sh")
            try press("Enter")
        }
    }

    /// Runs `tmux -L socket arguments`; throws when tmux fails.
    @discardableResult
    static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-L", socket, "-u"] + arguments,
            environment: ["TMUX": nil, "TMUX_PANE": nil])
        guard result.status == 0 else {
            throw HarnessError(
                "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.output
    }

    /// Runs `tmux arguments` on this session's server; throws when tmux fails.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
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
        try type(Self.mouseReport(button: button, line: line, column: column, press: true))
        if button < 64 { try type(Self.mouseReport(button: button, line: line, column: column, press: false)) }
    }

    /// Sends a double click of the left button at screen `line` and `column` (from 0): press,
    /// release, press, release, all in one `send-keys`, so that the second click reaches the
    /// picker right after the first however busy the machine is, well within the time a
    /// double click may take.
    func doubleClick(line: Int, column: Int) throws {
        let click =
            Self.mouseReport(button: 0, line: line, column: column, press: true)
            + Self.mouseReport(button: 0, line: line, column: column, press: false)
        try type(click + click)
    }

    /// The SGR mouse report (`ESC [ < button ; column ; line M`, or `m` for a release) of
    /// `button` at screen `line` and `column` (from 0).
    private static func mouseReport(button: Int, line: Int, column: Int, press: Bool) -> String {
        "\u{1B}[<\(button);\(column + 1);\(line + 1)\(press ? "M" : "m")"
    }

    /// Resizes the terminal (the window, hence the picker's pane).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", Self.window, "-x", String(columns), "-y", String(rows)])
    }

    /// Kills the tmux server (and with it the picker, if it still runs) and removes the
    /// temporary directory.
    func kill() {
        _ = try? Self.tmux(socket, ["kill-server"])
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
        try? FileManager.default.removeItem(at: directory)
    }
}
