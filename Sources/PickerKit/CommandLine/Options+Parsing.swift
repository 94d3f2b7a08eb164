extension Options {
    /// Parses `arguments` (without the program name), after the words of `PICKER_DEFAULT_OPTS`
    /// (on their own: a value missing at their end is not taken from the command line, and
    /// their errors say they came from there).
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
        if let text = environment["PICKER_DEFAULT_OPTS"] {
            do throws(UsageError) {
                guard let words = shellWords(text) else { throw UsageError("a quote is not closed") }
                if let command = try options.apply(words, sourceNamed: &sourceNamed) { return command }
            } catch {
                throw UsageError("PICKER_DEFAULT_OPTS: \(error.description)")
            }
        }
        if let command = try options.apply(arguments, sourceNamed: &sourceNamed) { return command }
        guard sourceNamed else { throw UsageError(BundledSample.missing) }
        try options.checkSource()
        try options.checkCacheOptions()
        return .run(options)
    }

    /// Applies the options of `arguments`, each taking its value from the same list; sets
    /// `sourceNamed` when one is `--source`. Returns the command when one is `--help` or
    /// `--version`, which end the parsing. A value is given as the next argument, after `=`
    /// (`--query=ada`), or, for a short option, attached (`-qada`, `-m3`), as fzf takes them.
    private mutating func apply(_ arguments: [String], sourceNamed: inout Bool) throws(UsageError) -> Command? {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.count > 2,
                Self.table.contains(where: { $0.value != nil && $0.names.contains(String(argument.prefix(2))) })
            {
                name = String(argument.prefix(2))
                inlineValue = String(argument.dropFirst(2))
            }
            if name == "--source" { sourceNamed = true }
            guard let spec = Self.table.first(where: { $0.names.contains(name) }) else {
                throw UsageError("unknown option '\(TerminalText.sanitized(argument))' (see picker --help)")
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            default: break
            }
            if spec.value == nil {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                try spec.apply(&self, "")
            } else {
                guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                try spec.apply(&self, value)
            }
        }
        return nil
    }
}
