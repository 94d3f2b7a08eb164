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
}
