import Glibc

/// The write end of the self-pipe that signal handlers report to.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns the signals that end the picker into bytes on a pipe, so the event loop can wait on
/// keys and signals together and restore the terminal before exiting.
///
/// The handler only writes the signal number: it is async-signal-safe.
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
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        for signal in endingSignals { sigaction(signal, &action, nil) }
        Glibc.signal(SIGPIPE, SIG_IGN)
        return SignalPipe(readEnd: ends[0])
    }

    /// The first signal received since the last call, if any.
    func receivedSignal() -> Int32? {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
    }
}
