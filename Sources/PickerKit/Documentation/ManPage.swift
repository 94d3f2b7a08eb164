import PickerSources
import PickerStore

/// The man page, `docs/picker.1`, written from the same tables as `--help`.
package enum ManPage {
    /// The page, in roff.
    package static var text: String {
        var page = [
            #".TH PICKER 1 "" "picker \#(PickerVersion.current)" "User Commands""#,
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
            "picker shows the friends of a session in a full-screen list, sorted and sectioned:",
            "A to Z, then the index letters of other scripts as a phone's contacts list has them",
            "(Greek Α–Ω, Cyrillic А–Я, Hebrew, Arabic, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya,",
            "Tamil, Telugu, Kannada, Malayalam, Thai ก–ฮ, the kana rows あかさたなはまやらわ, the Hangul",
            "initials ㄱㄴㄷ…), then # for any other name (digits, symbols,",
            "CJK ideographs, but for a name whose address book gives its reading, vCard X-PHONETIC-* or a",
            "CSV's phonetic columns: 山田太郎 read やまだ たろう is under や, and found by typing the reading).",
            "Typing a name narrows the list on every key, best match first; Space ticks friends;",
            "Enter prints the selected friends on standard output, in the order picked, or the friend",
            "under the cursor when none is selected.",
            "The list is drawn on the terminal (/dev/tty), so the result can be piped.",
        ]
        page += paragraphs(introduction)
        page.append(".SH OPTIONS")
        page += options(Options.table)
        page.append(".SH INLINE")
        for paragraph in inline {
            page.append(".PP")
            page.append(roff(paragraph))
        }
        page.append(".SH SEARCH")
        page.append(roff(SearchHelp.matching))
        for (example, meaning) in SearchHelp.marks {
            page.append(".TP")
            page.append("\\fB\(roff(example))\\fR")
            page.append(roff(meaning))
        }
        page.append(".PP")
        page.append(roff(SearchHelp.loneMarks))
        page.append(".PP")
        page.append(roff(SearchHelp.order))
        page.append(".PP")
        page.append(roff(SearchHelp.typos))
        page += paragraphs(search)
        page.append(".SH OUTPUT")
        page.append(roff(OutputFormat.escapingHelp))
        page.append(".SH SOURCES")
        page.append(
            "A file named with \\fB\\-\\-source\\fR, or standard input, is read by its content, whatever it is called:"
        )
        for (kind, meaning) in Options.sourceFormats {
            page.append(".TP")
            page.append("\\fB\(roff(kind))\\fR")
            page.append(roff(meaning))
        }
        page.append(".PP")
        page.append(roff(Options.sourceLimits))
        page += paragraphs(reading)
        page.append(".SH URL SOURCES")
        page += paragraphs(urlSources)
        page.append(".SH CARDDAV")
        page += paragraphs(cardDAV)
        page.append(".SH MAIL CLIENTS")
        page += paragraphs(mail)
        for (client, lines) in Options.mailClientSetUp {
            page.append(".TP")
            page.append("\\fB\(roff(client))\\fR")
            page += verbatim(lines)
        }
        page.append(".PP")
        page.append(roff(Options.mailClientNotes))
        page.append(".SH KEYS")
        page += paragraphs(keys)
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
        page += paragraphs(files)
        page.append(".SH EXIT STATUS")
        page += paragraphs([exitStatus])
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
            if subcommand == .login { page += paragraphs([loginScreen]) }
            page += options(subcommand.options)
            page += subcommand.environment.flatMap { [".TP", "\\fB\($0.name)\\fR", roff($0.meaning)] }
            page.append(".PP")
            page.append(
                "Exit status: "
                    + subcommand.exitStatuses.map { "\\fB\($0.status)\\fR \(roff($0.meaning))" }.joined(separator: "; ")
                    + ".")
        }
        page.append(".SH SAFETY")
        page.append("Names, and every message from a file or a server, are untrusted.")
        page += paragraphs(safety)
        page.append(".SH EXAMPLES")
        for (meaning, lines) in examples {
            page.append(".PP")
            page.append(roff(meaning))
            page.append(".RS 4")
            page += verbatim(lines)
            page.append(".RE")
        }
        page.append(".SH SEE ALSO")
        page.append("fzf(1), fzy(1)")
        return page.joined(separator: "\n") + "\n"
    }

    /// What the page says of `--height`: where the area goes, when the full screen is used
    /// instead, and what a terminal that rewraps its lines does to it.
    static let inline = [
        "With --height N or N%, picker draws in that many lines below the cursor, without the alternate screen, and leaves the lines above, scrollback included, as they were. The area starts on the cursor's line (the next one when the cursor is inside a line); near the bottom the terminal scrolls up first. On every way out (Enter, Esc, Ctrl-C, a signal) the area is erased and the cursor is back where picker started, so the output or the next prompt follows the lines above.",
        "The full screen is used instead when the area would take the whole terminal: a number of lines at least the terminal's rows, or a terminal of \(InlineHeight.minimumRows) rows or fewer (a percentage gives at least \(InlineHeight.minimumRows) lines: the title, the search, a friend and the bottom line, which names Enter and Esc and asks before Esc discards a selection). It is used too when the terminal does not answer where its cursor is (CSI 6n, terminfo u7) within 2 s. Once open, the area follows resizes, filling a terminal that became shorter than it; after a resize or fg, a terminal that stops answering gets the area on its bottom rows.",
        "Terminals that rewrap lines when they get narrower (tmux, VTE, kitty) move the area with its lines, and picker redraws it where it went. Made so much narrower that the rewrapped area is taller than what is above it, such a terminal pushes the area's first lines into its scrollback, where no program can erase them; the screen stays clean.",
    ]

    /// Each of `texts` as a paragraph of its own.
    private static func paragraphs(_ texts: [String]) -> [String] {
        texts.flatMap { [".PP", roff($0)] }
    }

    /// `lines` as they are to be typed, unfilled: an apostrophe as \(aq, so that a line is
    /// copied as it is typed, not with a typographic quote.
    private static func verbatim(_ lines: [String]) -> [String] {
        [".nf"] + lines.map { roff($0).replacing("'", with: "\\(aq") } + [".fi"]
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
