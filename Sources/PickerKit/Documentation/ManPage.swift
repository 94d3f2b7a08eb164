/// The man page, `docs/picker.1`, written from the same tables as `--help`.
public enum ManPage {
    /// The page, in roff.
    public static var text: String {
        var page = [
            #".TH PICKER 1 "" "picker \#(Options.version)" "User Commands""#,
            ".SH NAME",
            #"picker \- pick friends in the terminal, with incremental search"#,
            ".SH SYNOPSIS",
            #".B picker"#,
            #"[\fIOPTION\fR]..."#,
            ".br",
            #".B picker login"#,
            #"\fB\-\-device\-url\fR \fIURL\fR \fB\-\-client\-id\fR \fIID\fR [\fIOPTION\fR]..."#,
            ".br",
            #".B picker logout"#,
            #"[\fB\-\-cache\-dir\fR \fIDIR\fR]"#,
            ".SH DESCRIPTION",
            "picker shows the friends of a session in a full-screen list, sorted and sectioned.",
            "Typing a name narrows the list on every key, ignoring case and accents; Space ticks friends;",
            "Enter prints the selected friends on standard output, in the order picked, or the friend",
            "under the cursor when none is selected.",
            "The list is drawn on the terminal (/dev/tty), so the result can be piped.",
            ".SH OPTIONS",
        ]
        page += options(Options.table)
        page.append(".SH SEARCH")
        page.append(
            "Every space-separated term must occur in the name, ignoring case; a term without accents ignores accents (jose finds José), a term with accents matches them. A term with @ may occur in an email address instead (ann@, @example.org)."
        )
        page.append(".SH SOURCES")
        page.append(
            "A file named with \\fB\\-\\-source\\fR, or standard input, is read by its content, whatever it is called:"
        )
        for (kind, meaning) in Options.sourceFormats {
            page.append(".TP")
            page.append("\\fB\(roff(kind))\\fR")
            page.append(roff(meaning))
        }
        page.append(".SH MAIL CLIENTS")
        for (client, lines) in Options.mailClientSetUp {
            page.append(".TP")
            page.append("\\fB\(roff(client))\\fR")
            page.append(".nf")
            page += lines.map { roff($0) }
            page.append(".fi")
        }
        page.append(".SH KEYS")
        for context in KeyHelp.Context.allCases {
            page.append(".SS \(roff(context.rawValue.prefix(1).uppercased() + context.rawValue.dropFirst()))")
            for help in KeyMap.standard.help where help.context == context {
                page.append(".TP")
                page.append("\\fB\(roff(help.keys))\\fR")
                page.append(roff(help.action))
            }
        }
        page.append(".SH ENVIRONMENT")
        for variable in Options.environment {
            page.append(".TP")
            page.append("\\fB\(variable.name)\\fR")
            page.append(roff(variable.meaning))
        }
        page.append(".SH FILES")
        for file in Options.files {
            page.append(".TP")
            page.append("\\fI\(roff(file.name))\\fR")
            page.append(roff(file.meaning))
        }
        page.append(".SH EXIT STATUS")
        for status in ExitStatus.allCases {
            page.append(".TP")
            page.append("\\fB\(status.rawValue)\\fR")
            page.append(roff(status.meaning))
        }
        page.append(".TP")
        page.append("\\fB128+n\\fR")
        page.append(roff(ExitStatus.signalMeaning))
        page.append(".SH COMMANDS")
        for subcommand in Subcommand.allCases {
            page.append(".SS \(roff(subcommand.synopsis))")
            page.append(roff(subcommand.summary))
            page += options(subcommand.options)
            page += subcommand.environment.flatMap { [".TP", "\\fB\($0.name)\\fR", roff($0.meaning)] }
            page.append(".PP")
            page.append(
                "Exit status: "
                    + subcommand.exitStatuses.map { "\\fB\($0.status)\\fR \(roff($0.meaning))" }.joined(separator: "; ")
                    + ".")
        }
        page.append(".SH SEE ALSO")
        page.append("fzf(1), fzy(1)")
        return page.joined(separator: "\n") + "\n"
    }

    /// Each of `options` as a tagged paragraph: its names and value, then what it does.
    private static func options(_ options: [any OptionDescribing]) -> [String] {
        options.flatMap { option in
            let names = option.names.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
            return [".TP", names + (option.value.map { " \\fI\(roff($0))\\fR" } ?? ""), roff(option.help)]
        }
    }

    /// `text` safe in a roff line: backslashes and hyphens escaped, no line starting with a
    /// control character.
    private static func roff<Text: StringProtocol>(_ text: Text) -> String {
        var escaped = String(text).replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
