import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The man page and the completions are written from the option and key tables, like `--help`;
/// the committed files must be what `swift run generate-docs` writes today.
final class DocumentationTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func committed(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The committed man page with roff's escapes of a hyphen, a backslash, an apostrophe and a
    /// leading period taken out: the text as the page's sources give it.
    private func manPage() throws -> String {
        try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(of: "\\(aq", with: "'")
            .replacingOccurrences(of: "\\&", with: "")
    }

    /// The README is a tour, well under 400 lines, that keeps the two commands (CI runs the
    /// second), the list of what does not work yet, and names only sections the man page has.
    func testTheReadmeIsAShortTourThatPointsToTheManPageSections() throws {
        let readme = try committed("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThan(lines, 400, "README.md is \(lines) lines")
        XCTAssertTrue(readme.contains("\nswift run picker --session demo "), "README: the picker on the sample")
        XCTAssertTrue(readme.contains("\nswift test "), "README: the test command")
        let notYet = try XCTUnwrap(readme.range(of: "\n## Not there yet\n\n"), "README: Not there yet")
        XCTAssertTrue(readme[notYet.upperBound...].hasPrefix("- "), "README: what is not there yet, listed")
        let page = try manPage()
        let sections = readme.matches(of: /([A-Z][A-Z\s]*[A-Z])\s+in\s+`man picker`/).map {
            $0.output.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        XCTAssertGreaterThan(sections.count, 4, "README: the man page's sections it points to")
        for section in sections { XCTAssertTrue(page.contains("\n.SH \(section)\n"), "man page: .SH \(section)") }
    }

    /// What the README leaves to the man page is there: the prose of its sections, its
    /// examples, and the facts a reader looks up.
    func testTheManPageTellsWhatTheReadmeLeavesToIt() throws {
        let page = try manPage()
        for section in ["URL SOURCES", "CARDDAV", "SAFETY", "EXAMPLES"] {
            XCTAssertTrue(page.contains("\n.SH \(section)\n"), section)
        }
        let prose = [
            ManPage.introduction, ManPage.keys, ManPage.search, ManPage.reading, ManPage.urlSources,
            ManPage.cardDAV, ManPage.mail, ManPage.files, ManPage.safety,
            [ManPage.exitStatus, ManPage.loginScreen],
        ]
        for paragraph in prose.joined() { XCTAssertTrue(page.contains(".PP\n\(paragraph)\n"), paragraph) }
        for (meaning, lines) in ManPage.examples {
            XCTAssertTrue(
                page.contains("\(meaning)\n.RS 4\n.nf\n" + lines.joined(separator: "\n") + "\n.fi\n"), meaning)
        }
        for fact in [
            "Retry-After", "Graph codes 1, 2, 4, 17, 32 and 613", "code 190 or 102, HTTP 401", "128 MB together",
            "a URL 8 KB", "Authorization: Bearer", "cached 3 h ago", "RFC 6578", "a password in the URL is refused",
            "halves each 30 days", "RFC 4180", "Shift_JIS", "X-ADDRESSBOOKSERVER-KIND:group", "a screen reader",
            "picker ada", "reading standard input", "ss ß", "down to 1×1", "--print0 | xargs -0",
        ] {
            XCTAssertTrue(page.contains(fact), "man page: \(fact)")
        }
    }

    func testTheManPageSaysWhatHelpSays() throws {
        XCTAssertEqual(try committed("docs/picker.1"), ManPage.text, "run swift run generate-docs")
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
        for option in Options.table { for name in option.names { XCTAssertTrue(page.contains(name), name) } }
        for key in KeyMap.standard.help {
            XCTAssertTrue(page.contains(key.keys.replacingOccurrences(of: "\\", with: "\\e")), key.keys)
        }
        for status in ExitStatus.allCases { XCTAssertTrue(page.contains("\\fB\(status.rawValue)\\fR"), "\(status)") }
    }

    /// The README is a tour: for the reference it points to `picker --help` and the man page,
    /// which name every option and environment variable, the subcommands' too.
    func testTheReadmePointsToAHelpAndManPageThatNameEveryOption() throws {
        let readme = try committed("README.md")
        for pointer in [
            "picker --help", "man picker", "man ./docs/picker.1", "picker login --help", "(ARCHITECTURE.md)",
            "(BENCHMARKS.md)", "`scripts/docs`",
        ] {
            XCTAssertTrue(readme.contains(pointer), "README: \(pointer)")
        }
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
        let help = HelpPage.text
        for option in Options.table {
            for name in option.names {
                XCTAssertTrue(page.contains(name), "man page: \(name)")
                XCTAssertTrue(help.contains(name), "--help: \(name)")
            }
        }
        for (name, _) in Options.environment {
            XCTAssertTrue(page.contains(name), "man page: \(name)")
            XCTAssertTrue(help.contains(name), "--help: \(name)")
        }
        for subcommand in Subcommand.allCases {
            let subcommandHelp = HelpPage.text(for: subcommand)
            for option in subcommand.options {
                for name in option.names {
                    XCTAssertTrue(page.contains(name), "man page: \(subcommand) \(name)")
                    XCTAssertTrue(subcommandHelp.contains(name), "\(subcommand) --help: \(name)")
                }
            }
            for (name, _) in subcommand.environment {
                XCTAssertTrue(page.contains(name), "man page: \(subcommand) \(name)")
                XCTAssertTrue(subcommandHelp.contains(name), "\(subcommand) --help: \(name)")
            }
        }
    }

    func testTheManPageTellsTheCommands() throws {
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
        for subcommand in Subcommand.allCases {
            XCTAssertTrue(page.contains(".SS \(subcommand.synopsis)"), subcommand.synopsis)
            for option in subcommand.options { for name in option.names { XCTAssertTrue(page.contains(name), name) } }
        }
        for (name, _) in LoginOptions.environment { XCTAssertTrue(page.contains(name), name) }
    }

    func testTheFilesListNamesEveryFilePickerKeeps() throws {
        let names = Options.files.map(\.name)
        let cache = try FriendCache(
            directory: "$XDG_CACHE_HOME/picker", url: try XCTUnwrap(URL(string: "https://a.example")), token: "t")
        XCTAssertTrue(names.contains(cache.path.replacing(/friends-[0-9a-f]{64}/, with: "friends-HASH")), cache.path)
        let history = PickHistory(directory: "$XDG_STATE_HOME/picker")
        XCTAssertTrue(names.contains(history.path), history.path)
        XCTAssertTrue(names.contains(history.lockPath), history.lockPath)
        XCTAssertTrue(names.contains(history.secretPath), history.secretPath)
        let session = try XCTUnwrap(SessionStore(environment: ["XDG_CONFIG_HOME": "/config"]))
        XCTAssertTrue(names.contains(session.path.replacing("/config", with: "$XDG_CONFIG_HOME")), session.path)
        let address = try XCTUnwrap(CardDAVAddress(try XCTUnwrap(URL(string: "carddavs://a.example/"))))
        let cards = try CardDAVStore(directory: "$XDG_CACHE_HOME/picker", address: address, user: nil)
        XCTAssertTrue(names.contains(cards.path.replacing(/carddav-[0-9a-f]{64}/, with: "carddav-HASH")), cards.path)
        XCTAssertEqual(names.count, 6)
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
        for name in names { XCTAssertTrue(page.contains("\\fI\(name)\\fR"), name) }
        XCTAssertTrue(HelpPage.text.contains("$XDG_CONFIG_HOME/picker/session"))
    }

    /// The man page's tables of keys are the key table's help, each key under its context, so
    /// they cannot drift from what the keys do.
    func testTheManPageKeysAreWrittenFromTheKeyTable() throws {
        let page = try manPage()
        for context in KeyHelp.Context.allCases {
            let heading = ".SS " + context.rawValue.prefix(1).uppercased() + context.rawValue.dropFirst() + "\n"
            let start = try XCTUnwrap(page.range(of: heading), heading)
            let rest = page[start.upperBound...]
            let section = rest[..<(rest.range(of: "\n.S")?.lowerBound ?? rest.endIndex)] + "\n"
            for help in KeyMap.standard.help where help.context == context {
                XCTAssertTrue(
                    section.contains(".TP\n\\fB\(help.keys)\\fR\n\(help.action)\n"), "\(context): \(help.keys)")
            }
        }
    }

    /// The README tours the keys in prose: each key it names is one the key table has.
    func testTheReadmeNamesOnlyKeysTheKeyTableHas() throws {
        let readme = try committed("README.md")
        let start = try XCTUnwrap(readme.range(of: "\n## Keys\n"))
        let section = readme[start.upperBound...].prefix { $0 != "#" }
        let keys = KeyMap.standard.help.map(\.keys).joined(separator: ", ")
        let named = section.matches(of: /(?:Ctrl|Alt|Shift)-[A-Za-z0-9\/]|F[0-9]+/).map { String($0.output) }
        XCTAssertGreaterThan(named.count, 4, "the README's keys")
        for key in named { XCTAssertTrue(keys.contains(key), "README names \(key)") }
    }

    /// The man page tells inline mode's fallbacks to the full screen and the rewrap caveat,
    /// as the README and `--help` do.
    func testTheManPageAndTheHelpTellWhenInlineModeFallsBack() throws {
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
        XCTAssertTrue(page.contains(".SH INLINE"))
        for paragraph in ManPage.inline { XCTAssertTrue(page.contains(paragraph), paragraph) }
        let help = HelpPage.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for fact in ["4 rows or fewer", "within 2 s", "scrollback"] {
            XCTAssertTrue(ManPage.inline.joined().contains(fact), fact)
            XCTAssertTrue(help.contains(fact), "--help: \(fact)")
        }
    }

    func testTheReadmeAndTheManPageGiveTheMailClientSetUp() throws {
        let readme = try committed("README.md")
        let page = try manPage()
        for (client, lines) in Options.mailClientSetUp {
            for line in lines {
                XCTAssertTrue(readme.contains(line), "README: \(client): \(line)")
                XCTAssertTrue(page.contains(line), "man page: \(client): \(line)")
            }
        }
        XCTAssertTrue(page.contains(Options.mailClientNotes), "man page: how the clients run the lines")
    }

    func testTheManPageStatesTheLimitsOfWhatIsRead() throws {
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
        for limit in ["at most 1 GB of a source", "at most 64 MB", "no symbolic link is followed"] {
            XCTAssertTrue(page.contains(limit), "man page: \(limit)")
        }
    }

    func testTheCompletionsAreCurrentAndOfferEveryOption() throws {
        XCTAssertEqual(try committed("completions/picker.bash"), ShellCompletions.bash, "run swift run generate-docs")
        XCTAssertEqual(try committed("completions/_picker"), ShellCompletions.zsh, "run swift run generate-docs")
        XCTAssertEqual(try committed("completions/picker.fish"), ShellCompletions.fish, "run swift run generate-docs")
        for option in Options.table {
            for name in option.names {
                XCTAssertTrue(ShellCompletions.bash.contains(name), name)
                XCTAssertTrue(ShellCompletions.zsh.contains(name), name)
                let fishName = name.hasPrefix("--") ? " -l \(name.dropFirst(2)) " : " -s \(name.dropFirst()) "
                XCTAssertTrue(ShellCompletions.fish.contains(fishName), name)
            }
        }
    }
}
