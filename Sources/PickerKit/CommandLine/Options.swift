import PickerSources
import PickerStore

/// The command line, parsed.
package struct Options: Hashable, Sendable {
    /// Where the session token comes from: `--session`, `--session-file`, `PICKER_SESSION`, or
    /// for a URL source without any of them, the session `picker login` stored.
    package var session: Session?
    /// Where the friends come from.
    package var source: FriendSource
    /// The sources `--source` named so far where the options are being read (the command line,
    /// or `PICKER_DEFAULT_OPTS`), in order: each one more joins them.
    var namedSources: [FriendSource] = []
    /// The search applied at start.
    package var query = ""
    /// With `--filter`: print who this search includes, without a screen.
    package var filter: String?
    package var format = OutputFormat.names
    /// End records with NUL instead of a newline.
    package var print0 = false
    /// The file of queries (`--history`), recalled with Ctrl-P and Ctrl-N, to which the query of
    /// each pick is added.
    package var queryHistoryPath: String?
    /// The most queries `--history` keeps (`--history-size`).
    package var queryHistorySize = QueryHistory.defaultSize
    /// Read standard input as names ended by NUL (`--read0`), not by its format.
    package var read0 = false
    /// What the file sources and standard input hold (`--input`), when their content would be
    /// taken for another format; nil to tell each by its content.
    package var input: InputFormat?
    /// Print the query first (`--print-query`), even when nothing is picked.
    package var printsQuery = false
    /// Print first the name of the `--expect` key that finished the pick, an empty line for
    /// Enter.
    package var expectsKeys = false
    /// Seconds to wait for each HTTP request.
    package var timeout = 15.0
    /// Seconds the whole load of a URL source may take.
    package var loadTimeout = GraphFriendsLoader.defaultLoadTimeout
    /// The ids to select before the list opens, in order.
    package var preselected: [String] = []
    /// When exactly one friend passes the initial query, print it without opening the list.
    package var selectOne = false
    /// When nobody passes the initial query, exit 1 without opening the list.
    package var exitZero = false
    /// With `--height`: draw in a few lines below the cursor instead of the full screen.
    package var height: InlineHeight?
    /// Whether the mouse clicks, double-clicks and scrolls.
    package var mouse = true
    /// Whether colours are used (`--no-color` and `NO_COLOR` turn them off).
    package var color = true
    /// What the screen says and how the list behaves.
    package var configuration = PickerConfiguration()
    /// Where the friends of live sessions are cached; nil when there is nowhere to.
    package var cacheDirectory: String?
    /// Where the picks are recorded; nil when there is nowhere to.
    package var stateDirectory: String?
    /// Whether a URL source's friends are cached and shown from the cache (`--no-cache`).
    package var usesCache = true
    /// With `--offline`: the cached friends only, without asking the service.
    package var offline = false
    /// Whether picks are read and recorded (`--no-history`).
    package var usesHistory = true
    /// The user of a CardDAV source (`--user`), when its URL names none.
    package var user: String?
    /// What prints the password of a CardDAV source (`--password-command`,
    /// `PICKER_PASSWORD_COMMAND`).
    package var passwordCommand: String?
    /// What prints the OAuth bearer token of a CardDAV source (`--bearer-command`,
    /// `PICKER_BEARER_COMMAND`), sent instead of a password.
    package var bearerCommand: String?
    /// Whether a CardDAV source's address books are found again (`--rediscover`) rather than
    /// taken from the last sync.
    package var rediscovers = false

    /// The query history `--history` names, of `--history-size` queries.
    package var queryHistory: QueryHistory? {
        queryHistoryPath.map { QueryHistory(path: $0, size: queryHistorySize) }
    }

    package init(session: Session? = nil, source: FriendSource) {
        self.session = session
        self.source = source
    }

    /// Where the session token is.
    package enum Session: Hashable, Sendable {
        /// Given on the command line or in the environment.
        case token(String)
        /// The first line of a file, which other users cannot see in `ps`.
        case file(String)
        /// The session `picker login` stored in this file (see ``SessionStore``), used only for a
        /// source on the origin it was obtained from.
        case stored(String)
    }

    /// What the command line asks for.
    package enum Command: Hashable, Sendable {
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
    package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
        /// The status to exit with: ``ExitStatus/error``, or ``ExitStatus/sessionRejected``
        /// for a stored session that has expired.
        package var status: ExitStatus

        package init(_ description: String, status: ExitStatus = .error) {
            self.description = description
            self.status = status
        }
    }
}
