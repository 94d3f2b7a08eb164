import PickerSources
import PickerStore

/// One command-line option: its names, the value it takes, what it does, and how it changes
/// what is being parsed (``Options``, or a subcommand's options such as ``LoginOptions``). The
/// parser, `--help`, the man page and the completions all read these tables.
package struct OptionSpec<Target>: Sendable {
    /// The names, the long one first: `--help`, `-h`.
    package let names: [String]
    /// What the value is called in the help, or nil for a flag.
    package let value: String?
    /// The help text, one sentence or two.
    package let help: String
    let apply: @Sendable (inout Target, String) throws(Options.UsageError) -> Void

    init(
        _ names: [String], value: String? = nil, _ help: String,
        apply: @escaping @Sendable (inout Target, String) throws(Options.UsageError) -> Void
    ) {
        self.names = names
        self.value = value
        self.help = help
        self.apply = apply
    }
}

extension Options {
    /// Every option, in the order `--help` lists them. `--help` and `--version` are handled by
    /// the parser itself and listed last.
    package static let table: [OptionSpec<Options>] = [
        OptionSpec(
            ["--session"], value: "TOKEN",
            "the session whose friends are shown (default: $PICKER_SESSION); file and standard input sources need none"
        ) { options, token throws(UsageError) in
            guard !token.isEmpty else { throw UsageError("--session needs a non-empty token") }
            options.session = .token(token)
        },
        OptionSpec(
            ["--session-file"], value: "PATH",
            "read the session token from the first line of PATH (better than --session: a token on the command line is visible in ps)"
        ) { options, path in options.session = .file(path) },
        OptionSpec(
            ["--source"], value: "FILE|DIR|-|URL",
            "a file, read by its content whatever it is called: JSON (a Graph friends page {\"data\": [...]}, an array of friends, or a Facebook export's your_friends.json), vCard, a contacts CSV (Google, Outlook, name,email), a Facebook export's .zip, or plain text with one name per line; a folder of .vcf files (a vdir, as vdirsyncer writes it: one address book; a file that cannot be read is skipped and told) or a Facebook export's folder; - reads standard input the same way (a pipe or a file, never the terminal); an https URL (http only to a loopback address written as one, 127.0.0.1 or [::1], not localhost) of a Graph-compatible friends edge, read page by page with the session token; a CardDAV account, carddavs://[USER@]HOST[:PORT]/[PATH] (carddav:// for plain http to loopback), its address books found when no PATH names one, synced into the cache and searched locally (default: standard input when it is not a terminal, so that a pipe wins over a --source in $PICKER_DEFAULT_OPTS and over $PICKER_SOURCE, which come next; else the bundled sample); at most 1 GB of a file or standard input is read (see SOURCES in man picker); given more than once, the sources are one list, each friend's id prefixed with its source's place (1:, 2:…), a person found in several one friend (the same UID, or the same name and an address in common), and a source that fails is told while the others are shown (exit 2 only when every one fails)"
        ) { options, argument in
            options.namedSources.append(FriendSource(argument: argument))
            options.source = FriendSource(combining: options.namedSources)
        },
        OptionSpec(
            ["--input"], value: "json|vcard|csv|text|facebook",
            "read every file source and standard input as this format, for when picker's guess from the content is wrong (a list of names that looks like CSV or JSON, a CSV without a header it knows): json, vcard (a folder: its .vcf files), csv, text (one name per line), facebook (an export's .zip, folder or your_friends.json); a file that is not what it says is an error naming it (exit 2); a file of another kind (an image, a PDF) is refused whatever is said"
        ) { options, text throws(UsageError) in
            guard let format = InputFormat(rawValue: text) else {
                let known = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--input must be one of \(known), not '\(TerminalText.sanitized(text))'")
            }
            options.input = format
        },
        OptionSpec(
            ["--user"], value: "NAME",
            "the user of a carddav or carddavs source, when its URL names none (carddavs://NAME@HOST/ does)"
        ) { options, name throws(UsageError) in
            guard !name.isEmpty else { throw UsageError("--user needs a name") }
            options.user = name
        },
        credentialCommand(
            "--password-command",
            "the password of a carddav or carddavs source: the first line CMD prints, run by sh -c before the screen opens (as aerc's carddav-source-cred-cmd; e.g. 'pass show dav'); default: $PICKER_PASSWORD_COMMAND, else ~/.netrc's entry for the host; the password is sent (Basic) only to the source's origin, over TLS or to loopback, and never kept, shown or passed on the command line",
            bearer: false),
        credentialCommand(
            "--bearer-command",
            "an OAuth bearer token for a carddav or carddavs source that wants one (Google's): the first line CMD prints, run by sh -c before the screen opens (as mutt's imap_oauth_refresh_command; e.g. 'oama access me@gmail.com'), sent instead of a password; default: $PICKER_BEARER_COMMAND; like a session token, it is sent only to the source's origin (a redirect elsewhere is not followed), over TLS or to loopback, and never kept, shown or passed on the command line",
            bearer: true),
        OptionSpec(
            ["--rediscover"],
            "find the address books of a carddav or carddavs source again (RFC 6764) rather than going straight to those found before, as picker does by itself when one of them is gone; use it when a book was added on the server"
        ) { options, _ in options.rediscovers = true },
        OptionSpec(
            ["--timeout"], value: "SECONDS",
            "the most seconds each HTTP request may take, from its start to its last byte (default 15; 0.001 to 86400)"
        ) { options, text throws(UsageError) in options.timeout = try seconds(text, for: "--timeout") },
        OptionSpec(
            ["--load-timeout"], value: "SECONDS",
            "the most seconds the whole load of a URL source may take, every page, retry and wait together; past it the load stops and says how many pages and friends it read (default 120; 0.001 to 86400)"
        ) { options, text throws(UsageError) in options.loadTimeout = try seconds(text, for: "--load-timeout") },
        OptionSpec(["--query", "-q"], value: "TEXT", "start with this search applied") { options, text in
            options.query = text
        },
        OptionSpec(
            ["--filter", "-f"], value: "TEXT",
            "no screen: print the friends TEXT includes, best match first as the list shows them (at most --limit of them), and exit"
        ) {
            options, text in options.filter = text
        },
        OptionSpec(
            ["--select-1", "-1"], "when exactly one friend passes the initial query, print it without opening the list"
        ) {
            options, _ in options.selectOne = true
        },
        OptionSpec(["--exit-0", "-0"], "when no friend passes the initial query, exit 1 without opening the list") {
            options, _ in options.exitZero = true
        },
        OptionSpec(
            ["--select"], value: "ID,ID,...", "select these friends before the list opens (unknown ids are reported)"
        ) {
            options, text in
            options.preselected += text.split(separator: ",").map { $0.trimmingWhitespace }
                .filter { !$0.isEmpty }
        },
        OptionSpec(
            ["--limit", "-m"], value: "N",
            "at most N friends can be selected (and --filter prints at most N); with 1, a pick replaces the previous one"
        ) {
            options, text throws(UsageError) in
            guard let limit = Int(text), limit > 0 else {
                throw UsageError("--limit needs a whole number above 0, not '\(text)'")
            }
            options.configuration.limit = limit
        },
        OptionSpec(
            ["--sort"], value: "first|last",
            "sort by first name (first, middle, last; the default) or by last name (last, first, middle)"
        ) {
            options, text throws(UsageError) in options.configuration.sortOrder = try nameOrder(text, for: "--sort")
        },
        OptionSpec(
            ["--display"], value: "first|last", "show names as First Middle Last (the default) or Last First Middle"
        ) {
            options, text throws(UsageError) in
            options.configuration.displayOrder = try nameOrder(text, for: "--display")
        },
        OptionSpec(["--title"], value: "TEXT", "the title instead of \"Select Friends\"") { options, text in
            options.configuration.title = text
        },
        OptionSpec(["--prompt"], value: "TEXT", "the search prompt instead of \"/ \"") { options, text in
            options.configuration.prompt = text
        },
        OptionSpec(["--header"], value: "TEXT", "a line of text under the title") { options, text in
            options.configuration.header = text
        },
        OptionSpec(["--cycle"], "moving past the last friend wraps to the first, and back") { options, _ in
            options.configuration.cycles = true
        },
        OptionSpec(
            ["--no-rank"],
            "show what a search finds in list order, with its sections, as the Facebook picker did, instead of the best match first"
        ) { options, _ in options.configuration.ranksMatches = false },
        OptionSpec(
            ["--no-sort"],
            "keep the source's order instead of sorting by name, without sections or \"Recent\" (a search still shows the best match first, unless --no-rank too)"
        ) { options, _ in options.configuration.sortsList = false },
        OptionSpec(
            ["--tac"],
            "the source's order reversed, the last friend first, as tac prints a file: --no-sort upside down (among matches of equal score, the later friend first)"
        ) { options, _ in options.configuration.reversesInput = true },
        OptionSpec(
            ["--expect"], value: "KEYS",
            "comma-separated keys (named as in fzf: ctrl-t, alt-x, f2, tab…) that finish the pick as Enter does; the first line printed is then the name of the key, or empty for Enter"
        ) { options, text throws(UsageError) in
            options.configuration.keyMap = options.configuration.keyMap.expecting(
                try KeyName.keys(text, option: "--expect"))
            options.expectsKeys = true
        },
        OptionSpec(
            ["--history"], value: "FILE",
            "keep the query of each pick in FILE (its folder must be yours alone), and recall them with Ctrl-P and Ctrl-N in the list and the search, as fzf does (Up and Down, Ctrl-K and Ctrl-J still move)"
        ) { options, path throws(UsageError) in
            guard !path.isEmpty else { throw UsageError("--history needs a file") }
            options.queryHistoryPath = path
        },
        OptionSpec(["--history-size"], value: "N", "the most queries --history keeps (default 1000)") {
            options, text throws(UsageError) in
            guard let size = Int(text), size > 0 else {
                throw UsageError("--history-size needs a whole number above 0, not '\(TerminalText.sanitized(text))'")
            }
            options.queryHistorySize = size
        },
        OptionSpec(
            ["--read0"],
            "read standard input as names each ended by a NUL byte, not by lines (a name may hold a line break), as --print0 writes them and find -print0 does"
        ) { options, _ in options.read0 = true },
        OptionSpec(
            ["--bind"], value: "KEY:ACTION[,..]",
            "give keys (named as in fzf) one of the actions accept, abort, toggle, toggle-all, select-all, deselect-all, review, review-group (a group's members), clear-query, up, down, page-up, page-down, first, last, toggle-preview (the details pane), in the list, the search and the review, before what they do otherwise; the ? overlay lists them"
        ) { options, text throws(UsageError) in
            options.configuration.keyMap = try KeyBindOption.binding(text, over: options.configuration.keyMap)
        },
        OptionSpec(
            ["--print-query"],
            "print the query first (before the --expect key), even when nothing is picked (then exit 1)"
        ) { options, _ in options.printsQuery = true },
        OptionSpec(
            ["--ansi"],
            "read the colours of names given as SGR escape sequences (ls --color=always): shown in their colours, left out of the search and the output; any other escape sequence is shown escaped, as without --ansi"
        ) { options, _ in options.configuration.fields.strippingColors = true },
        OptionSpec(
            ["--delimiter", "-d"], value: "SEP",
            "what separates the fields of a line for --nth, --with-nth and --accept-nth, as fzf's: a string, or a POSIX extended regular expression when it is one of more than one character (\\t a tab; default: runs of spaces and tabs, those at the start of a line in no field)"
        ) { options, text throws(UsageError) in
            options.configuration.fields.delimiter = try fieldValue { () throws(FieldError) in try FieldDelimiter(text)
            }
        },
        OptionSpec(
            ["--nth", "-n"], value: "N[,..]",
            "search only these fields of a line (of those --with-nth shows): numbers from 1, negative from the end (-1 the last), ranges 2.., ..3, 1..2"
        ) { options, text throws(UsageError) in
            options.configuration.fields.searched = try fieldValue { () throws(FieldError) in
                try FieldList(text, option: "--nth")
            }
        },
        OptionSpec(
            ["--with-nth"], value: "N[,..]",
            "show only these fields of a line, and search only them; the line is printed whole (unless --accept-nth)"
        ) { options, text throws(UsageError) in
            options.configuration.fields.shown = try fieldValue { () throws(FieldError) in
                try FieldList(text, option: "--with-nth")
            }
        },
        OptionSpec(
            ["--accept-nth"], value: "N[,..]",
            "print only these fields of the line picked (in every --format), joined by the delimiters that followed them, the last left off"
        ) { options, text throws(UsageError) in
            options.configuration.fields.printed = try fieldValue { () throws(FieldError) in
                try FieldList(text, option: "--accept-nth")
            }
        },
        OptionSpec(
            ["--height"], value: "N|N%",
            "draw in N lines (at least 4), or N% of the terminal, below the cursor instead of the full screen, leaving the lines above as they are; the full screen when that is the whole terminal, when the terminal has 4 rows or fewer, or when it does not say where its cursor is within 2 s; a terminal that rewraps lines when made narrower may push the area's first lines into its scrollback"
        ) { options, text throws(UsageError) in options.height = try InlineHeight(argument: text) },
        OptionSpec(["--no-height"], "draw on the full screen (undoes a --height given before)") { options, _ in
            options.height = nil
        },
        OptionSpec(["--no-mouse"], "do not use the mouse") { options, _ in options.mouse = false },
        OptionSpec(
            ["--no-color"],
            "no colours (as NO_COLOR does): cursor, selection and matches in reverse, bold and underline"
        ) {
            options, _ in options.color = false
        },
        OptionSpec(
            ["--format"], value: "FORMAT",
            "names (default), ids, tsv (id<TAB>name), json (an array of {\"id\", \"name\", \"emails\"} objects, with nickname, reading, organization, title, phones, categories, birthday, note and a group's members where the source has them, and sources, the --source values it was found in, when several were given), mutt (a message line, then email<TAB>name per address: mutt's query_command; an error is that line), aerc (email<TAB>name per address: aerc's address-book-cmd), address (Name <email>, one per friend), mutt-to (one mutt push command typing the address mailboxes into the compose menu's To: field, for a macro running source 'picker … |'; an error is an echo command), or tel (number<TAB>name per phone number: khard's phone --parsable); the mail formats leave out friends without an email, and addresses that are not one plain address (name@domain); tel, friends without a phone. With --filter every address or number of each friend found is printed; a pick in the picker prints one, the preferred one or the one chosen with Alt-1 to Alt-9, and a friend without any is dimmed and cannot be picked"
        ) {
            options, text throws(UsageError) in
            guard let format = OutputFormat(rawValue: text) else {
                let known = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--format must be one of \(known), not '\(text)'")
            }
            options.format = format
        },
        OptionSpec(["--print0"], "end each printed friend with NUL instead of a newline") { options, _ in
            options.print0 = true
        },
        OptionSpec(
            ["--no-cache"],
            "neither show nor write the cached friends of a URL or CardDAV source (by default the list of the last run is shown at once while the service is asked again)"
        ) { options, _ in options.usesCache = false },
        OptionSpec(
            ["--offline"],
            "show (or, with --filter, --select-1, --exit-0, use) the cached friends of a URL or CardDAV source without asking the service; exit 2 when there are none"
        ) { options, _ in options.offline = true },
        OptionSpec(
            ["--cache-dir"], value: "DIR",
            "keep the cached friends in DIR (default: $PICKER_CACHE_DIR, else $XDG_CACHE_HOME/picker, else ~/.cache/picker)"
        ) { options, path throws(UsageError) in
            guard !path.isEmpty else { throw UsageError("--cache-dir needs a directory") }
            options.cacheDirectory = path
        },
        OptionSpec(
            ["--recent"], value: "N",
            "list the N friends picked most (by frecency) under \"Recent\" above A when there is no query (default 8; 0 lists none)"
        ) { options, text throws(UsageError) in
            guard let count = Int(text), count >= 0 else {
                throw UsageError("--recent needs a whole number of 0 or more, not '\(text)'")
            }
            options.configuration.recentLimit = count
        },
        OptionSpec(["--no-history"], "neither read nor record the friends picked (no \"Recent\" section)") {
            options, _ in options.usesHistory = false
        },
        OptionSpec(["--help", "-h"], "print this help") { _, _ in },
        OptionSpec(["--version"], "print the version") { _, _ in },
    ]

