import Foundation
import Glibc

/// Where a spawned process reads its standard input from.
enum SpawnInput {
    case file(String)
    /// A descriptor of this process, such as the read end of a pipe.
    case descriptor(Int32)
}

/// Starts `executable` with `arguments`, its standard streams on `standardInput` and the files
/// `standardOutput` and `standardError`, and `environment` added to this process's environment
/// (a nil value removes the variable); returns at once with its process id. It runs in
/// `workingDirectory`, by default this process's (the package's, under `swift test`). With
/// `newSession` it leads a session of its own, whose controlling terminal is its standard input
/// when that is a terminal.
///
/// Spawns with `posix_spawn` rather than Foundation's `Process`: on Linux, `Process` learns that
/// a child ended from a socket the child inherits, and `tmux new-session` leaves behind a server
/// that keeps it open forever. So every descriptor but the standard three is closed in the child.
func spawnProcess(
    _ executable: URL, _ arguments: [String], standardInput: SpawnInput, standardOutput: String,
    standardError: String, environment: [String: String?] = [:], workingDirectory: URL? = nil,
    newSession: Bool = false
) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID, which glibc's headers show Swift only under _GNU_SOURCE.
    if newSession { posix_spawnattr_setflags(&attributes, 0x80) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // First, so that the files below are opened after it (their paths are absolute anyway).
    if let workingDirectory { try addChangeOfDirectory(&actions, workingDirectory.path) }
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
    let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv + [nil], envp + [nil])
    guard spawned == 0 else {
        throw HarnessError("cannot run \(executable.path): \(String(cString: strerror(spawned)))")
    }
    return pid
}

/// Adds to `actions` a change of the working directory to `path`, with glibc's
/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29), which its headers too show Swift only
/// under _GNU_SOURCE: it is looked up by name. A directory that is not there fails the spawn.
private func addChangeOfDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) throws {
    typealias AddChangeOfDirectory =
        @convention(c) (
            UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
        ) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else {
        throw HarnessError("this C library has no posix_spawn_file_actions_addchdir_np (glibc 2.29 has)")
    }
    let added = unsafeBitCast(symbol, to: AddChangeOfDirectory.self)(&actions, path)
    guard added == 0 else {
        throw HarnessError("cannot run in \(path): \(String(cString: strerror(added)))")
    }
}
