import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `picker login` and `picker logout` on the command line.
final class LoginOptionsTests: XCTestCase {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(Options.UsageError)
        -> Options.Command
    {
        try Options.parse(arguments, environment: environment, defaultSource: "sample.json")
    }

    private func login(_ arguments: [String], _ environment: [String: String] = [:]) throws -> LoginOptions {
        guard case .login(let options) = try parse(["login"] + arguments, environment) else {
            throw XCTSkip("not a login")
        }
        return options
    }

    func testRFC8628FromTheCommandLine() throws {
        let options = try login([
            "--device-url", "https://auth.example/device", "--token-url=https://auth.example/token", "--client-id",
            "cli", "--scope", "friends read", "--no-qr", "--timeout", "4",
        ])
        XCTAssertEqual(options.deviceURL.absoluteString, "https://auth.example/device")
        XCTAssertEqual(options.tokenURL.absoluteString, "https://auth.example/token")
        XCTAssertEqual(options.clientID, "cli")
        XCTAssertEqual(options.scope, "friends read")
        XCTAssertEqual(options.flow, .rfc8628)
        XCTAssertFalse(options.showsQRCode)
        XCTAssertEqual(options.timeout, 4)
        XCTAssertEqual(options.service, "auth.example")
    }

    func testTheEnvironmentGivesWhatTheCommandLineDoesNot() throws {
        let environment = [
            "PICKER_LOGIN_DEVICE_URL": "http://127.0.0.1:8080/device",
            "PICKER_LOGIN_TOKEN_URL": "http://127.0.0.1:8080/token",
            "PICKER_CLIENT_ID": "env-client", "PICKER_LOGIN_SCOPE": "s", "PICKER_DEFAULT_OPTS": "--height 10",
        ]
        let options = try login([], environment)
        XCTAssertEqual(options.clientID, "env-client")
        XCTAssertEqual(options.scope, "s")
        XCTAssertEqual(options.service, "127.0.0.1:8080")
        XCTAssertEqual(try login(["--client-id", "cli"], environment).clientID, "cli", "the command line wins")
    }

    func testFacebookIsToldByItsEndpointAndFindsItsTokenEndpointBeside() throws {
        let options = try login([
            "--device-url", "https://graph.facebook.com/v19.0/device/login", "--client-id", "1|ct",
        ])
        XCTAssertEqual(options.flow, .facebook)
        XCTAssertEqual(options.tokenURL.absoluteString, "https://graph.facebook.com/v19.0/device/login_status")
        XCTAssertEqual(options.scope, "public_profile,user_friends")
        let named = try login([
            "--device-url", "http://127.0.0.1:9/fb/dev", "--client-id", "1|ct", "--flow", "facebook",
        ])
        XCTAssertEqual(named.flow, .facebook)
        XCTAssertEqual(named.tokenURL.absoluteString, "http://127.0.0.1:9/fb/login_status")
    }

