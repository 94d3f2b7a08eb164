import PickerSources
import PickerStore

extension Options {
    /// Parses `arguments` (without the program name), after the words of `PICKER_DEFAULT_OPTS`
    /// (on their own: a value missing at their end is not taken from the command line, and
    /// their errors say they came from there).
    /// `environment` also supplies `PICKER_SESSION`, `PICKER_SOURCE` and `NO_COLOR`.
    ///
    /// The source is, first to last: a `--source` on the command line; standard input when it
    /// is not a terminal (as fzf, fzy and gum read it: what is piped in is what the user means
    /// now); a `--source` in `PICKER_DEFAULT_OPTS`; `PICKER_SOURCE`; `defaultSource` (nil when
    /// there is none: then a source must be named). A first argument naming a ``Subcommand``
    /// (`login`, `logout`) parses the rest as that subcommand's options, without
    /// `PICKER_DEFAULT_OPTS`.
    package static func parse(
        _ arguments: [String], environment: [String: String], defaultSource: String?,
        standardInputIsTerminal: Bool = true
    ) throws(UsageError) -> Command {
        if let first = arguments.first, let subcommand = Subcommand(rawValue: first) {
            return try subcommand.parse(Array(arguments.dropFirst()), environment: environment)
        }
        let environmentSources = sources(inList: environment["PICKER_SOURCE"] ?? "")
        let environmentSource = environmentSources.isEmpty ? nil : FriendSource(combining: environmentSources)
        let source = environmentSource ?? defaultSource.map(FriendSource.init(argument:))
        var options = Options(
            session: environment["PICKER_SESSION"].flatMap { $0.isEmpty ? nil : .token($0) },
            source: source ?? FriendSource(argument: ""))
        var sourceNamed = source != nil
        var sourceOnTheCommandLine = false
        options.color = (environment["NO_COLOR"] ?? "").isEmpty
        options.passwordCommand = environment["PICKER_PASSWORD_COMMAND"].flatMap { $0.isEmpty ? nil : $0 }
        options.bearerCommand = environment["PICKER_BEARER_COMMAND"].flatMap { $0.isEmpty ? nil : $0 }
        options.findDirectories(in: environment)
        var stop = try readDefaults(in: environment, into: &options) { name in
            if name == "--source" { sourceNamed = true }
        }
        if stop == nil {
            // The command line's sources replace those of PICKER_DEFAULT_OPTS, and join each other.
            options.namedSources = []
            stop = try read(arguments, table: table, into: &options, stoppingAt: stops, unexpectedWord: searchAdvice) {
                name in if name == "--source" { sourceOnTheCommandLine = true }
            }
        }
        switch stop {
        case "--version": return .version
        case .some: return .help
        case nil: break
        }
        if !sourceOnTheCommandLine && !standardInputIsTerminal {
            options.source = .standardInput
        } else if !sourceNamed && !sourceOnTheCommandLine {
            throw UsageError(BundledSample.missing)
        } else if options.source.parts.contains(.standardInput), standardInputIsTerminal {
            // The terminal would be read for friends and for keys at once: a blank screen.
            throw UsageError(
                "--source - reads the friends from standard input, which is the terminal here: pipe them in (command | picker) or name a file (--source FILE)"
            )
        }
        if options.session == nil, options.source.url != nil, let store = SessionStore(environment: environment) {
            options.session = .stored(store.path)
        }
        options.namedSources = []
        try options.checkSource()
        try options.checkCacheOptions()
        // A mail client's address book is searched by addresses too: what is typed in To: is
        // often the start of one.
        options.configuration.searchesAddresses = options.format.isForMail
        options.configuration.printedPart = options.format.printedPart
        return .run(options)
    }

    /// What is said of a word on the command line that is no option nor an option's value
    /// (`picker ada`): most likely a search, given as fzf's first users give it.
    static func searchAdvice(_ word: String) -> String {
        let quoted = shellQuotedWord(word)
        return
            "picker takes no words, only options: to search for \(quoted), give -q \(quoted) (the list opens with it applied) or -f \(quoted) (the matches printed, without a screen); see picker --help"
    }

    /// The options that end the reading of a command line: the help and the version.
    private static let stops: Set = ["-h", "--help", "--version"]

    /// Applies the words of `PICKER_DEFAULT_OPTS` in `environment`, split as a shell would, to
    /// `options`; returns the name of `--help` or `--version` when one of them is there (and
    /// stops at it), else nil. `noting` is told the name of each option before it applies.
    /// - Throws: ``UsageError`` saying that it came from `PICKER_DEFAULT_OPTS`.
    static func readDefaults(
        in environment: [String: String], into options: inout Options, noting: (String) -> Void = { _ in }
    ) throws(UsageError) -> String? {
        guard let text = environment["PICKER_DEFAULT_OPTS"] else { return nil }
        do throws(UsageError) {
            guard let words = shellWords(text) else { throw UsageError("a quote is not closed") }
            return try read(words, table: table, into: &options, stoppingAt: stops, noting: noting)
        } catch {
            throw UsageError("PICKER_DEFAULT_OPTS: \(error.description)")
        }
    }

    /// Applies the options in `words` to `target`, in order, as `table` says; stops at the
    /// first option named in `stops` (such as `--help`) and returns its name, or returns nil
    /// once every word is read. `noting` is told the name of each option before it applies.
    /// Messages point at `help` for the list of options; a word that is no option's value nor
    /// an option gets `unexpectedWord`'s message. A value is given as the next word,
    /// after `=` (`--query=ada`), or, for a short option, attached (`-qada`, `-m3`), as fzf
    /// takes them.
    /// - Throws: ``UsageError`` for an unknown option, a missing or unwanted value, or a value
    ///   the option refuses.
    static func read<Target>(
        _ words: [String], table: [OptionSpec<Target>], into target: inout Target, stoppingAt stops: Set<String>,
        help: String = "picker --help", unexpectedWord: ((String) -> String)? = nil, noting: (String) -> Void = { _ in }
    ) throws(UsageError) -> String? {
        var remaining = words[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.count > 2,
                table.contains(where: { $0.value != nil && $0.names.contains(String(argument.prefix(2))) })
            {
                name = String(argument.prefix(2))
                inlineValue = String(argument.dropFirst(2))
            }
            noting(name)
            if let unexpectedWord, !argument.hasPrefix("-") { throw UsageError(unexpectedWord(argument)) }
            guard let spec = table.first(where: { $0.names.contains(name) }) else {
                throw UsageError("unknown option '\(TerminalText.sanitized(argument))' (see \(help))")
            }
            if stops.contains(name) { return name }
            if spec.value == nil {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                try spec.apply(&target, "")
            } else {
                guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                try spec.apply(&target, value)
            }
        }
        return nil
    }
}
