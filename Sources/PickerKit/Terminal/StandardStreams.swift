import Glibc
import PickerSources
import PickerStore

/// The standard streams, guarded: a stream the picker was started without is held by
/// `/dev/null`, so that no file or pipe the picker opens later takes its number, and the result
/// never lands on the terminal or in a pipe of the picker's own.
enum StandardStreams {
    /// How writing the result went.
    enum WriteOutcome: Equatable {
        case written
        /// The reader of standard output went away (`| head -0`): `EPIPE`.
        case readerGone
        /// Any other failure: the message says what happened.
        case failed(String)
    }

    /// Whether standard output was closed when the picker started.
    nonisolated(unsafe) private(set) static var outputWasClosed = false

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed; call first thing.
    static func guardClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            if descriptor == 1 { outputWasClosed = true }
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Why standard output cannot take the result, known before anything is picked: it was
    /// closed when the picker started (`picker >&-`), or it is open for reading only; nil when
    /// it can be written to.
    static func outputProblem() -> String? {
        if outputWasClosed { return "standard output is closed" }
        let flags = fcntl(1, F_GETFL)
        if flags >= 0, flags & O_ACCMODE == O_RDONLY { return "standard output is open for reading only" }
        return nil
    }

    /// Writes `pieces` whole to standard output, one after another, retrying after
    /// interruptions and partial writes.
    static func writeOutput(_ pieces: [[UInt8]]) -> WriteOutcome {
        if outputWasClosed { return .failed("standard output is closed") }
        for piece in pieces {
            switch writeWhole(piece, to: 1) {
            case nil: continue
            case EPIPE?: return .readerGone
            case let error?: return .failed(String(cString: strerror(error)))
            }
        }
        return .written
    }

    /// Writes `message` on standard error, after `picker: `, with every control character made
    /// visible: a message may quote a file name, an option or a server's words.
    static func report(_ message: String) {
        _ = writeWhole(Array("picker: \(TerminalText.sanitized(message))\n".utf8), to: 2)
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions and partial writes;
    /// the `errno` of the failure, or nil.
    @discardableResult
    static func writeWhole(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            rest = rest.dropFirst(written)
        }
        return nil
    }
}
