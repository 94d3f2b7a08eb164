import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit

/// The README's `address-book-cmd` in the real aerc (0.14 in Debian, which reads the value in
/// `"""` over its three lines and splits it without a shell): what is typed in `To:` reaches
/// picker as the one argument of `--filter`, its completions are shown, and a query holding
/// shell syntax runs nothing.
final class AercComposeTests: TmuxTestCase {
    private static let aerc = "/usr/bin/aerc"

    func testTheAddressBookLineCompletesAndRunsNothingTyped() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.aerc) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw HarnessError("aerc is not installed") }
            throw XCTSkip("aerc is not installed (.ci/run installs it)")
        }
        let home = TemporaryFolder.root.appendingPathComponent("picker-e2e-aerc-\(UUID().uuidString)")
        let config = home.appendingPathComponent(".config/aerc")
        for folder in ["mail/INBOX/cur", "mail/INBOX/new", "mail/INBOX/tmp", ".config/aerc", "bin"] {
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.copyItem(
            atPath: PickerPaths.fixture("google.vcf"), toPath: home.appendingPathComponent("contacts.vcf").path)
        let accounts = config.appendingPathComponent("accounts.conf")
        try Data(
            """
            [test]
            source = maildir://\(home.appendingPathComponent("mail").path)
            outgoing = /bin/true
            default = INBOX
            from = Me <me@example.org>

            """.utf8
        ).write(to: accounts)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: accounts.path)
        let lines = try XCTUnwrap(Options.mailClientSetUp.first { $0.client.hasPrefix("aerc") }?.lines)
        try Data(("[compose]\n" + lines.joined(separator: "\n") + "\n").utf8)
            .write(to: config.appendingPathComponent("aerc.conf"))
        // A picker first on PATH that records its arguments, then runs the one under test.
        let arguments = home.appendingPathComponent("arguments")
        let stand = home.appendingPathComponent("bin/picker")
        try Data(
            """
            #!/bin/sh
            printf '%s\\0' "$@" > \(shellQuoted(arguments.path)).tmp
            mv \(shellQuoted(arguments.path)).tmp \(shellQuoted(arguments.path))
            exec \(shellQuoted(try PickerPaths.picker().path)) "$@"

            """.utf8
        ).write(to: stand)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stand.path)
        let aerc = killedAtTheEnd(
            try TmuxSession(
                arguments: [], columns: 160, rows: 30,
                shellLine:
                    "HOME=\(shellQuoted(home.path)) XDG_CONFIG_HOME=\(shellQuoted(home.path))/.config PATH=\(shellQuoted(home.path))/bin:/usr/bin:/bin \(Self.aerc)"
            ))
        try aerc.waitForScreen("aerc's inbox") { $0.lines.contains { $0.hasPrefix("INBOX") } }
        try aerc.type(":compose")
        try aerc.press("Enter")
        try aerc.waitForScreen("the composer") { $0.lines.contains { $0.hasPrefix("To:") } }

        /// Types `query` into the empty `To:` and waits for picker to be run with it.
        func complete(_ query: String) throws -> [String] {
            try? FileManager.default.removeItem(at: arguments)
            try aerc.type(query)
            let deadline = Date().addingTimeInterval(TmuxSession.defaultTimeout)
            while !FileManager.default.fileExists(atPath: arguments.path), Date() < deadline { usleep(50_000) }
            let given = try String(contentsOf: arguments, encoding: .utf8)
            return given.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        func expected(_ filter: String) -> [String] {
            ["--source", home.appendingPathComponent("contacts.vcf").path, "--filter", filter, "--format", "aerc"]
        }

        XCTAssertEqual(try complete("ann lee"), expected("ann lee"))
        try aerc.waitForScreen("the completions") {
            $0.lines.contains { $0.contains("\"Ann Lee\" <ann@home.example>") }
        }
        try aerc.press("C-u")
        let hostile = "x'; touch ran; '"
        XCTAssertEqual(try complete(hostile), expected("x; touch ran; "), "shlex's one word")
        try aerc.press("C-u")
        XCTAssertEqual(try complete("$(touch ran) `touch ran`"), expected("$(touch ran) `touch ran`"))
        for folder in [home, aerc.directory] {
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path),
                "a query ran a command")
        }
    }
}
