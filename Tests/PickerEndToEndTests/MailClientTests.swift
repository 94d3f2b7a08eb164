import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--format mutt|aerc|address` through the real binary, byte for byte, with their exit
/// statuses; and the set-up lines the README gives for mutt and aerc, run as the clients run
/// them: mutt puts the query, quoted, in place of `%s` and runs the line with `sh -c`; aerc
/// puts it there as it is, then splits the line into words itself (0.21 and before) or runs it
/// with `sh -c` (later).
final class MailClientTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        home = TemporaryFolder.root.appendingPathComponent("picker-e2e-mail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: PickerPaths.fixture("google.vcf"), toPath: home.appendingPathComponent("contacts.vcf").path)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: home)
    }

    private func pick(_ arguments: [String]) throws -> CommandResult {
        try runPicker(["--source", home.appendingPathComponent("contacts.vcf").path] + arguments)
    }

    func testMuttShape() throws {
        let found = try pick(["--filter", "ann", "--format", "mutt"])
        XCTAssertEqual(found.status, 0)
        XCTAssertEqual(
            found.output,
            "picker: 3 addresses\nann@home.example\tAnn Lee\nann.lee@work.example\tAnn Lee\nann.lee@club.example\tAnn Lee\n"
        )
        let none = try pick(["--filter", "zzz", "--format", "mutt"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.output, "picker: no friend with an email address matches\n")
    }

    /// mutt shows the first line of standard output as its message and paints standard error
    /// over its screen: a failure is that line, and standard error stays empty.
    func testMuttIsToldOfAFailureOnItsMessageLine() throws {
        let missing = home.appendingPathComponent("missing.vcf").path
        let failed = try runPicker(["--source", missing, "--filter", "ann", "--format", "mutt"])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.output.hasPrefix("picker: \(missing): "), failed.output)
        XCTAssertEqual(failed.output.filter { $0 == "\n" }.count, 1)
        XCTAssertEqual(failed.standardError, "")
        let unreadable = try runPicker(["--bogus", "--format", "mutt"])
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertTrue(unreadable.output.hasPrefix("picker: "), unreadable.output)
        XCTAssertEqual(unreadable.standardError, "")
        let aerc = try runPicker(["--source", missing, "--filter", "ann", "--format", "aerc"])
        XCTAssertEqual(aerc.output, "", "aerc shows standard error")
        XCTAssertTrue(aerc.standardError.hasPrefix("picker: \(missing): "))
    }

    /// `--format mutt-to` prints one `push` line for mutt to source, and a failure as an `echo`
    /// line, with nothing on standard error, which mutt would leave on its screen.
    func testMuttToShape() throws {
        let found = try pick(["--filter", "bob", "--format", "mutt-to"])
        XCTAssertEqual(found.status, 0)
        let typed = #", "Smith, Jr., Bob" <bob@example.org>"#.map { "<quote-char>\($0)" }.joined()
        XCTAssertEqual(found.output, "push '<edit-to><eol>" + typed + "<enter>'\n")
        XCTAssertEqual(found.standardError, "")
        let none = try pick(["--filter", "zzz", "--format", "mutt-to"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.output, "")
        let missing = home.appendingPathComponent("missing.vcf").path
        let failed = try runPicker(["--source", missing, "--filter", "bob", "--format", "mutt-to"])
        XCTAssertEqual(failed.status, 2)
        XCTAssertEqual(failed.output, "echo 'picker: \(missing): no such file'\n")
        XCTAssertEqual(failed.standardError, "")
        let unreadable = try runPicker(["--format=mutt-to", "--bogus"])
        XCTAssertEqual(unreadable.status, 2)
        XCTAssertTrue(unreadable.output.hasPrefix("echo 'picker: "), unreadable.output)
        XCTAssertEqual(unreadable.standardError, "")
    }

    func testAercShape() throws {
        let found = try pick(["--filter", "bob", "--format", "aerc"])
        XCTAssertEqual(found.status, 0)
        XCTAssertEqual(found.output, "bob@example.org\tSmith, Jr., Bob\n")
        let byAddress = try pick(["--filter", "@club", "--format", "aerc"])
        XCTAssertEqual(
            byAddress.output,
            "ann@home.example\tAnn Lee\nann.lee@work.example\tAnn Lee\nann.lee@club.example\tAnn Lee\n")
        let none = try pick(["--filter", "zzz", "--format", "aerc"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.output, "")
    }

    func testAddressShapeAndFriendsWithoutAnAddress() throws {
        let mailboxes = try pick(["--filter", "", "--format", "address"])
        XCTAssertEqual(mailboxes.status, 0)
        XCTAssertEqual(
            mailboxes.output,
            "Ann Lee <ann@home.example>\n\"Smith, Jr., Bob\" <bob@example.org>\nnameless@example.org\n")
        XCTAssertEqual(
            mailboxes.standardError,
            "picker: \(home.appendingPathComponent("contacts.vcf").path): 1 contact skipped at line 25: the card has no name and no address\n"
        )
        let plain = try runPicker(["--source", PickerPaths.fixture("plain.csv"), "--filter", "", "--format", "address"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.output, "Ada Lovelace <ada@example.org>\n")
        XCTAssertEqual(plain.standardError, "picker: 1 friend without an email address left out\n")
        let nobody = try runPicker(["--filter", "jose", "--format", "address"])
        XCTAssertEqual(nobody.status, 1, "the sample's friends have no addresses")
        XCTAssertEqual(nobody.output, "")
        XCTAssertEqual(nobody.standardError, "picker: 2 friends without an email address left out\n")
    }

    /// mutt does not capture standard error, which would land on its screen at every query:
    /// the formats of mail clients write no notes there; aerc's gets errors, mutt's none.
    func testTheClientsFormatsKeepStandardErrorForErrors() throws {
        for format in ["mutt", "aerc"] {
            let skipping = try pick(["--filter", "", "--format", format])
            XCTAssertEqual(skipping.status, 0)
            XCTAssertEqual(skipping.standardError, "", "\(format): the contact without a name is not told")
            let plain = try runPicker([
                "--source", PickerPaths.fixture("plain.csv"), "--filter", "", "--format", format,
            ])
            XCTAssertTrue(plain.output.contains("ada@example.org\tAda Lovelace\n"))
            XCTAssertEqual(plain.standardError, "", "\(format): the friend without an address is not told")
            let missing = try runPicker(["--source", "/nonexistent/contacts.vcf", "--filter", "a", "--format", format])
            XCTAssertEqual(missing.status, 2)
            // mutt shows the first line of standard output; aerc, standard error.
            let error = "picker: /nonexistent/contacts.vcf: no such file\n"
            XCTAssertEqual(format == "mutt" ? missing.output : missing.standardError, error, format)
        }
    }

    /// Addresses read from a CSV cell or a vCard's EMAIL as the file holds them, which would add
    /// recipients when pasted into a header, are left out, and standard error says how many.
    func testAddressesThatAreNotOnePlainAddressAreLeftOut() throws {
        let csv = home.appendingPathComponent("hostile.csv")
        try Data(
            "name,email\nEve,\"eve@x.org, boss@y.org\"\nMal,\"mal@x.org>\tfoo\"\nAda,ada@example.org\n".utf8
        ).write(to: csv)
        let fromCSV = try runPicker(["--source", csv.path, "--filter", "", "--format", "address"])
        XCTAssertEqual(fromCSV.status, 0)
        XCTAssertEqual(fromCSV.output, "Ada <ada@example.org>\n")
        XCTAssertEqual(
            fromCSV.standardError,
            "picker: \(csv.path): 2 email addresses left out, not one plain address each (name@domain, without spaces, commas, <, >, quotes or ;)\n"
                + "picker: 2 friends without an email address left out\n")
        let vCard = home.appendingPathComponent("hostile.vcf")
        try Data(
            """
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Eve\r
            EMAIL;PREF=1:eve@x.org\\, boss@y.org\r
            EMAIL:eve@home.example\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Mal\r
            EMAIL:Mal <mal@x.org>, Eve <eve@x.org>\r
            END:VCARD\r

            """.utf8
        ).write(to: vCard)
        let fromVCard = try runPicker(["--source", vCard.path, "--filter", "", "--format", "aerc"])
        XCTAssertEqual(fromVCard.status, 0)
        XCTAssertEqual(fromVCard.output, "eve@home.example\tEve\n")
        XCTAssertEqual(fromVCard.standardError, "")
        let mailboxes = try runPicker(["--source", vCard.path, "--filter", "", "--format", "address"])
        XCTAssertEqual(mailboxes.output, "Eve <eve@home.example>\n")
        XCTAssertEqual(
            mailboxes.standardError,
            "picker: \(vCard.path): 2 email addresses left out, not one plain address each (name@domain, without spaces, commas, <, >, quotes or ;)\n"
                + "picker: 1 friend without an email address left out\n")
    }

    /// How a client runs a set-up line: mutt quotes the query; aerc puts it as it is, then
    /// runs the line with `sh -c` or splits it into words as google/shlex does and runs them
    /// without a shell (0.14 to 0.16).
    private enum Client {
        case mutt, aercWithShell, aercWithoutShell
    }

    /// The command of a client's set-up `lines` as the client reads its configuration: the
    /// text after the first `=`, without the double quotes mutt reads around it; a value in
    /// `"""` (as aerc's go-ini reads it) is the lines between them, joined by newlines.
    private func command(of lines: [String]) throws -> String {
        let text = lines.joined(separator: "\n")
        guard let equals = text.firstIndex(of: "=") else { throw HarnessError("no = in \(text)") }
        let value = text[text.index(after: equals)...].drop { $0 == " " }
        if value.hasPrefix("\"\"\""), value.hasSuffix("\"\"\"") { return String(value.dropFirst(3).dropLast(3)) }
        if value.hasPrefix("\""), value.hasSuffix("\"") { return String(value.dropFirst().dropLast()) }
        return String(value)
    }

    /// Runs a client's set-up `lines` from the README as `client` runs them, with `%s` replaced
    /// by `query` (quoted by mutt), with `HOME` at the folder that holds `contacts.vcf`, and
    /// `picker` found first in `bin` (by default, the folder of the binary under test).
    /// Nil when aerc's splitter fails, and aerc runs nothing.
    private func runSetUpLines(
        _ lines: [String], query: String, as client: Client, bin: String? = nil
    ) throws -> CommandResult? {
        let commandLine = try command(of: lines).replacingOccurrences(
            of: "%s", with: client == .mutt ? shellQuoted(query) : query)
        let path = try bin ?? URL(fileURLWithPath: PickerPaths.picker().path).deletingLastPathComponent().path
        let environment: [String: String?] = [
            "HOME": home.path, "PATH": path + ":/usr/bin:/bin", "LANG": "C.UTF-8", "PICKER_SOURCE": nil,
            "PICKER_DEFAULT_OPTS": nil,
        ]
        guard client == .aercWithoutShell else {
            return try runCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", commandLine], environment: environment)
        }
        guard let words = googleShlexWords(commandLine) else { return nil }
        return try runCommand(URL(fileURLWithPath: "/usr/bin/env"), words, environment: environment)
    }

    private func setUpLines(_ client: String) throws -> [String] {
        try XCTUnwrap(Options.mailClientSetUp.first { $0.client.hasPrefix(client) }?.lines, client)
    }

    func testTheReadmeSetUpLinesGiveTheClientsTheirShapes() throws {
        let mutt = try setUpLines("mutt, neomutt")
        let aerc = try setUpLines("aerc")
        let everyone =
            "ann@home.example\tAnn Lee\nann.lee@work.example\tAnn Lee\nann.lee@club.example\tAnn Lee\nbob@example.org\tSmith, Jr., Bob\n"
        let muttResult = try XCTUnwrap(runSetUpLines(mutt, query: "smith", as: .mutt))
        XCTAssertEqual(muttResult.status, 0, muttResult.standardError)
        XCTAssertEqual(muttResult.output, "picker: 1 address\nbob@example.org\tSmith, Jr., Bob\n")
        XCTAssertEqual(muttResult.standardError, "", "nothing on mutt's screen of the contact without a name")
        let muttTwoWords = try XCTUnwrap(runSetUpLines(mutt, query: "bob smith", as: .mutt))
        XCTAssertEqual(muttTwoWords.output, "picker: 1 address\nbob@example.org\tSmith, Jr., Bob\n")
        let muttEmpty = try XCTUnwrap(runSetUpLines(mutt, query: "", as: .mutt))
        XCTAssertEqual(muttEmpty.status, 0, muttEmpty.standardError)
        XCTAssertEqual(
            muttEmpty.output, "picker: 5 addresses\n" + everyone + "nameless@example.org\t\n",
            "a contact known only by its address, with an empty name")
        let muttNobody = try XCTUnwrap(runSetUpLines(mutt, query: "nobody", as: .mutt))
        XCTAssertEqual(muttNobody.status, 1)
        XCTAssertEqual(muttNobody.output, "picker: no friend with an email address matches\n")
        for client in [Client.aercWithShell, .aercWithoutShell] {
            let twoWords = try XCTUnwrap(runSetUpLines(aerc, query: "ann lee", as: client))
            XCTAssertEqual(twoWords.status, 0, "\(client): \(twoWords.standardError)")
            XCTAssertEqual(
                twoWords.output,
                "ann@home.example\tAnn Lee\nann.lee@work.example\tAnn Lee\nann.lee@club.example\tAnn Lee\n",
                "\(client)")
            XCTAssertEqual(twoWords.standardError, "", "\(client)")
            let empty = try XCTUnwrap(runSetUpLines(aerc, query: "", as: client))
            XCTAssertEqual(empty.status, 0, "\(client): \(empty.standardError)")
            XCTAssertEqual(empty.output, everyone + "nameless@example.org\n", "\(client)")
            let nobody = try XCTUnwrap(runSetUpLines(aerc, query: "nobody", as: client))
            XCTAssertEqual(nobody.status, 1, "\(client)")
            XCTAssertEqual(nobody.output, "", "\(client)")
        }
    }

    /// Whatever is typed in aerc's `To:` reaches picker as the one argument of `--filter` and
    /// runs nothing else: with `sh -c`, exactly as typed (a line `#` ends the here-document
    /// and is a comment: an empty query); split without a shell, as the words google/shlex
    /// makes of it, joined by spaces, or nothing at all where shlex fails (a quote left open). A stand-in `picker` records the arguments it is given.
    func testTheAercLineGivesPickerTheQueryAsOneArgumentAndRunsNothingElse() throws {
        let aerc = try setUpLines("aerc")
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let arguments = home.appendingPathComponent("arguments")
        let stand = bin.appendingPathComponent("picker")
        try Data("#!/bin/sh\nprintf '%s\\0' \"$@\" > \(shellQuoted(arguments.path))\n".utf8).write(to: stand)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stand.path)
        let marker = home.appendingPathComponent("ran").path
        let queries = [
            "ann lee", "O'Brien", "'; touch \(marker); '", "a; touch \(marker)", "$(touch \(marker))",
            "`touch \(marker)`", "x | touch \(marker)", "x && touch \(marker) #", "#", "# x", "x # y", "\"a b\"",
            "back\\", "\\n\\t", "  spaced  ", "$HOME ${HOME} $1 $*", "<<#", "x\" ; touch \(marker); \"", "Ærø %s",
        ]
        for query in queries {
            for client in [Client.aercWithShell, .aercWithoutShell] {
                try? FileManager.default.removeItem(at: arguments)
                let result = try runSetUpLines(aerc, query: query, as: client, bin: bin.path)
                let expected: String?
                switch client {
                case .aercWithShell: expected = query == "#" ? "" : query
                // The query is split with the line after it, `#`: a comment, unless a
                // backslash at the end of the query keeps its newline.
                default: expected = googleShlexWords(query + "\n#").map { $0.joined(separator: " ") }
                }
                guard let expected else {
                    XCTAssertNil(result, "\(client): \(query): aerc's splitter fails, and nothing runs")
                    continue
                }
                XCTAssertEqual(result?.standardError, "", "\(client): \(query)")
                let given = (try? Data(contentsOf: arguments)).map {
                    String(decoding: $0, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false)
                        .dropLast().map(String.init)
                }
                XCTAssertEqual(
                    given,
                    [
                        "--source", home.appendingPathComponent("contacts.vcf").path, "--filter", expected, "--format",
                        "aerc",
                    ],
                    "\(client): \(query)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "\(client): \(query) ran a command")
            }
        }
    }
}
