import PickerSources
import PickerStore

/// The shell completion scripts, written from the option tables: the picker's, and after
/// `login` or `logout`, that subcommand's.
package enum ShellCompletions {
    /// The values an option's argument can take, for completion: words, or files.
    private static func completion(for option: any OptionDescribing) -> String? {
        switch option.names[0] {
        case "--format": return OutputFormat.allCases.map(\.rawValue).joined(separator: " ")
        case "--input": return InputFormat.allCases.map(\.rawValue).joined(separator: " ")
        case "--sort", "--display": return NameOrder.allCases.map(\.rawValue).joined(separator: " ")
        case "--flow": return DeviceFlow.allCases.map(\.rawValue).joined(separator: " ")
        case "--source", "--session-file", "--cache-dir": return "FILE"
        default: return nil
        }
    }

    /// The bash completion script, `completions/picker.bash`.
    package static var bash: String {
        let commands = Subcommand.allCases.map(\.rawValue).joined(separator: " ")
        let subcommands = Subcommand.allCases.map { subcommand in
            let values = bashCases(subcommand.options, indent: 12)
            let previous = values.isEmpty ? "" : "            case $previous in\n\(values)\n            esac\n"
            let names = subcommand.options.flatMap(\.names).joined(separator: " ")
            return "        \(subcommand.rawValue))\n\(previous)"
                + "            COMPREPLY=($(compgen -W \"\(names)\" -- \"$current\")); return ;;"
        }
        return """
            # bash completion for picker, written from its option tables.
            _picker() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
                if [ "$COMP_CWORD" -gt 1 ]; then
                    case ${COMP_WORDS[1]} in
            \(subcommands.joined(separator: "\n"))
                    esac
                fi
                case $previous in
            \(bashCases(Options.table, indent: 4))
                esac
                local words="\(Options.table.flatMap(\.names).joined(separator: " "))"
                [ "$COMP_CWORD" = 1 ] && words="\(commands) $words"
                COMPREPLY=($(compgen -W "$words" -- "$current"))
            }
            complete -F _picker picker

            """
    }

    /// The `case $previous` arms that complete the values of `options`, indented by `indent`.
    private static func bashCases(_ options: [any OptionDescribing], indent: Int) -> String {
        let margin = String(repeating: " ", count: indent + 4)
        return options.filter { $0.value != nil }.map { option in
            let names = option.names.joined(separator: "|")
            switch completion(for: option) {
            case "FILE"?: return "\(margin)\(names)) COMPREPLY=($(compgen -f -- \"$current\")); return ;;"
            case let words?:
                return "\(margin)\(names)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$current\")); return ;;"
            case nil: return "\(margin)\(names)) return ;;"
            }
        }.joined(separator: "\n")
    }

    /// The first part of an option's help: up to a `;` or a `(`.
    private static func summary(of option: any OptionDescribing) -> String {
        option.help.split(separator: ";")[0].split(separator: "(")[0].trimmingWhitespace
    }

    /// The fish completion script, `completions/picker.fish`.
    package static var fish: String {
        let commands = Subcommand.allCases.map(\.rawValue).joined(separator: " ")
        var lines = Subcommand.allCases.map { subcommand in
            "complete -c picker -n __fish_use_subcommand -a \(subcommand.rawValue) -d '\(fishQuoted(subcommand.tagline))'"
        }
        lines += Options.table.map { fishLine($0, condition: "not __fish_seen_subcommand_from \(commands)") }
        for subcommand in Subcommand.allCases {
            lines += subcommand.options.map {
                fishLine($0, condition: "__fish_seen_subcommand_from \(subcommand.rawValue)")
            }
        }
        return """
            # fish completion for picker, written from its option tables.
            complete -c picker -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// The fish line that completes `option` when `condition` holds.
    private static func fishLine(_ option: any OptionDescribing, condition: String) -> String {
        var line = "complete -c picker -n '\(condition)'"
        for name in option.names {
            line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
        }
        if option.value != nil {
            switch completion(for: option) {
            case "FILE"?: line += " -r -F"
            case let words?: line += " -x -a '\(words)'"
            case nil: line += " -x"
            }
        }
        return line + " -d '\(fishQuoted(summary(of: option)))'"
    }

    private static func fishQuoted(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }

    /// The zsh completion script, `completions/_picker`.
    package static var zsh: String {
        let commands = Subcommand.allCases.map(\.rawValue).joined(separator: " ")
        let subcommands = Subcommand.allCases.map { subcommand in
            """
            \(subcommand.rawValue))
                shift words
                (( CURRENT-- ))
                _arguments -s \\
            \(zshSpecs(subcommand.options).joined(separator: " \\\n"))
                ;;
            """
        }
        return """
            #compdef picker
            # zsh completion for picker, written from its option tables.
            case $words[2] in
            \(subcommands.joined(separator: "\n"))
            *)
                local -a command
                (( CURRENT == 2 )) && command=('1:command:(\(commands))')
                _arguments -s $command \\
            \(zshSpecs(Options.table).joined(separator: " \\\n"))
                ;;
            esac

            """
    }

    /// The `_arguments` specs of `options`.
    private static func zshSpecs(_ options: [any OptionDescribing]) -> [String] {
        options.map { option -> String in
            let help = summary(of: option).replacing("'", with: "'\\''").replacing("[", with: "\\[")
                .replacing("]", with: "\\]").replacing(":", with: "\\:")
            let exclusions = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
            guard let value = option.value else {
                let names =
                    option.names.count > 1 ? "\(exclusions)'{\(option.names.joined(separator: ","))}'" : exclusions
                return "        '\(names)\(option.names.count > 1 ? "" : option.names[0])[\(help)]'"
            }
            let action: String
            switch completion(for: option) {
            case "FILE"?: action = "_files"
            case let words?: action = "(\(words))"
            case nil: action = " "
            }
            // A long option's value follows `=` or comes next; a short one's is attached or next.
            return option.names.map { name in
                "        '\(exclusions)\(name)\(name.hasPrefix("--") ? "=" : "+")[\(help)]:\(value.lowercased()):\(action)'"
            }.joined(separator: " \\\n")
        }
    }
}
