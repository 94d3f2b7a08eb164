import Glibc

/// A pseudo-terminal this process holds the master end of, as a terminal window holds it: a
/// program runs on its slave end (its controlling terminal, so `/dev/tty` is the pty), or a
/// picker of this process opens it by ``path``; what is drawn is read from the master end
/// into ``written`` and ``screen``, and keys are written there.
///
/// The benchmark measures keystrokes through it and the tests drive the picker with it. A
/// child never outlives the terminal: ``stop()`` and `deinit` kill it, and if this process dies
/// anyway the master end closes and the kernel hangs the child's terminal up.
package final class PseudoTerminal {
    /// Why a program could not be started, or did not do what was waited for.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(_ description: String) {
            self.description = description
        }
    }

    /// The master end, non-blocking.
    private let master: Int32
    /// The slave end, held open so that its modes can be read while nobody else has it open;
    /// closed once a child has it, so that the master end reads the end of the child's
    /// terminal when it exits.
    private var slave: Int32
    /// The slave end's path.
    package let path: String
    /// The child's pid; 0 before it starts and once it has been reaped.
    package private(set) var pid: pid_t = 0
    /// How the child ended, as `waitpid` says, once it has.
    package private(set) var exitStatus: Int32?
    /// Everything drawn so far.
    package private(set) var written: [UInt8] = []
    /// What the terminal shows now.
    package private(set) var screen: ScreenModel
    /// What the terminal answers to each question where its cursor is (`CSI 6n`), if
    /// anything; setting it answers the questions already asked.
    package var cursorAnswer: String? {
        didSet { answerQuestions() }
    }
    /// How many questions were answered.
    private var answered = 0

    /// A new terminal of `rows` × `columns`, with nothing running on it.
    package init(rows: Int = 24, columns: Int = 80) throws(Failure) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
            throw Failure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.master = master
        self.slave = slave
        path = String(cString: name)
        screen = ScreenModel(rows: rows, columns: columns)
        for descriptor in [master, slave] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        stop()
        close(master)
        if slave >= 0 { close(slave) }
    }

    /// Starts `executable` with `arguments` and exactly `environment` on the terminal, leading
    /// a session of its own whose controlling terminal it is: standard input is `input` (a
    /// file) or the terminal, standard output and error go to the files `output` and `errors`
    /// or to the terminal. Every other descriptor is closed in the child.
    package func start(
        _ executable: String, arguments: [String], environment: [String: String], input: String? = nil,
        output: String? = nil, errors: String? = nil
    ) throws(Failure) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID, which glibc's headers show Swift only under _GNU_SOURCE.
        posix_spawnattr_setflags(&attributes, 0x80)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The terminal, opened first in the new session, becomes its controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
        // Standard input may then be a file instead: the terminal stays the session's.
        if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
        for (descriptor, file) in [(Int32(1), output), (2, errors)] {
            if let file {
                posix_spawn_file_actions_addopen(&actions, descriptor, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDWR, 0)
            }
        }
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
        guard spawned == 0 else { throw Failure("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        self.pid = pid
        close(slave)
        slave = -1
    }

    /// This process's open descriptors.
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name) { descriptors.append(descriptor) }
        }
        return descriptors
    }

    /// Writes `bytes` to the terminal, as keys typed; returns the time just before the write.
    ///
    /// Taken before, not after: were this process descheduled right after the write, the
    /// program could have redrawn before a later reading of the clock, and the key would seem
    /// instant.
    @discardableResult
    package func type(_ bytes: [UInt8]) throws(Failure) -> Double {
        let began = Self.now()
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { throw Failure("cannot write to the terminal: \(Self.lastError)") }
            rest = rest.dropFirst(count)
        }
        return began
    }

    /// Types `text`.
    package func type(_ text: String) throws(Failure) {
        try type(Array(text.utf8))
    }

    /// Resizes the terminal, which sends the program on it SIGWINCH.
    package func resize(rows: Int, columns: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The slave end's modes: input, output, control and local flags.
    package func modes() -> [UInt32] {
        var modes = termios()
        guard tcgetattr(slave, &modes) == 0 else { return [] }
        return [modes.c_iflag, modes.c_oflag, modes.c_cflag, modes.c_lflag]
    }

    /// Reads what was drawn until `predicate` holds of the terminal, for at most `timeout`
    /// seconds; throws, naming `what` and showing the screen, when it never does.
    package func read(until what: String, timeout: Double = 10, _ predicate: (PseudoTerminal) -> Bool) throws(Failure) {
        let deadline = Self.now() + timeout
        while !predicate(self) {
            if readAvailable() > 0 { continue }
            guard Self.now() < deadline else {
                throw Failure("timed out waiting for \(what); the screen:\n\(screen.text)")
            }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            // A closed terminal polls as ready at once: wait a little before asking again.
            if poll(&descriptor, 1, 10) != 0, readAvailable() == 0 { usleep(1000) }
        }
    }

    /// Reads until the screen shows `text` somewhere.
    package func read(untilScreenShows text: String, timeout: Double = 10) throws(Failure) {
        try read(until: text.debugDescription, timeout: timeout) { $0.screen.text.contains(text) }
    }

    /// Reads what is waiting, without waiting; how many bytes came.
    @discardableResult
    package func readAvailable() -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { return total }
            take(Array(buffer[0..<count]))
            total += count
        }
    }

    /// Takes bytes read from the master end.
    private func take(_ bytes: [UInt8]) {
        written += bytes
        screen.feed(bytes)
        answerQuestions()
    }

    /// Answers the questions asked and not yet answered, when there is an answer.
    private func answerQuestions() {
        guard let cursorAnswer else { return }
        let questions = String(decoding: written, as: UTF8.self).components(separatedBy: "\u{1B}[6n").count - 1
        while answered < questions {
            try? type(cursorAnswer)
            answered += 1
        }
    }

    /// What was drawn in one call of ``readRedraw(settle:deadline:)``.
    package struct Redraw {
        package var bytes: [UInt8] = []
        /// The time of the last read that returned bytes.
        package var lastByte = 0.0
        /// The longest wait between two reads that returned bytes.
        package var longestGap = 0.0
    }

    /// What the program drew, read until `deadline` (``now()`` seconds): waits up to
    /// `deadline` for the first byte, then reads until nothing has come for `settle` seconds.
    /// Empty when nothing came before the deadline.
    package func readRedraw(settle: Double, deadline: Double) throws(Failure) -> Redraw {
        var redraw = Redraw()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let current = Self.now()
            let waitUntil = redraw.bytes.isEmpty ? deadline : min(deadline, redraw.lastByte + settle)
            if current >= waitUntil { return redraw }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(((waitUntil - current) * 1000).rounded(.up))
            let ready = poll(&descriptor, 1, max(1, milliseconds))
            if ready < 0, errno != EINTR { throw Failure("poll failed: \(Self.lastError)") }
            guard ready > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            if count > 0 {
                let time = Self.now()
                if !redraw.bytes.isEmpty { redraw.longestGap = max(redraw.longestGap, time - redraw.lastByte) }
                let bytes = Array(buffer[0..<count])
                redraw.bytes += bytes
                redraw.lastByte = time
                take(bytes)
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            // EIO or end of file: the child closed the terminal.
            _ = waitForExit(deadline: Self.now() + 2)
            throw Failure("the program stopped (\(statusDescription)) after \(redraw.bytes.count) bytes")
        }
    }

    /// Waits until `deadline` (``now()`` seconds) for the child to exit, reading what it draws
    /// meanwhile; true when it has exited.
    package func waitForExit(deadline: Double) -> Bool {
        while !reap(waiting: false) {
            guard Self.now() < deadline else { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 10) != 0, readAvailable() == 0 { usleep(1000) }
        }
        readAvailable()
        return true
    }

    /// Kills the child if it still runs, and reaps it.
    package func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        reap(waiting: true)
    }

    /// How the child ended, in words.
    package var statusDescription: String {
        guard let status = exitStatus else { return "still running" }
        if status & 0x7F == 0 { return "exit status \((status >> 8) & 0xFF)" }
        return "killed by signal \(status & 0x7F)"
    }

    /// The exit status, when the child exited rather than being killed.
    package var exitCode: Int32? {
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
        return true
    }

    /// Monotonic time in seconds.
    package static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
