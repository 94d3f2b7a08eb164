extension Options {
    /// Parses `arguments` (without the program name), after the words of `PICKER_DEFAULT_OPTS`.
    /// `environment` also supplies `PICKER_SESSION`, `PICKER_SOURCE` and `NO_COLOR`. When
    /// neither the command line nor the environment names a source, standard input is the
    /// source when it is not a terminal (as fzf, fzy and gum read it), else `defaultSource`
    /// (nil when there is none: then a source must be named). A first argument naming a
    /// ``Subcommand`` (`login`, `logout`) parses the rest as that subcommand's options, without
    /// `PICKER_DEFAULT_OPTS`.
    public static func parse(
        _ arguments: [String], environment: [String: String], defaultSource: String?,
        standardInputIsTerminal: Bool = true
    ) throws(UsageError) -> Command {
        if let first = arguments.first, let subcommand = Subcommand(rawValue: first) {
            return try subcommand.parse(Array(arguments.dropFirst()), environment: environment)
        }
        let unnamedSource = standardInputIsTerminal ? defaultSource.map(FriendSource.init(argument:)) : .standardInput
        let source = environment["PICKER_SOURCE"].map(FriendSource.init(argument:)) ?? unnamedSource
        var options = Options(
            session: environment["PICKER_SESSION"].flatMap { $0.isEmpty ? nil : .token($0) },
            source: source ?? FriendSource(argument: ""))
        var sourceNamed = source != nil
        options.color = (environment["NO_COLOR"] ?? "").isEmpty
        var defaults: [String] = []
        if let text = environment["PICKER_DEFAULT_OPTS"] {
            guard let words = shellWords(text) else { throw UsageError("PICKER_DEFAULT_OPTS: a quote is not closed") }
            defaults = words
        }
        let stop = try read(
            defaults + arguments, table: table, into: &options, stoppingAt: ["-h", "--help", "--version"]
        ) {
            if $0 == "--source" { sourceNamed = true }
        }
        switch stop {
        case "--version": return .version
        case .some: return .help
        case nil: break
        }
        guard sourceNamed else { throw UsageError(BundledSample.missing) }
        if options.session == nil, case .url = options.source, let store = SessionStore(environment: environment) {
            options.session = .stored(store.path)
        }
        try options.checkSource()
        return .run(options)
    }

    /// Applies the options in `words` to `target`, in order, as `table` says; stops at the
    /// first option named in `stops` (such as `--help`) and returns its name, or returns nil
    /// once every word is read. `noting` is told the name of each option before it applies.
    /// Messages point at `help` for the list of options.
    /// - Throws: ``UsageError`` for an unknown option, a missing or unwanted value, or a value
    ///   the option refuses.
    static func read<Target>(
        _ words: [String], table: [OptionSpec<Target>], into target: inout Target, stoppingAt stops: Set<String>,
        help: String = "picker --help", noting: (String) -> Void = { _ in }
    ) throws(UsageError) -> String? {
        var remaining = words[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            noting(name)
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
