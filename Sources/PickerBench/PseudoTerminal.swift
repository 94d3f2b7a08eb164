import Glibc

/// The process on a terminal: its pid, while it may still run, so that a signal that ends the
/// bench can end it too.
nonisolated(unsafe) private var runningChild: pid_t = 0

/// A program running on a pseudo-terminal this process owns, as it would run in a terminal
/// window: its terminal is the pty's slave end (its controlling terminal, so `/dev/tty` is the
/// pty), of a fixed size; what it draws is read from the master end, and keys are written there.
///
/// The child never outlives the bench: ``stop()`` kills it, the handlers installed for SIGINT,
/// SIGTERM and SIGHUP kill it, and if the bench dies anyway the master end closes and the kernel
/// hangs the child's terminal up.
final class PseudoTerminal {
    /// Why the program could not be started or measured.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The master end, non-blocking.
    private let master: Int32
    /// The child's pid; 0 once it has been reaped.
    private var pid: pid_t
    /// How the child ended, once it has.
    private(set) var exitStatus: Int32?

    /// Starts `executable` with `arguments` and `environment` on a new terminal of `rows` ×
    /// `columns`, with standard input read from `input` (or `/dev/null`) and standard output
    /// sent to `/dev/null`; standard error goes to the terminal.
    init(
        executable: String, arguments: [String], environment: [String: String], input: String?, rows: Int,
        columns: Int
    ) throws(Failure) {
        Self.installSignalHandlers()
        // Everything the child needs is made before the fork: between fork and exec it only
        // calls dup2, execve and _exit.
        let inputDescriptor = open(input ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        guard inputDescriptor >= 0 else {
            throw Failure(description: "cannot open \(input ?? "/dev/null"): \(String(cString: strerror(errno)))")
        }
        let nullDescriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            close(inputDescriptor)
            close(nullDescriptor)
            for pointer in argv + envp { free(pointer) }
        }
        guard let path = argv[0] else { throw Failure(description: "out of memory") }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            dup2(inputDescriptor, 0)
            dup2(nullDescriptor, 1)
            execve(path, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw Failure(description: "forkpty failed: \(String(cString: strerror(errno)))") }
        runningChild = pid
        self.pid = pid
        self.master = master
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        stop()
        close(master)
    }

    /// Writes `bytes` to the terminal, as keys typed; returns the time just before the write.
    ///
    /// Taken before, not after: were the bench descheduled right after the write, the program
    /// could have redrawn before a later reading of the clock, and the key would seem instant.
    func type(_ bytes: [UInt8]) throws(Failure) -> Double {
        let began = now()
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            guard written > 0 else { throw Failure(description: "cannot write to the terminal: \(lastError)") }
            rest = rest.dropFirst(written)
        }
        return began
    }

    /// What the program drew, read until `deadline` (monotonic seconds): waits up to `deadline`
    /// for the first byte, then reads until nothing has come for `settle` seconds. The time of
    /// the last read that returned bytes is `lastByte`; `longestGap` is the longest wait between
    /// two reads that returned bytes. Empty when nothing came before the deadline.
    func readRedraw(settle: Double, deadline: Double) throws(Failure) -> Redraw {
        var redraw = Redraw()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let current = now()
            let waitUntil = redraw.bytes.isEmpty ? deadline : min(deadline, redraw.lastByte + settle)
            if current >= waitUntil { return redraw }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(((waitUntil - current) * 1000).rounded(.up))
            let ready = poll(&descriptor, 1, max(1, milliseconds))
            if ready < 0, errno != EINTR { throw Failure(description: "poll failed: \(lastError)") }
            guard ready > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                let time = now()
                if !redraw.bytes.isEmpty { redraw.longestGap = max(redraw.longestGap, time - redraw.lastByte) }
                redraw.bytes += buffer[0..<count]
                redraw.lastByte = time
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            // EIO or end of file: the child closed the terminal.
            _ = waitForExit(deadline: now() + 2)
            throw Failure(description: "the program stopped (\(statusDescription)) after \(redraw.bytes.count) bytes")
        }
    }

    /// Output read in one call of ``readRedraw(settle:deadline:)``.
    struct Redraw {
        var bytes: [UInt8] = []
        var lastByte = 0.0
        var longestGap = 0.0
    }

    /// Waits until `deadline` for the child to exit, reading (and dropping) what it draws
    /// meanwhile; true when it has exited.
    func waitForExit(deadline: Double) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !reap(waiting: false) {
            guard now() < deadline else { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            // A closed terminal polls as ready at once: wait a little before asking again.
            if poll(&descriptor, 1, 10) != 0, read(master, &buffer, buffer.count) <= 0 { usleep(1000) }
        }
        return true
    }

    /// Kills the child if it still runs, and reaps it.
    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        reap(waiting: true)
    }

    /// How the child ended, in words.
    var statusDescription: String {
        guard let status = exitStatus else { return "still running" }
        if status & 0x7F == 0 { return "exit status \((status >> 8) & 0xFF)" }
        return "killed by signal \(status & 0x7F)"
    }

    /// The exit status, when the child exited rather than being killed.
    var exitCode: Int32? {
        guard let status = exitStatus, status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    @discardableResult
    private func reap(waiting: Bool) -> Bool {
        guard pid > 0 else { return true }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, waiting ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return false }
        exitStatus = status
        pid = 0
        runningChild = 0
        return true
    }

    private var lastError: String { String(cString: strerror(errno)) }

    /// SIGINT, SIGTERM and SIGHUP kill the child, then end the bench.
    private static func installSignalHandlers() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if runningChild > 0 { kill(runningChild, SIGKILL) }
            _exit(128 + signal)
        }
        sigemptyset(&action.sa_mask)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaction(signal, &action, nil) }
    }
}
