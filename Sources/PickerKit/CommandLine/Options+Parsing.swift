extension Options {
    /// Parses `arguments` (without the program name), after the words of `PICKER_DEFAULT_OPTS`.
    /// `environment` also supplies `PICKER_SESSION`, `PICKER_SOURCE` and `NO_COLOR`;
    /// `defaultSource` is the file used when neither the command line nor the environment
    /// names one (nil when there is none: then a source must be named).
    public static func parse(
        _ arguments: [String], environment: [String: String], defaultSource: String?
    ) throws(UsageError) -> Command {
        let namedSource = environment["PICKER_SOURCE"] ?? defaultSource
        var options = Options(
            session: environment["PICKER_SESSION"].flatMap { $0.isEmpty ? nil : .token($0) },
            source: FriendSource(argument: namedSource ?? ""))
        var sourceNamed = namedSource != nil
        options.color = (environment["NO_COLOR"] ?? "").isEmpty
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
        return .run(options)
    }
}
