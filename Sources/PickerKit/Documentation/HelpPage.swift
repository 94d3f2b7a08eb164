import PickerSources
import PickerStore

/// What `--help` prints: every option, key, environment variable and exit status, written from
/// the tables that the parser and the key map follow.
package enum HelpPage {
    /// The help, lines of at most 80 columns.
    package static var text: String {
        var lines = [
            "picker \(PickerVersion.current): pick friends in the terminal, with incremental search.",
            "",
            "Usage: picker [OPTION]...",
        ]
        lines += Subcommand.allCases.map { "       \($0.synopsis)" }
        lines.append("")
        lines += wrapped(
            "The list is drawn on the terminal (/dev/tty); the chosen friends are printed on standard output, so the result can be piped. Enter prints the selected friends in the order picked; with none selected, the friend under the cursor.",
            indent: 0)
        lines += ["", "Options:"]
        lines += optionLines(Options.table)
        lines += ["", "Search:"]
        lines += wrapped(SearchHelp.matching, indent: 2)
        for (example, meaning) in SearchHelp.marks { lines += columns("    " + example, meaning) }
        lines += wrapped(SearchHelp.loneMarks, indent: 2)
        lines += wrapped(SearchHelp.order, indent: 2)
        lines += wrapped(SearchHelp.typos, indent: 2)
        for context in KeyHelp.Context.allCases {
            lines += ["", "Keys \(context.rawValue):"]
            for help in KeyMap.standard.help where help.context == context {
                lines += columns("  " + help.keys, help.action)
            }
        }
        lines += ["", "Environment:"]
        for (name, meaning) in Options.environment { lines += columns("  " + name, meaning) }
        lines += ["", "Files:"]
        for (name, meaning) in Options.files { lines += columns("  " + name, meaning) }
        lines += ["", "Exit status:"]
        for status in ExitStatus.allCases { lines += columns("  \(status.rawValue)", status.meaning) }
        lines += columns("  128+n", ExitStatus.signalMeaning)
        lines += ["", "Commands (picker COMMAND --help tells more):"]
        for subcommand in Subcommand.allCases {
            lines += columns("  \(subcommand.rawValue)", subcommand.tagline)
        }
        return lines.joined(separator: "\n")
    }

    /// What `picker login --help` or `picker logout --help` prints.
    package static func text(for subcommand: Subcommand) -> String {
        var lines = ["Usage: \(subcommand.synopsis)", ""]
        lines += wrapped(subcommand.summary, indent: 0)
        lines += ["", "Options:"]
        lines += optionLines(subcommand.options)
        lines += ["", "Environment:"]
        for (name, meaning) in subcommand.environment { lines += columns("  " + name, meaning) }
        lines += ["", "Exit status:"]
        for (status, meaning) in subcommand.exitStatuses { lines += columns("  \(status)", meaning) }
        return lines.joined(separator: "\n")
    }

    /// Each of `options`, its names and value beside what it does.
    private static func optionLines(_ options: [any OptionDescribing]) -> [String] {
        options.flatMap { option in
            columns("  " + option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? ""), option.help)
        }
    }

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
