import FoundationEssentials
import Glibc
import PickerStore

/// Runs a program of the system (such as `unzip`) to its end and gathers what it writes, with
/// a bound on how much is kept.
enum Subprocess {
    /// What a finished program left.
    struct Result {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        var output: Data
        var errors: Data
        /// Whether the output passed the bound, so that the program was stopped.
        var outputTooLarge: Bool
    }

    /// The path of the executable `name` found on `PATH` (or `/usr/bin:/bin` when `PATH` is
    /// unset), if there is one.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs `executable` with `arguments`, standard input from `/dev/null`, and returns its
    /// status and what it wrote: at most `outputLimit` bytes of standard output (a program that
    /// writes more is stopped) and the first 64 KB of standard error.
    /// - Returns: nil when the program cannot be started.
    static func run(_ executable: String, _ arguments: [String], outputLimit: Int) -> Result? {
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0 else { return nil }
        guard pipe(&errorPipe) == 0 else {
            for descriptor in outputPipe { close(descriptor) }
            return nil
        }
        // Only the ends made standard output and error are the program's.
        for descriptor in outputPipe + errorPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        guard spawned == 0 else { return nil }
        var result = Result(status: 0, output: Data(), errors: Data(), outputTooLarge: false)
        drain(output: outputPipe[0], errors: errorPipe[0], into: &result, outputLimit: outputLimit)
        if result.outputTooLarge { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        result.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return result
    }

    /// Reads both pipes until both end, or until the output passes `outputLimit`.
    private static func drain(output: Int32, errors: Int32, into result: inout Result, outputLimit: Int) {
        var open = [output, errors]
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in polled where entry.revents != 0 {
                let count = read(entry.fd, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == output {
                    result.output.append(contentsOf: buffer[0..<count])
                    if result.output.count > outputLimit {
                        result.outputTooLarge = true
                        return
                    }
                } else if result.errors.count < 1 << 16 {
                    result.errors.append(contentsOf: buffer[0..<count])
                }
            }
        }
    }
}
