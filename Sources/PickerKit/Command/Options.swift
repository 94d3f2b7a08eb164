import Foundation

/// The command line, parsed.
public struct Options: Hashable, Sendable {
    /// Where the session token comes from: `--session`, `--session-file` or `PICKER_SESSION`.
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

    /// Where the session token is.
    public enum Session: Hashable, Sendable {
        /// Given on the command line or in the environment.
        case token(String)
        /// The first line of a file, which other users cannot see in `ps`.
        case file(String)
    }

    /// What the command line asks for.
    public enum Command: Hashable, Sendable {
        case run(Options)
        case help
        case version
    }

    /// A command line the picker cannot run, with a message saying why.
    public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `arguments` (without the program name). `environment` supplies `PICKER_SESSION`
    /// and `PICKER_SOURCE`; `defaultSource` is the file used when neither names one.
    public static func parse(
        _ arguments: [String], environment: [String: String], defaultSource: String
    ) throws(UsageError) -> Command {
        var options = Options(
            session: environment["PICKER_SESSION"].flatMap { $0.isEmpty ? nil : .token($0) },
            source: FriendSource(argument: environment["PICKER_SOURCE"] ?? defaultSource))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UsageError(description: "\(name) needs a value")
                }
                return next
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--session":
                let token = try value()
                guard !token.isEmpty else { throw UsageError(description: "--session needs a non-empty token") }
                options.session = .token(token)
            case "--session-file": options.session = .file(try value())
            case "--timeout":
                let text = try value()
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw UsageError(description: "--timeout needs a number of seconds above 0, not '\(text)'")
                }
                options.timeout = seconds
            case "--source": options.source = FriendSource(argument: try value())
            case "--query": options.query = try value()
            case "--filter": options.filter = try value()
            case "--format":
                let format = try value()
                guard let parsed = OutputFormat(rawValue: format) else {
                    let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(description: "--format must be one of \(known), not '\(format)'")
                }
                options.format = parsed
            case "--print0":
                guard inlineValue == nil else { throw UsageError(description: "--print0 takes no value") }
                options.print0 = true
            default:
                throw UsageError(description: "unknown option '\(argument)' (see picker --help)")
            }
        }
        try options.checkSource()
        return .run(options)
    }

    /// A URL source must be usable with a token, and have a session to send.
    private func checkSource() throws(UsageError) {
        guard case .url(let url) = source else { return }
        if let refusal = GraphEndpoint.refusal(for: url) {
            throw UsageError(description: "--source \(GraphEndpoint.redacted(url)) \(refusal)")
        }
        guard session != nil else {
            throw UsageError(
                description:
                    "--source \(GraphEndpoint.redacted(url)) needs a session: give --session-file PATH (recommended: a token on the command line is visible in ps), --session TOKEN, or PICKER_SESSION")
        }
    }

    /// The session token: as given, or the first line of the session file.
    /// - Throws: when the file cannot be read or its first line is empty.
    public func sessionToken() throws(UsageError) -> String? {
        switch session {
        case nil: return nil
        case .token(let token): return token
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError(description: "--session-file \(TerminalText.sanitized(path)): cannot be read")
            }
            let firstLine = data.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? Data()
            let token = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else {
                throw UsageError(description: "--session-file \(TerminalText.sanitized(path)): the first line holds no token")
            }
            return token
        }
    }

    /// The loader for the source, with the session token read.
    public func loader() throws(UsageError) -> FriendLoader {
        source.loader(token: try sessionToken(), timeout: timeout)
    }

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// What `--help` prints.
    public static let helpText = """
        picker \(version): pick friends in the terminal, with incremental search.

        Usage: picker [--session TOKEN | --session-file PATH] [--source FILE|-|URL]
                      [--timeout SECONDS] [--query TEXT] [--filter TEXT]
                      [--format names|ids|json|tsv] [--print0] [-h|--help] [--version]

        The list is drawn on the terminal (/dev/tty); the chosen friends are printed on
        standard output, so the result can be piped.

        Options:
          --session TOKEN   the session whose friends are shown (default: $PICKER_SESSION);
                            file and standard input sources need none
          --session-file PATH
                            read the session token from the first line of PATH (better than
                            --session: a token on the command line is visible in ps)
          --source FILE|-|URL
                            a JSON file holding a Graph friends page {"data": [...]} or an
                            array of friends; - reads standard input, which may also be
                            plain text with one name per line; an https URL (http only on
                            loopback) of a Graph-compatible friends edge, e.g.
                            https://host/me/friends, read page by page with the session
                            token (default: $PICKER_SOURCE, else the bundled sample)
          --timeout SECONDS seconds to wait for each HTTP request (default 15)
          --query TEXT      start with this search applied
          --filter TEXT     no screen: print the friends TEXT includes, in list order
          --format FORMAT   names (default), ids, tsv (id<TAB>name), or json (an array of
                            {"id", "name"} objects)
          --print0          end each printed friend with NUL instead of a newline
          -h, --help        print this help
          --version         print the version

        Search: every space-separated term must occur in the name, ignoring case; a term
        without accents ignores accents (jose finds José), a term with accents matches them.

        Keys while browsing:
          Up/Down, k/j, Ctrl-P/Ctrl-N   move          PgUp/PgDn, Home/End, g/G   jump
          Space   toggle the friend     Tab   toggle and move down
          /       search                Enter done    Esc, q   cancel
        Keys while searching:
          type to narrow the list       Backspace, Ctrl-U (clear), Ctrl-W (delete word)
          Up/Down move                  Tab   toggle the highlighted friend
          Enter   keep the filter and browse              Esc   clear the search
        Ctrl-C cancels from anywhere.

        Output: the selected friends in the order picked; with none selected, the friend
        under the cursor.

        Exit status: 0 friends printed, 1 nothing to print, 2 error (bad option, unreadable
        or malformed source, network failure), 3 session rejected by the service (log in
        again), 130 cancelled.
        """
}
