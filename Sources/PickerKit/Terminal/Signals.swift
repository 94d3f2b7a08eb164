import Glibc
import PickerSources
import PickerStore

/// The write end of the self-pipe that signal handlers report to.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns the signals that end the picker into bytes on a pipe, so the event loop can wait on
/// keys and signals together and restore the terminal before exiting.
///
/// The handler only writes the signal number, and keeps `errno` as it was: it is
/// async-signal-safe. SIGTSTP (a `kill -TSTP`) arrives the same way, so the picker suspends at
/// a safe point with the terminal restored; ncurses' own SIGTSTP handler, which does the
/// restoring inside the handler and spoils `errno`, is never installed.
struct SignalPipe {
    /// The signals that end the picker; each exits with status 128 + its number.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The end to poll.
    let readEnd: Int32

    /// Creates the pipe and installs the handlers. Must run before `newterm`, so that ncurses
    /// leaves these signals to us.
    static func install() -> SignalPipe? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        signalPipeWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let savedErrno = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
            errno = savedErrno
        }
        sigemptyset(&action.sa_mask)
        for signal in endingSignals { sigaction(signal, &action, nil) }
        // Job control: unless the shell made the picker ignore SIGTSTP, suspend through the pipe.
        if !stopsAreIgnored() { sigaction(SIGTSTP, &action, nil) }
        return SignalPipe(readEnd: ends[0])
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
