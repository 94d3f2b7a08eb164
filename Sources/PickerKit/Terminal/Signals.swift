import Glibc
import PickerSources
import PickerStore

/// The write end of the self-pipe that signal handlers report to, while a ``SignalPipe`` is
/// installed; -1 otherwise. A signal handler can reach nothing but a global.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns the signals that end the picker into bytes on a pipe, so the event loop can wait on
/// keys and signals together and restore the terminal before it returns.
///
/// The handler only writes the signal number, and keeps `errno` as it was: it is
/// async-signal-safe. SIGTSTP (a `kill -TSTP`) arrives the same way, so the picker suspends at
/// a safe point with the terminal restored; ncurses' own SIGTSTP handler, which does the
/// restoring inside the handler and spoils `errno`, is never installed. The handlers are
/// installed for the time of ``with(_:)`` only: the ones before (SIGWINCH's too) are put back
/// after.
struct SignalPipe {
    /// The signals that end the picker; each exits with status 128 + its number.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The end to poll.
    let readEnd: Int32

    /// Runs `body` with the handlers installed, then puts the handlers before them back and
    /// closes the pipe; nil when no pipe could be made. Must run around `newterm`, so that
    /// ncurses leaves these signals to the picker.
    static func with<Result>(_ body: (SignalPipe) throws -> Result) rethrows -> Result? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let savedErrno = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
            errno = savedErrno
        }
        sigemptyset(&action.sa_mask)
        // Job control: unless the shell made the picker ignore SIGTSTP, suspend through the pipe.
        let signals = endingSignals + (stopsAreIgnored() ? [] : [SIGTSTP])
        var previous = Array(repeating: sigaction(), count: signals.count)
        for (index, signal) in signals.enumerated() { sigaction(signal, &action, &previous[index]) }
        // ncurses may install a SIGWINCH handler of its own: whatever was there is put back.
        var previousResize = sigaction()
        sigaction(SIGWINCH, nil, &previousResize)
        defer {
            for (index, signal) in signals.enumerated() { sigaction(signal, &previous[index], nil) }
            sigaction(SIGWINCH, &previousResize, nil)
            signalPipeWriteEnd = -1
            close(ends[0])
            close(ends[1])
        }
        return try body(SignalPipe(readEnd: ends[0]))
    }

    /// Whether SIGTSTP is ignored, as a shell without job control may start the picker.
    static func stopsAreIgnored() -> Bool {
        var current = sigaction()
        sigaction(SIGTSTP, nil, &current)
        let handler = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
        return handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The first signal received since the last call, if any.
    func receivedSignal() -> Int32? {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
    }
}
