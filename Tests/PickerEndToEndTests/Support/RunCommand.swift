import Foundation
import Glibc
import PickerTestSupport

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

/// Runs `executable` with `arguments` to its end (at most `timeout` seconds, times
/// ``harnessPatience``), feeding it `input` on standard input, with `environment` added to this process's environment (a nil
/// value removes the variable), in `workingDirectory` (by default this process's). Started by
/// ``spawnProcess``, reaped with `waitpid`.
func runCommand(
    _ executable: URL, _ arguments: [String], input: Data = Data(),
    environment: [String: String?] = [:], workingDirectory: URL? = nil, timeout: TimeInterval = 10
) throws -> CommandResult {
    let directory = TemporaryFolder.root
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
        standardError: errorURL.path, environment: environment, workingDirectory: workingDirectory)

    let started = Date()
    let deadline = started.addingTimeInterval(timeout * harnessPatience)
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
            throw HarnessError(
                "\(executable.lastPathComponent) \(arguments) did not finish within \(timeout * harnessPatience) s")
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

/// Runs the picker without a terminal (for `--filter`, `--help`…), with `input` on standard
/// input and the same clean environment as in tmux (``cleanEnvironment(keepingIn:)``). Standard
/// input is a file here, not a terminal, so it is the source unless one is named on the command
/// line: without `input` and a `--source` in `arguments`, the bundled sample is named
/// (`--source`), but before a subcommand. The XDG base directories are in `keeping`, by default a directory of
/// its own, removed after. `environment` then sets (or, with nil, removes) variables.
///
/// With `measuringMemory`, the picker is started by a small Python process that forks it and
/// reads its peak resident set from `wait4` (for at most 30 seconds rather than 10): started from the test process itself, its peak
/// would count the test process's memory too, as a child carries its parent's resident pages
/// into its maximum when it calls `exec`.
func runPicker(
    _ arguments: [String], input: Data = Data(), environment: [String: String?] = [:], keepingIn keeping: URL? = nil,
    measuringMemory: Bool = false
) throws -> CommandResult {
    let own = TemporaryFolder.root.appendingPathComponent("picker-e2e-keep-\(UUID().uuidString)")
    defer { if keeping == nil { try? FileManager.default.removeItem(at: own) } }
    let clean = cleanEnvironment(keepingIn: keeping ?? own)
    let subcommands: Set = ["login", "logout"]
    // The bundled sample, unless a source is named: each --source joins the others.
    let namesSource = arguments.contains { $0 == "--source" || $0.hasPrefix("--source=") }
    let arguments =
        input.isEmpty && !namesSource && !subcommands.contains(arguments.first ?? "")
        ? ["--source", PickerPaths.sample] + arguments : arguments
    let picker = try PickerPaths.picker()
    guard measuringMemory else {
        return try runCommand(picker, arguments, input: input, environment: clean.merging(environment) { $1 })
    }
    let peakFile = TemporaryFolder.root.appendingPathComponent("picker-peak-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: peakFile) }
    // A run measured for memory reads much (128 MB of pages and more, in a debug build): its
    // guard against a hang is longer than a plain run's.
    var result = try runCommand(
        URL(fileURLWithPath: "/usr/bin/python3"), ["-c", peakMemoryScript, peakFile.path, picker.path] + arguments,
        input: input, environment: clean.merging(environment) { $1 }, timeout: 30)
    result.peakMemory = Int(try String(contentsOf: peakFile, encoding: .utf8))
    return result
}

/// Runs the picker as ``runPicker(_:input:environment:keepingIn:measuringMemory:)`` does, with
/// what the shell command `producer` writes on its standard input through a pipe (`yes`, say,
/// which never ends), measuring its peak memory, for at most `timeout` seconds. What the
/// producer says on standard error is dropped: the test process ignores SIGPIPE, which its
/// children inherit, so `yes` says "Broken pipe" when the picker stops reading, or not, as the
/// timing falls.
func runPicker(
    _ arguments: [String], pipedFrom producer: String, environment: [String: String?] = [:],
    timeout: TimeInterval = 60
) throws -> CommandResult {
    let own = TemporaryFolder.root.appendingPathComponent("picker-e2e-keep-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: own) }
    let peakFile = TemporaryFolder.root.appendingPathComponent("picker-peak-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: peakFile) }
    let clean = cleanEnvironment(keepingIn: own).merging(environment) { $1 }
    var result = try runCommand(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "(\(producer)) 2>/dev/null | exec /usr/bin/python3 -c \"$0\" \"$@\"", peakMemoryScript, peakFile.path]
            + [try PickerPaths.picker().path] + arguments, environment: clean, timeout: timeout)
    result.peakMemory = Int(try String(contentsOf: peakFile, encoding: .utf8))
    return result
}

/// A Python program that runs `argv[2:]` in a child and writes the child's peak resident set,
/// in bytes, to the file `argv[1]`; it exits with the child's status.
private let peakMemoryScript = """
    import os, sys
    pid = os.fork()
    if pid == 0:
        os.execv(sys.argv[2], sys.argv[2:])
    _, status, usage = os.wait4(pid, 0)
    open(sys.argv[1], "w").write(str(usage.ru_maxrss * 1024))
    sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
    """
