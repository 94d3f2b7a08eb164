import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit

/// The README's compose macro in the real mutt (and NeoMutt): in the compose menu, Ctrl-P runs the picker in
/// mutt's terminal, and the friends picked, one with a hostile name among them, are added to
/// `To:` as exactly their mailboxes; the message sent has exactly those recipients, and no
/// name ran a command or typed a key.
final class MuttComposeTests: TmuxTestCase {
    /// A name that would be a second command, a variable, a command run (creating `ran-1` or
    /// `ran-2` where mutt runs), a key or a function in mutt, were it typed or sourced as it is.
    private static let hostileName =
        #"Eve O'Hare "$(touch ran-1)" `touch ran-2`; echo x; push <enter>y ^G ${HOME} \ end"#

    /// `text` as a vCard text value: backslash, comma and semicolon escaped.
    private func vCardText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ",", with: "\\,")
            .replacingOccurrences(of: ";", with: "\\;")
    }

    func testTheComposeMacroAddsThePickedMailboxesToTo() throws {
        try addThePickedInTo(with: "/usr/bin/mutt")
    }

    func testTheComposeMacroWorksInNeoMuttToo() throws {
        try addThePickedInTo(with: "/usr/bin/neomutt")
    }

    /// Composes a message in `client` (mutt 2.2 or NeoMutt 2022, with the README's macro),
    /// adds three friends to `To:` with the picker, sends it, and checks what was sent.
    private func addThePickedInTo(with client: String) throws {
        guard FileManager.default.isExecutableFile(atPath: client) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw HarnessError("\(client) is not installed") }
            throw XCTSkip("\(client) is not installed (.ci/run installs it)")
        }
        let home = TemporaryFolder.root.appendingPathComponent("picker-e2e-mutt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("mail"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let hostile = Self.hostileName
        try Data(
            """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ann Lee\r
            EMAIL:ann@home.example\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:\(vCardText(hostile))\r
            EMAIL:eve@example.org\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Kari Løye\r
            EMAIL:kari@home.example\r
            END:VCARD\r

            """.utf8
        ).write(to: home.appendingPathComponent("contacts.vcf"))
        try Data().write(to: home.appendingPathComponent("mail/inbox"))
        // What mutt hands its sendmail: the arguments, then the message.
        let sendmail = home.appendingPathComponent("sendmail")
        let sent = home.appendingPathComponent("sent")
        try Data(
            """
            #!/bin/sh
            printf '%s\\n' "$@" > \(shellQuoted(sent.path)).args
            cat > \(shellQuoted(sent.path)).tmp && mv \(shellQuoted(sent.path)).tmp \(shellQuoted(sent.path))

            """.utf8
        ).write(to: sendmail)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
        let setUp = Options.mailClientSetUp.first { $0.client.hasPrefix("To: from the picker") }
        let macro = try XCTUnwrap(setUp?.lines.first, "the README's macro")
        let muttrc = home.appendingPathComponent("muttrc")
        try Data(
            """
            set folder=\(home.appendingPathComponent("mail").path)
            set spoolfile=\(home.appendingPathComponent("mail/inbox").path)
            set mbox=\(home.appendingPathComponent("mail/mbox").path)
            set postponed=\(home.appendingPathComponent("mail/postponed").path)
            set sendmail=\(sendmail.path)
            set editor=true abort_unmodified=no copy=no move=no wait_key=no sleep_time=0
            set from=me@example.org hostname=example.org charset=utf-8 send_charset=utf-8
            \(macro)

            """.utf8
        ).write(to: muttrc)
        let pickerFolder = try PickerPaths.picker().deletingLastPathComponent().path
        let mutt = killedAtTheEnd(
            try TmuxSession(
                arguments: [], columns: 250, rows: 30,
                shellLine:
                    "HOME=\(shellQuoted(home.path)) PATH=\(shellQuoted(pickerFolder)):/usr/bin:/bin \(client) -n -F \(shellQuoted(muttrc.path))"
            ))
        try mutt.waitForScreen("mutt's index") {
            $0.helpLine.contains("m:Mail") || $0.lines.contains { $0.contains("m:Mail") }
        }
        try mutt.press("m")
        try mutt.waitForScreen("the To: prompt") { $0.helpLine.hasPrefix("To:") }
        try mutt.type("first@example.org")
        try mutt.press("Enter")
        try mutt.waitForScreen("the Subject: prompt") { $0.helpLine.hasPrefix("Subject:") }
        try mutt.type("hello")
        try mutt.press("Enter")
        try mutt.waitForScreen("the compose menu") { $0.lines.contains { $0.contains("y:Send") } }
        try mutt.press("C-p")
        try mutt.waitForScreen("the picker in mutt's terminal") { $0.counts == "3/3 · 0 selected" }
        try mutt.press("Tab", "Tab", "Tab")
        try mutt.waitForScreen("all three picked") { $0.counts == "3/3 · 3 selected" }
        try mutt.press("Enter")
        let compose = try mutt.waitForScreen("the picked in To:") { screen in
            screen.lines.contains { $0.contains("y:Send") }
                && screen.lines.contains { $0.contains("kari@home.example") }
        }
        let to = try XCTUnwrap(compose.lines.first { $0.contains("To: ") }, compose.description)
        let mailboxes = try runPicker([
            "--source", home.appendingPathComponent("contacts.vcf").path, "--filter", "", "--format", "address",
        ]).output.split(separator: "\n").map(String.init)
        XCTAssertEqual(mailboxes.count, 3)
        XCTAssertEqual(
            to.drop { $0 != ":" }.dropFirst(2).trimmingCharacters(in: .whitespaces),
            (["first@example.org"] + mailboxes).joined(separator: ", "), compose.description)
        try mutt.press("y")
        let deadline = Date().addingTimeInterval(TmuxSession.defaultTimeout)
        while !FileManager.default.fileExists(atPath: sent.path), Date() < deadline { usleep(50_000) }
        let arguments = try String(contentsOfFile: sent.path + ".args", encoding: .utf8).split(separator: "\n")
        let addresses = mailboxes.map { $0.split(separator: "<").last.map { String($0.dropLast()) } ?? $0 }
        XCTAssertEqual(
            arguments.drop { $0 != "--" }.dropFirst().map(String.init), ["first@example.org"] + addresses,
            "exactly the recipients picked")
        let message = try String(contentsOfFile: sent.path, encoding: .utf8)
        let header = message.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n ", with: " ")
            .replacingOccurrences(of: "\n\t", with: " ")
        let toHeader = try XCTUnwrap(header.split(separator: "\n").first { $0.hasPrefix("To: ") }, header)
        for mailbox in mailboxes where mailbox.allSatisfy(\.isASCII) {
            XCTAssertTrue(toHeader.contains(mailbox), "\(mailbox) in \(toHeader)")
        }
        for folder in [home, mutt.directory] {
            for ran in ["ran-1", "ran-2"] {
                XCTAssertFalse(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(ran).path),
                    "a name ran a command")
            }
        }
    }
}
