extension Options {
    /// What `--help` prints: every option, key and exit status, from the tables that the parser
    /// and the key map follow.
    public static var helpText: String {
        var lines = [
            "picker \(version): pick friends in the terminal, with incremental search.",
            "",
            "Usage: picker [OPTION]...",
            "",
        ]
        lines += wrapped(
            "The list is drawn on the terminal (/dev/tty); the chosen friends are printed on standard output, so the result can be piped. Enter prints the selected friends in the order picked; with none selected, the friend under the cursor.",
            indent: 0)
        lines += ["", "Options:"]
        for option in table {
            let name = "  " + option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
            lines += columns(name, option.help)
        }
        lines += ["", "Search:"]
        lines += wrapped(
            "Every space-separated term must occur in the name, ignoring case; a term without accents ignores accents (jose finds José), a term with accents matches them. A term with @ may occur in an email address instead (ann@, @example.org).",
            indent: 2)
        for context in KeyHelp.Context.allCases {
            lines += ["", "Keys \(context.rawValue):"]
            for help in KeyHelp.all where help.context == context { lines += columns("  " + help.keys, help.action) }
        }
        lines += ["", "Environment:"]
        for (name, meaning) in environment { lines += columns("  " + name, meaning) }
        lines += ["", "Exit status:"]
        for status in ExitStatus.allCases { lines += columns("  \(status.rawValue)", status.meaning) }
        lines += columns("  128+n", signalStatus)
        return lines.joined(separator: "\n")
    }

    /// What exit status 128+n means, as `--help` and the man page say.
    public static let signalStatus = "ended by signal n (143 SIGTERM, 129 SIGHUP, 131 SIGQUIT), terminal restored"

    /// The environment variables the picker reads, and what for.
    public static let environment: [(name: String, meaning: String)] =
        [
            ("PICKER_SESSION", "the session token, when neither --session nor --session-file is given"),
            ("PICKER_SOURCE", "the source, when --source is not given"),
            ("PICKER_DEFAULT_OPTS", "options read before the command line's, split as a shell would"),
            ("NO_COLOR", "when set and not empty, no colours, as --no-color"),
            (
                "https_proxy, all_proxy, no_proxy",
                "the proxy of an https source, always through a CONNECT tunnel; a loopback source never uses one"
            ),
        ] + CertificateTrust.variables

    private static let width = 80
    private static let descriptionColumn = 30

    /// `term` with `text` beside it from the description column, or below it when too long.
    private static func columns(_ term: String, _ text: String) -> [String] {
        var description = wrapped(text, indent: descriptionColumn)
        if term.count < descriptionColumn - 1, let first = description.first {
            description[0] = term + String(first.dropFirst(term.count))
            return description
        }
        return [term] + description
    }

    /// `text` in lines of at most `width` columns, each indented by `indent`.
    private static func wrapped(_ text: String, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(String(repeating: " ", count: indent) + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(String(repeating: " ", count: indent) + line) }
        return lines
    }
}
