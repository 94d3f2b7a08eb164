/// The shell completion scripts, written from the option table.
public enum ShellCompletions {
    /// The values an option's argument can take, for completion: words, or files.
    private static func completion(for option: OptionSpec) -> String? {
        switch option.names[0] {
        case "--format": return OutputFormat.allCases.map(\.rawValue).joined(separator: " ")
        case "--sort", "--display": return NameOrder.allCases.map(\.rawValue).joined(separator: " ")
        case "--source", "--session-file", "--cache-dir": return "FILE"
        default: return nil
        }
    }

    /// The bash completion script, `completions/picker.bash`.
    public static var bash: String {
        let options = Options.table.flatMap(\.names).joined(separator: " ")
        var cases: [String] = []
        for option in Options.table where option.value != nil {
            let names = option.names.joined(separator: "|")
            switch completion(for: option) {
            case "FILE"?: cases.append("        \(names)) COMPREPLY=($(compgen -f -- \"$current\")); return ;;")
            case let words?:
                cases.append("        \(names)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$current\")); return ;;")
            case nil: cases.append("        \(names)) return ;;")
            }
        }
        return """
            # bash completion for picker, written from its option table.
            _picker() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
                case $previous in
            \(cases.joined(separator: "\n"))
                esac
                COMPREPLY=($(compgen -W "\(options)" -- "$current"))
            }
            complete -F _picker picker

            """
    }

    /// The first part of an option's help: up to a `;` or a `(`.
    private static func summary(of option: OptionSpec) -> String {
        option.help.split(separator: ";")[0].split(separator: "(")[0].trimmingWhitespace
    }

    /// The fish completion script, `completions/picker.fish`.
    public static var fish: String {
        let lines = Options.table.map { option -> String in
            var line = "complete -c picker"
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
            let help = summary(of: option).replacing("\\", with: "\\\\").replacing("'", with: "\\'")
            return line + " -d '\(help)'"
        }
        return """
            # fish completion for picker, written from its option table.
            complete -c picker -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// The zsh completion script, `completions/_picker`.
    public static var zsh: String {
        let specs = Options.table.map { option -> String in
            let help = summary(of: option).replacing("'", with: "'\\''").replacing("[", with: "\\[")
                .replacing("]", with: "\\]").replacing(":", with: "\\:")
            let exclusions = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
            guard let value = option.value else {
                let names =
                    option.names.count > 1 ? "\(exclusions)'{\(option.names.joined(separator: ","))}'" : exclusions
                return "    '\(names)\(option.names.count > 1 ? "" : option.names[0])[\(help)]'"
            }
            let action: String
            switch completion(for: option) {
            case "FILE"?: action = "_files"
            case let words?: action = "(\(words))"
            case nil: action = " "
            }
            // A long option's value follows `=` or comes next; a short one's is attached or next.
            return option.names.map { name in
                "    '\(exclusions)\(name)\(name.hasPrefix("--") ? "=" : "+")[\(help)]:\(value.lowercased()):\(action)'"
            }.joined(separator: " \\\n")
        }
        return """
            #compdef picker
            # zsh completion for picker, written from its option table.
            _arguments -s \\
            \(specs.joined(separator: " \\\n"))

            """
    }
}
