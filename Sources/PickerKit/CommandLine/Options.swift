/// The command line, parsed.
public struct Options: Hashable, Sendable {
    /// Where the session token comes from: `--session`, `--session-file`, `PICKER_SESSION`, or
    /// for a URL source without any of them, the session `picker login` stored.
    public var session: Session?
    /// Where the friends come from.
    public var source: FriendSource
    /// The search applied at start.
    public var query = ""
    /// With `--filter`: print who this search includes, without a screen.
    public var filter: String?
    public var format = OutputFormat.names
    /// End records with NUL instead of a newline.
    public var print0 = false
    /// Seconds to wait for each HTTP request.
    public var timeout = 15.0
    /// The ids to select before the list opens, in order.
    public var preselected: [String] = []
    /// When exactly one friend passes the initial query, print it without opening the list.
    public var selectOne = false
    /// When nobody passes the initial query, exit 1 without opening the list.
    public var exitZero = false
    /// With `--height`: draw in a few lines below the cursor instead of the full screen.
    public var height: InlineHeight?
    /// Whether the mouse clicks, double-clicks and scrolls.
    public var mouse = true
    /// Whether colours are used (`--no-color` and `NO_COLOR` turn them off).
    public var color = true
    /// What the screen says and how the list behaves.
    public var configuration = Configuration()
    /// Where the friends of live sessions are cached; nil when there is nowhere to.
    public var cacheDirectory: String?
    /// Where the picks are recorded; nil when there is nowhere to.
    public var stateDirectory: String?
    /// Whether a URL source's friends are cached and shown from the cache (`--no-cache`).
    public var usesCache = true
    /// With `--offline`: the cached friends only, without asking the service.
    public var offline = false
    /// Whether picks are read and recorded (`--no-history`).
    public var usesHistory = true

    public init(session: Session? = nil, source: FriendSource) {
        self.session = session
        self.source = source
    }

    /// Where the session token is.
    public enum Session: Hashable, Sendable {
        /// Given on the command line or in the environment.
        case token(String)
        /// The first line of a file, which other users cannot see in `ps`.
        case file(String)
        /// The session `picker login` stored in this file (see ``SessionStore``), used only for a
        /// source on the origin it was obtained from.
        case stored(String)
    }

    /// What the command line asks for.
    public enum Command: Hashable, Sendable {
        case run(Options)
        case help
        case version
        /// `picker login`: obtain a session with the device flow and store it.
        case login(LoginOptions)
        /// `picker logout`: remove the stored session and the cached friend lists.
        case logout(Logout)
        /// `picker login --help`, `picker logout --help`.
        case subcommandHelp(Subcommand)
    }

    /// A command line the picker cannot run, with a message saying why.
    public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        /// The status to exit with: ``ExitStatus/error``, or ``ExitStatus/sessionRejected``
        /// for a stored session that has expired.
        public var status: ExitStatus

        public init(_ description: String, status: ExitStatus = .error) {
            self.description = description
            self.status = status
        }
    }

    /// The version `--version` prints.
    public static let version = "0.1.0"
}
