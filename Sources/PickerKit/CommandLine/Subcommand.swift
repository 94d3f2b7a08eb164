import PickerSources
import PickerStore

/// A word that, first on the command line, makes `picker` do something else than pick:
/// `picker login` obtains a session, `picker logout` forgets it.
package enum Subcommand: String, CaseIterable, Hashable, Sendable {
    case login, logout

    /// How the subcommand is called, for the help and the man page.
    package var synopsis: String {
        switch self {
        case .login: return "picker login --device-url URL --client-id ID [OPTION]..."
        case .logout: return "picker logout [--cache-dir DIR]"
        }
    }

    /// What the subcommand does, in a few words.
    package var tagline: String {
        switch self {
        case .login: return "obtain a session with a device flow (RFC 8628 or Facebook's) and store it"
        case .logout: return "remove the session picker login stored, and the friend lists cached"
        }
    }

    /// What the subcommand does, for the help and the man page.
    package var summary: String {
        switch self {
        case .login:
            return
                "Obtains a session with a device flow (RFC 8628, or Facebook's Login for Devices): shows the address to open and the code to enter, with a QR code of the address when the terminal has room, then waits until the login is approved, denied or expired. The session is stored in $XDG_CONFIG_HOME/picker/session (default ~/.config/picker/session; 0600 in a 0700 directory) with its expiry and the origin of the token endpoint; picker uses it for a URL source on that origin when no --session, --session-file or PICKER_SESSION is given, and never sends it to another origin. When standard output is not a terminal, the code and addresses are printed on it as lines of 'name value' (user_code, verification_uri, verification_uri_complete, expires_in) and the login still waits."
        case .logout:
            return
                "Removes the session picker login stored, and every friend list cached in the cache directory picker uses (the friends of every URL source and session read whole: the files friends-HASH.cache); nothing to remove is not an error."
        }
    }

    /// The options the subcommand takes.
    package var options: [any OptionDescribing] {
        switch self {
        case .login: return LoginOptions.table
        case .logout: return Logout.table
        }
    }

    /// The environment variables the subcommand reads, and what for.
    package var environment: [(name: String, meaning: String)] {
        switch self {
        case .login: return LoginOptions.environment
        case .logout: return Logout.environment
        }
    }

    /// What the subcommand's exit statuses mean.
    package var exitStatuses: [(status: String, meaning: String)] {
        switch self {
        case .login:
            return [
                ("0", "logged in: the session is stored"),
                (
                    "2",
                    "error: bad option, network failure, an answer that breaks the flow, the session cannot be stored"
                ),
                ("3", "the login was denied, or expired before it was approved; nothing is stored"),
                ("130", "cancelled (Ctrl-C, Esc, q, SIGINT); nothing is stored"),
            ]
        case .logout:
            return [
                ("0", "no session is stored (any there was is removed)"),
                ("2", "the session cannot be removed, or a bad option"),
            ]
        }
    }

    /// The command `arguments` (after the subcommand's word) ask for, `environment` giving
    /// what they do not.
    func parse(_ arguments: [String], environment: [String: String]) throws(Options.UsageError) -> Options.Command {
        let help = "picker \(rawValue) --help"
        switch self {
        case .login:
            var given = LoginOptions.Given(environment: environment)
            if try Options.read(
                arguments, table: LoginOptions.table, into: &given, stoppingAt: ["-h", "--help"], help: help)
                != nil
            {
                return .subcommandHelp(self)
            }
            return .login(try LoginOptions(given))
        case .logout:
            var logout = Logout(environment: environment)
            if try Options.read(
                arguments, table: Logout.table, into: &logout, stoppingAt: ["-h", "--help"], help: help)
                != nil
            {
                return .subcommandHelp(self)
            }
            return .logout(logout)
        }
    }
}

/// What the help, the man page and the completions need of an option: its names, the value it
/// takes and what it does.
package protocol OptionDescribing: Sendable {
    /// The names, the long one first.
    var names: [String] { get }
    /// What the value is called in the help, or nil for a flag.
    var value: String? { get }
    /// The help text.
    var help: String { get }
}

extension OptionSpec: OptionDescribing {}
