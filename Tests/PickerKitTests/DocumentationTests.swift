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
        for pointer in ["picker --help", "man picker", "picker login --help"] {
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

    /// The README's tables of keys are the key table's help, as `swift run generate-docs` writes
    /// them, so they cannot drift from what the keys do.
    func testTheReadmeKeysAreWrittenFromTheKeyTable() throws {
        let readme = try committed("README.md")
        XCTAssertEqual(ReadmeKeys.updating(readme), readme, "run swift run generate-docs")
        XCTAssertTrue(readme.contains(ReadmeKeys.markdown))
        for help in KeyMap.standard.help { XCTAssertTrue(ReadmeKeys.markdown.contains(help.action), help.action) }
        XCTAssertNil(ReadmeKeys.updating("# no markers"))
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
        let page = try committed("docs/picker.1").replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: "\\(aq", with: "'")
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
