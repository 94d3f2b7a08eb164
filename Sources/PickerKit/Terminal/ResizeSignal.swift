import Glibc
import PickerSources
import PickerStore

/// The write end of the pipe the SIGWINCH handler writes to.
nonisolated(unsafe) private var resizePipeWriteEnd: Int32 = -1

/// SIGWINCH as a byte on a pipe, for the inline area, which has no ncurses to turn it into
/// `KEY_RESIZE`: the event loop polls the pipe with the terminal. The handler only writes a
/// byte and keeps `errno`: it is async-signal-safe.
struct ResizeSignal {
    /// The end to poll: readable after a resize.
    let readEnd: Int32
    private let writeEnd: Int32
    /// The handler before this one, put back by ``uninstall()``.
    private let previous: sigaction

    /// Creates the pipe and installs the handler.
    static func install() -> ResizeSignal? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        resizePipeWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let savedErrno = errno
            var byte: UInt8 = 1
            _ = write(resizePipeWriteEnd, &byte, 1)
            errno = savedErrno
        }
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(SIGWINCH, &action, &previous)
        return ResizeSignal(readEnd: ends[0], writeEnd: ends[1], previous: previous)
    }

    /// Whether the terminal was resized since the last call; empties the pipe.
    func takeAll() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 64)
        var resized = false
        while read(readEnd, &bytes, bytes.count) > 0 { resized = true }
        return resized
    }

    /// Puts the previous handler back and closes the pipe.
    func uninstall() {
        var previous = self.previous
        sigaction(SIGWINCH, &previous, nil)
        resizePipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }
}
