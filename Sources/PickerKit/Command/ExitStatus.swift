/// The picker's exit statuses, as fzf's.
public enum ExitStatus: Int32, Sendable {
    /// Friends were printed.
    case printed = 0
    /// Nothing to print: no friend chosen or matched.
    case nothingToPrint = 1
    /// A bad option, or a source that cannot be read or is malformed.
    case error = 2
    /// The service rejected the session (invalid, expired or revoked token).
    case sessionRejected = 3
    /// Cancelled with Esc, `q`, Ctrl-C or SIGINT.
    case cancelled = 130
    /// The reader of standard output went away before the result was written (`| head -0`),
    /// as a tool killed by SIGPIPE reports it; nothing more is printed.
    case outputClosed = 141
}