    /// The fewest and the most seconds a timeout may be: a millisecond, which libcurl counts in
    /// (less would be 0, which it reads as no timeout at all), and a day.
    static let timeoutRange = 0.001...86_400.0

    /// `--password-command` or `--bearer-command` (with `bearer`): the command that prints a
    /// CardDAV source's credential. Each clears the other: the last one given is run.
    private static func credentialCommand(_ name: String, _ help: String, bearer: Bool) -> OptionSpec<Options> {
        OptionSpec([name], value: "CMD", help) { options, command throws(UsageError) in
            guard !command.isEmpty else { throw UsageError("\(name) needs a command") }
            options.passwordCommand = bearer ? nil : command
            options.bearerCommand = bearer ? command : nil
        }
    }

    /// The number of seconds `text` gives `option`, within ``timeoutRange`` (so never 0,
    /// negative, infinite or not a number).
    static func seconds(_ text: String, for option: String) throws(UsageError) -> Double {
        guard let seconds = Double(text), timeoutRange.contains(seconds) else {
            throw UsageError(
                "\(option) needs a number of seconds from 0.001 to 86400, not '\(TerminalText.sanitized(text))'")
        }
        return seconds
    }

    /// What `read` makes of an option's value, its ``FieldError`` the usage error.
    private static func fieldValue<Value>(_ read: () throws(FieldError) -> Value) throws(UsageError) -> Value {
        do throws(FieldError) {
            return try read()
        } catch {
            throw UsageError(error.description)
        }
    }

    private static func nameOrder(_ text: String, for option: String) throws(UsageError) -> NameOrder {
        guard let order = NameOrder(rawValue: text) else {
            throw UsageError("\(option) must be first or last, not '\(text)'")
        }
        return order
    }
}
