import Foundation
import PickerKit
import XCTest

/// `--format mutt|aerc|address` through the real binary, byte for byte, with their exit
/// statuses; and the set-up lines the README gives for mutt and aerc, run as the clients run
/// them (`%s` replaced by the query, quoted for the shell).
final class MailClientTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("picker-e2e-mail-\(UUID().uuidString)")
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
        XCTAssertEqual(mailboxes.output, "Ann Lee <ann@home.example>\n\"Smith, Jr., Bob\" <bob@example.org>\n")
        let plain = try runPicker(["--source", PickerPaths.fixture("plain.csv"), "--filter", "", "--format", "aerc"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.output, "ada@example.org\tAda Lovelace\n")
        XCTAssertEqual(plain.standardError, "picker: 1 friend without an email address left out\n")
        let nobody = try runPicker(["--filter", "jose", "--format", "address"])
        XCTAssertEqual(nobody.status, 1, "the sample's friends have no addresses")
        XCTAssertEqual(nobody.output, "")
        XCTAssertEqual(nobody.standardError, "picker: 2 friends without an email address left out\n")
    }

    /// Runs a client's `line` from the README: the command after `=` (without the quotes mutt
    /// puts around it), with `%s` replaced by `query` quoted for the shell, in `sh`, with
    /// `HOME` at the folder that holds `contacts.vcf`.
    private func runSetUpLine(_ line: String, query: String) throws -> CommandResult {
        guard let equals = line.firstIndex(of: "=") else { throw HarnessError("no = in \(line)") }
        var command = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if command.hasPrefix("\""), command.hasSuffix("\"") { command = String(command.dropFirst().dropLast()) }
        command = command.replacingOccurrences(of: "%s", with: shellQuoted(query))
        let path = URL(fileURLWithPath: try PickerPaths.picker().path).deletingLastPathComponent().path
        return try runCommand(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command],
            environment: [
                "HOME": home.path, "PATH": path + ":/usr/bin:/bin", "LANG": "C.UTF-8", "PICKER_SOURCE": nil,
                "PICKER_DEFAULT_OPTS": nil,
            ])
    }

    func testTheReadmeSetUpLinesGiveTheClientsTheirShapes() throws {
        let lines = Dictionary(uniqueKeysWithValues: Options.mailClientSetUp.map { ($0.client, $0.lines) })
        let mutt = try XCTUnwrap(lines.first { $0.key.hasPrefix("mutt") }?.value.first)
        let aerc = try XCTUnwrap(lines.first { $0.key.hasPrefix("aerc") }?.value.first)
        let muttResult = try runSetUpLine(mutt, query: "smith")
        XCTAssertEqual(muttResult.status, 0, muttResult.standardError)
        XCTAssertEqual(muttResult.output, "picker: 1 address\nbob@example.org\tSmith, Jr., Bob\n")
        let aercResult = try runSetUpLine(aerc, query: "ann lee")
        XCTAssertEqual(aercResult.status, 0, aercResult.standardError)
        XCTAssertEqual(
            aercResult.output,
            "ann@home.example\tAnn Lee\nann.lee@work.example\tAnn Lee\nann.lee@club.example\tAnn Lee\n")
        XCTAssertEqual(try runSetUpLine(mutt, query: "nobody").status, 1)
    }
}
