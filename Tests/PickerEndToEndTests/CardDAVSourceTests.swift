import Foundation
import PickerTestSupport
import XCTest

/// CardDAV sources against real servers on loopback, Radicale and Xandikos, through the real
/// binary: discovery, the first sync, a delta, a forgotten sync token, a wrong password, a
/// server gone, a book named by its path, a book merged with a vdir, the books found kept for
/// the next run, and an OAuth bearer (Radicale behind a proxy that takes one).
final class CardDAVSourceTests: TmuxTestCase {
    /// Where each test's runs keep their cache and picks, and find their `~/.netrc`.
    private var keeping: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        keeping = try TemporaryFolder.make("picker-e2e-carddav")
    }

    private var environment: [String: String?] {
        cleanEnvironment(keepingIn: keeping).merging(["HOME": keeping.path]) { $1 }
    }

    private let password = ["--password-command", "echo \(CardDAVServer.password)"]

    /// `--filter ''` over `source` (with `extra`), the names printed.
    private func names(_ source: String, _ extra: [String] = []) throws -> CommandResult {
        try runPicker(["--source", source, "--filter", ""] + extra, environment: environment, keepingIn: keeping)
    }

    func testRadicaleIsFoundSyncedAndThenAskedOnlyWhatChanged() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace"), ("bob", "Bob Stone")])
        assertExit(try names(server.source(), password), 0, output: "Ada Lovelace\nBob Stone\n", standardError: "")
        try server.put(uid: "cy", name: "Cy Twombly")
        try server.delete(uid: "bob")
        assertExit(
            try names(server.source(), password), 0, output: "Ada Lovelace\nCy Twombly\n", standardError: "",
            "one PUT and one DELETE")
        assertExit(
            try names(server.source(), ["--offline"]), 0, output: "Ada Lovelace\nCy Twombly\n", standardError: "",
            "--offline shows the cards kept, asking no one, needing no password")
    }

    func testAForgottenSyncTokenFallsBackToTheEtags() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace"), ("bob", "Bob Stone")])
        assertExit(try names(server.source(), password), 0, output: "Ada Lovelace\nBob Stone\n")
        try server.forgetSyncTokens()
        try server.put(uid: "bob", name: "Bob Stone-Again")
        assertExit(
            try names(server.source(), password), 0, output: "Ada Lovelace\nBob Stone-Again\n", standardError: "")
    }

    func testAWrongOrMissingPasswordExitsThreeNamingTheServer() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace")])
        let source = server.source()
        assertExit(
            try names(source, ["--password-command", "echo wrong"]), 3, output: "",
            standardError:
                "picker: \(source): asks who you are (HTTP 401): the password was refused; see --user and --password-command\n"
        )
        assertExit(
            try names(source), 3, output: "",
            standardError:
                "picker: \(source): asks who you are (HTTP 401): no password was given (nor found in ~/.netrc); see --user and --password-command\n"
        )
        assertExit(
            try names(source, ["--password-command", "exit 4"]), 2, output: "",
            standardError: "picker: --password-command: exited with status 4\n")
    }

    func testThePasswordComesFromNetrcOrTheEnvironment() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace")])
        let netrc = keeping.appendingPathComponent(".netrc")
        try Data("machine 127.0.0.1 login alice password \(CardDAVServer.password)\n".utf8).write(to: netrc)
        chmod(netrc.path, 0o600)
        assertExit(try names(server.source(withUser: false)), 0, output: "Ada Lovelace\n", standardError: "")
        try FileManager.default.removeItem(at: netrc)
        let viaEnvironment = try runPicker(
            ["--source", server.source(withUser: false), "--user", "alice", "--filter", "", "--no-cache"],
            environment: environment.merging(["PICKER_PASSWORD_COMMAND": "echo secret"]) { $1 }, keepingIn: keeping)
        assertExit(viaEnvironment, 0, output: "Ada Lovelace\n", standardError: "")
    }

    /// The requests of `proxy` from the `from`th on, as `METHOD PATH`.
    private func asked(_ proxy: DAVProxy, from: Int) throws -> [String] {
        try proxy.requests().dropFirst(from).map { "\($0.method) \($0.path)" }
    }

    func testTheNextRunGoesStraightToTheBooksFoundAndFindsThemAgainWhenOneIsGone() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace")])
        try server.seed([("bob", "Bob Stone")], book: "work")
        let proxy = try DAVProxy(to: server)
        let source = proxy.source(user: CardDAVServer.user)
        assertExit(try names(source, password), 0, output: "Ada Lovelace\nBob Stone\n", standardError: "")
        XCTAssertEqual(try proxy.requests().first.map { "\($0.method) \($0.path)" }, "PROPFIND /.well-known/carddav")
        var seen = try proxy.requests().count
        assertExit(try names(source, password), 0, output: "Ada Lovelace\nBob Stone\n", standardError: "")
        XCTAssertEqual(
            try asked(proxy, from: seen).sorted(), ["REPORT /alice/contacts/", "REPORT /alice/work/"],
            "one sync-collection per book kept, nothing found again")
        seen = try proxy.requests().count
        assertExit(try names(source, password + ["--rediscover"]), 0, output: "Ada Lovelace\nBob Stone\n")
        XCTAssertEqual(try asked(proxy, from: seen).first, "PROPFIND /.well-known/carddav", "a fresh look asked for")
        try server.deleteCollection("/alice/work/")
        seen = try proxy.requests().count
        assertExit(try names(source, password), 0, output: "Ada Lovelace\n", standardError: "")
        XCTAssertTrue(
            try asked(proxy, from: seen).contains("PROPFIND /.well-known/carddav"), "a book gone: the books found again"
        )
        seen = try proxy.requests().count
        assertExit(try names(source, password), 0, output: "Ada Lovelace\n", standardError: "")
        XCTAssertEqual(try asked(proxy, from: seen), ["REPORT /alice/contacts/"])
    }

    func testABearerTokenIsSentToTheSourcesOriginAlone() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace")])
        let token = "ya29.a0AfB_byC-token-of-alice"
        let proxy = try DAVProxy(to: server, bearer: token, wellKnown: "redirect")
        assertExit(
            try names(proxy.source(), ["--bearer-command", "echo \(token)"]), 0, output: "Ada Lovelace\n",
            standardError: "")
        let requests = try proxy.requests()
        XCTAssertEqual(requests.first?.path, "/.well-known/carddav", "answered by a redirect to another origin")
        XCTAssertEqual(requests.filter { $0.port != proxy.port }, [], "the redirect to another origin is not followed")
        XCTAssertEqual(Set(requests.map(\.authorization)), ["Bearer \(token)"])
        assertExit(
            try names(proxy.source(), ["--offline"]), 0, output: "Ada Lovelace\n", standardError: "",
            "the cards kept, without the token")
        let kept = try FileManager.default.subpathsOfDirectory(atPath: keeping.path).filter { $0.hasSuffix(".cache") }
        XCTAssertFalse(kept.isEmpty)
        for file in kept {
            let bytes = try Data(contentsOf: keeping.appendingPathComponent(file))
            XCTAssertNil(bytes.range(of: Data(token.utf8)), "\(file) holds no token")
        }
    }

    func testAWrongBearerTokenExitsThreeNamingTheServer() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace")])
        let proxy = try DAVProxy(to: server, bearer: "ya29.the-right-token")
        let source = proxy.source()
        assertExit(
            try names(source, ["--bearer-command", "echo ya29.a-wrong-token"]), 3, output: "",
            standardError:
                "picker: \(source): asks who you are (HTTP 401): the bearer token was refused; see --bearer-command\n")
        assertExit(
            try names(source, ["--bearer-command", "printf 'ya29.a\\tb\\n'"]), 2, output: "",
            standardError:
                "picker: --bearer-command: the token it printed holds a control character (CR, LF, tab or another), so it cannot be sent; nothing was sent\n"
        )
        XCTAssertEqual(try proxy.requests().count, 1, "the token that cannot be sent is not")
    }

    func testTheBearerTokenIsCutOutOfMessages() throws {
        let server = try CardDAVServer(.radicale)
        let token = "ya29.a0AfB_byC-token-of-alice"
        let proxy = try DAVProxy(to: server, bearer: token, wellKnown: "echo")
        let result = try names(proxy.source(), ["--bearer-command", "echo \(token)"])
        assertExit(
            result, 2, output: "",
            standardError:
                "picker: \(proxy.source()): sent picker to another origin (http://127.0.0.1:\(proxy.otherPort)/p/REDACTED/), where the password or token is never sent\n"
        )
        XCTAssertEqual(try proxy.requests().filter { $0.port != proxy.port }, [])
    }

    func testABookNamedByItsPathIsReadAlone() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace")])
        assertExit(try names(server.source(path: server.bookPath), password), 0, output: "Ada Lovelace\n")
    }

    func testXandikosIsFoundSyncedAndThenAskedOnlyWhatChanged() throws {
        let server = try CardDAVServer(.xandikos)
        try server.seed([("ada", "Ada Lovelace"), ("bob", "Bob Stone")])
        assertExit(try names(server.source()), 0, output: "Ada Lovelace\nBob Stone\n", standardError: "")
        try server.put(uid: "cy", name: "Cy Twombly")
        try server.delete(uid: "bob")
        assertExit(try names(server.source()), 0, output: "Ada Lovelace\nCy Twombly\n", standardError: "")
        assertExit(try names(server.source(path: server.bookPath)), 0, output: "Ada Lovelace\nCy Twombly\n")
    }

    func testWhenTheServerIsGoneTheKeptCardsShowWithTheOfflineNotice() throws {
        let server = try CardDAVServer(.radicale)
        try server.seed([("ada", "Ada Lovelace"), ("bob", "Bob Stone")])
        let source = server.source()
        assertExit(try names(source, password), 0)
        server.stop()
        let picker = try startPicker(["--source", source] + password, environment: environment) {
            $0.helpLine.hasPrefix("⚠ offline: ")
        }
        let screen = try picker.screen()
        XCTAssertEqual(screen.counts, "2/2 · 0 selected")
        XCTAssertTrue(screen.title.contains("cached a moment ago"), screen.title)
        XCTAssertTrue(screen.helpLine.contains("connection refused"), screen.helpLine)
        try picker.press("Down")
        try picker.waitForScreen("the cursor moved") { $0.cursorName == "Bob Stone" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Bob Stone\n")
    }

    func testABookMergedWithAVdir() throws {
        let server = try CardDAVServer(.xandikos)
        try server.seed([("ada", "Ada Lovelace")])
        let folder = keeping.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(CardDAVServer.card(uid: "ada", name: "Ada Lovelace").utf8).write(
            to: folder.appendingPathComponent("ada.vcf"))
        let result = try runPicker(
            ["--source", server.source(), "--source", folder.path, "--filter", "", "--format", "ids"],
            environment: environment, keepingIn: keeping)
        assertExit(result, 0, output: "1:ada\n", standardError: "", "the same card (its UID) in two books is one")
        let json = try runPicker(
            ["--source", server.source(), "--source", folder.path, "--filter", "", "--format", "json"],
            environment: environment, keepingIn: keeping)
        assertExit(
            json, 0,
            output: #"[{"id":"1:ada","name":"Ada Lovelace","sources":["\#(server.source())","\#(folder.path)"]}]"#
                + "\n")
    }
}
