extension Options {
    /// Parses `arguments` (without the program name), after the words of `PICKER_DEFAULT_OPTS`.
    /// `environment` also supplies `PICKER_SESSION`, `PICKER_SOURCE` and `NO_COLOR`. When
    /// neither the command line nor the environment names a source, standard input is the
    /// source when it is not a terminal (as fzf, fzy and gum read it), else `defaultSource`
    /// (nil when there is none: then a source must be named).
    public static func parse(
        _ arguments: [String], environment: [String: String], defaultSource: String?,
        standardInputIsTerminal: Bool = true
    ) throws(UsageError) -> Command {
        let unnamedSource = standardInputIsTerminal ? defaultSource.map(FriendSource.init(argument:)) : .standardInput
        let source = environment["PICKER_SOURCE"].map(FriendSource.init(argument:)) ?? unnamedSource
        var options = Options(
            session: environment["PICKER_SESSION"].flatMap { $0.isEmpty ? nil : .token($0) },
            source: source ?? FriendSource(argument: ""))
        var sourceNamed = source != nil
        options.color = (environment["NO_COLOR"] ?? "").isEmpty
        options.findDirectories(in: environment)
        var defaults: [String] = []
        if let text = environment["PICKER_DEFAULT_OPTS"] {
            guard let words = shellWords(text) else { throw UsageError("PICKER_DEFAULT_OPTS: a quote is not closed") }
            defaults = words
        }
        var remaining = (defaults + arguments)[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "--source" { sourceNamed = true }
            guard let spec = table.first(where: { $0.names.contains(name) }) else {
                throw UsageError("unknown option '\(TerminalText.sanitized(argument))' (see picker --help)")
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            default: break
            }
            if spec.value == nil {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                try spec.apply(&options, "")
            } else {
                guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                try spec.apply(&options, value)
            }
        }
        guard sourceNamed else { throw UsageError(BundledSample.missing) }
        try options.checkSource()
        try options.checkCacheOptions()
        return .run(options)
    }
}
