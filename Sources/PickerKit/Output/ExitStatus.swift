import PickerSources
import PickerStore

/// The picker's exit statuses, as fzf's.
package enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Friends were printed.
    case printed = 0
    /// Nothing to print: no friend chosen or matched.
    case nothingToPrint = 1
    /// A bad option, or a source that cannot be read or is malformed (an address book of which
    /// nothing could be read: one with some cards or records read is not an error).
    case error = 2
    /// The service rejected the session (invalid, expired or revoked token).
    case sessionRejected = 3
    /// Cancelled with Esc, Ctrl-C or SIGINT.
    case cancelled = 130
    /// The reader of standard output went away before the result was written (`| head -0`),
    /// as a tool killed by SIGPIPE reports it; nothing more is printed.
    case outputClosed = 141

    /// What the status means, as `--help` and the man page say.
    package var meaning: String {
        switch self {
        case .printed: return "friends printed"
        case .nothingToPrint:
            return
                "nothing to print (nobody shown on Enter; --filter or --exit-0 matched nobody; no email address for a mail format)"
        case .error:
            return
                "error: bad option, unreadable or malformed source (an address book of which no card or record could be read), network failure, no usable terminal"
        case .sessionRejected:
            return "the service rejected the session, or the session of picker login expired: log in again"
        case .cancelled: return "cancelled (Esc, asking first when friends are selected; Ctrl-C; SIGINT)"
        case .outputClosed: return "the reader of standard output went away (| head -0): nothing more is printed"
        }
    }

    /// What exit status 128+n means, as `--help` and the man page say.
    package static let signalMeaning =
        "ended by signal n (143 SIGTERM, 129 SIGHUP, 131 SIGQUIT), terminal restored"
}