    func testWhatIsMissingOrUnusableIsNamed() {
        let cases: [([String], String)] = [
            (
                ["--client-id", "c"],
                "picker login needs --device-url URL (or PICKER_LOGIN_DEVICE_URL): the service's device authorization endpoint"
            ),
            (
                ["--device-url", "https://a.example/d", "--client-id", "c"],
                "picker login needs --token-url URL (or PICKER_LOGIN_TOKEN_URL): the service's token endpoint"
            ),
            (
                ["--device-url", "https://a.example/d", "--token-url", "https://a.example/t"],
                "picker login needs --client-id ID (or PICKER_CLIENT_ID): the client's id"
            ),
            (
                ["--device-url", "http://a.example/d", "--token-url", "https://a.example/t", "--client-id", "c"],
                "--device-url http://a.example/d plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https"
            ),
            (
                ["--device-url", "https://graph.facebook.com/v19.0/device/login", "--client-id", "1234"],
                "--client-id for Facebook is APP_ID|CLIENT_TOKEN: the app's id and its client token (Settings > Advanced in the app's dashboard), joined by |"
            ),
            (["--flow", "oauth1"], "--flow must be rfc8628 or facebook, not 'oauth1'"),
            (["--timeout", "-1"], "--timeout needs a number of seconds from 0.001 to 86400, not '-1'"),
            (["--timeout", "1e17"], "--timeout needs a number of seconds from 0.001 to 86400, not '1e17'"),
            (["--height", "5"], "unknown option '--height' (see picker login --help)"),
            (
                [
                    "--device-url", "https://a.example/d", "--token-url", "https://a.example/t", "--client-id",
                    "c\r\nX: y",
                ],
                "--client-id holds a control character (CR, LF, tab or another)"
            ),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(["login"] + arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? Options.UsageError)?.description, message)
            }
        }
    }

    func testHelpAndLogout() throws {
        XCTAssertEqual(try parse(["login", "--help"]), .subcommandHelp(.login))
        XCTAssertEqual(try parse(["login", "--client-id", "c", "-h"]), .subcommandHelp(.login))
        XCTAssertEqual(
            try parse(["logout"], ["HOME": "/home/ann"]), .logout(Logout(environment: ["HOME": "/home/ann"])))
        XCTAssertEqual(try parse(["logout", "-h"]), .subcommandHelp(.logout))
        XCTAssertThrowsError(try parse(["logout", "--all"]))
        let help = HelpPage.text(for: .login)
        for option in LoginOptions.table { for name in option.names { XCTAssertTrue(help.contains(name), name) } }
        for (name, _) in LoginOptions.environment { XCTAssertTrue(help.contains(name), name) }
        XCTAssertTrue(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "lines fit 80 columns")
        XCTAssertTrue(HelpPage.text.contains("picker login --device-url URL"))
    }

    /// The cache directory `picker logout` empties, with `arguments` after `logout` and
    /// `environment`.
    private func logoutCacheDirectory(_ arguments: [String], _ environment: [String: String]) throws -> String? {
        guard case .logout(let logout) = try parse(["logout"] + arguments, environment) else {
            throw XCTSkip("not a logout")
        }
        return logout.cacheDirectory
    }

    func testLogoutEmptiesTheCacheDirectoryPickerUses() throws {
        let home = ["HOME": "/home/ann"]
        XCTAssertEqual(try logoutCacheDirectory([], home), "/home/ann/.cache/picker")
        XCTAssertEqual(try logoutCacheDirectory([], home.merging(["XDG_CACHE_HOME": "/xdg"]) { $1 }), "/xdg/picker")
        let variable = home.merging(["PICKER_CACHE_DIR": "/variable"]) { $1 }
        XCTAssertEqual(try logoutCacheDirectory([], variable), "/variable")
        let defaults = variable.merging(["PICKER_DEFAULT_OPTS": "--height 10 --cache-dir '/default options'"]) { $1 }
        XCTAssertEqual(try logoutCacheDirectory([], defaults), "/default options")
        XCTAssertEqual(try logoutCacheDirectory(["--cache-dir", "/given"], defaults), "/given")
        XCTAssertEqual(try logoutCacheDirectory(["--cache-dir=/given"], defaults), "/given")
        XCTAssertNil(try logoutCacheDirectory([], [:]))
        XCTAssertThrowsError(try parse(["logout", "--cache-dir", ""])) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, "--cache-dir needs a directory")
        }
        // A PICKER_DEFAULT_OPTS that picker would refuse does not keep the session: its
        // --cache-dir is read all the same.
        for (options, directory) in [
            ("--colour --cache-dir /broken --limit", "/broken"), ("--cache-dir=/first -x --cache-dir /last", "/last"),
            ("--query --cache-dir --colour", "/variable"), ("--limit 0 --cache-dir '/a b", "/variable"),
            ("--limit -m --cache-dir /after", "/after"),
        ] {
            guard
                case .logout(let logout) = try parse(
                    ["logout"], variable.merging(["PICKER_DEFAULT_OPTS": options]) { $1 })
            else { return XCTFail(options) }
            XCTAssertEqual(logout.cacheDirectory, directory, options)
            XCTAssertTrue(logout.defaultsProblem?.hasPrefix("PICKER_DEFAULT_OPTS: ") ?? false, options)
        }
        let help = HelpPage.text(for: .logout)
        XCTAssertTrue(help.hasPrefix("Usage: picker logout [--cache-dir DIR]"), help)
        for words in ["every friend list cached", "--cache-dir DIR", "PICKER_DEFAULT_OPTS", "PICKER_CACHE_DIR"] {
            XCTAssertTrue(help.contains(words), "\(words): \(help)")
        }
        XCTAssertTrue(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "lines fit 80 columns")
        XCTAssertTrue(ManPage.text.contains("friend list cached in the cache directory picker uses"))
    }
}
