import FoundationEssentials
import PickerSources
import PickerStore

/// How `picker login`'s command line and environment become ``LoginOptions``.
extension LoginOptions {
    /// What the command line and the environment gave, before it is checked.
    package struct Given: Hashable, Sendable {
        var deviceURL: String?
        var tokenURL: String?
        var clientID: String?
        var scope: String?
        var flow: DeviceFlow?
        var showsQRCode = true
        var timeout = 15.0

        /// What `environment` gives: `PICKER_LOGIN_DEVICE_URL`, `PICKER_LOGIN_TOKEN_URL`,
        /// `PICKER_CLIENT_ID` and `PICKER_LOGIN_SCOPE`, empty values ignored.
        init(environment: [String: String]) {
            func named(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
            deviceURL = named("PICKER_LOGIN_DEVICE_URL")
            tokenURL = named("PICKER_LOGIN_TOKEN_URL")
            clientID = named("PICKER_CLIENT_ID")
            scope = named("PICKER_LOGIN_SCOPE")
        }
    }

    /// The variables `picker login` reads, and what for.
    package static let environment: [(name: String, meaning: String)] = [
        ("PICKER_LOGIN_DEVICE_URL", "picker login's device authorization endpoint, when --device-url is not given"),
        ("PICKER_LOGIN_TOKEN_URL", "picker login's token endpoint, when --token-url is not given"),
        ("PICKER_CLIENT_ID", "picker login's client id, when --client-id is not given"),
        ("PICKER_LOGIN_SCOPE", "picker login's scope, when --scope is not given"),
        (
            "XDG_CONFIG_HOME",
            "where picker login stores the session: $XDG_CONFIG_HOME/picker/session (default ~/.config/picker/session)"
        ),
    ]

    /// `picker login`'s options, in the order its help lists them.
    package static let table: [OptionSpec<Given>] = [
        OptionSpec(
            ["--device-url"], value: "URL",
            "the device authorization endpoint, where the code is asked for: https, or http to a loopback address only (127.0.0.1 or [::1], not localhost) (default: $PICKER_LOGIN_DEVICE_URL)"
        ) { given, text in given.deviceURL = text },
        OptionSpec(
            ["--token-url"], value: "URL",
            "the token endpoint, asked until the login is approved (default: $PICKER_LOGIN_TOKEN_URL; for --flow facebook, login_status beside --device-url)"
        ) { given, text in given.tokenURL = text },
        OptionSpec(
            ["--client-id"], value: "ID",
            "the client's id, for Facebook APP_ID|CLIENT_TOKEN (default: $PICKER_CLIENT_ID); never shown"
        ) { given, text in given.clientID = text },
        OptionSpec(
            ["--scope"], value: "SCOPE",
            "the scope asked for: space-separated for RFC 8628, comma-separated for Facebook (default: $PICKER_LOGIN_SCOPE; for facebook, public_profile,user_friends)"
        ) { given, text in given.scope = text },
        OptionSpec(
            ["--flow"], value: "rfc8628|facebook",
            "the device flow: the OAuth 2.0 standard, or Facebook's (default: facebook when the device URL's path ends in /device/login, else rfc8628)"
        ) { given, text throws(Options.UsageError) in
            guard let flow = DeviceFlow(rawValue: text) else {
                throw Options.UsageError("--flow must be rfc8628 or facebook, not '\(TerminalText.sanitized(text))'")
            }
            given.flow = flow
        },
        OptionSpec(["--no-qr"], "do not draw the QR code of the address") { given, _ in given.showsQRCode = false },
        OptionSpec(
            ["--timeout"], value: "SECONDS",
            "the most seconds each HTTP request may take, from its start to its last byte (default 15; 0.001 to 86400)"
        ) { given, text throws(Options.UsageError) in given.timeout = try Options.seconds(text, for: "--timeout") },
        OptionSpec(["--help", "-h"], "print this help") { _, _ in },
    ]

    /// The options `given` names, checked.
    /// - Throws: ``Options/UsageError`` for an endpoint or client id that is missing or
    ///   unusable.
    init(_ given: Given) throws(Options.UsageError) {
        let deviceURL = try Self.url(given.deviceURL, option: "--device-url", variable: "PICKER_LOGIN_DEVICE_URL")
        let flow = given.flow ?? DeviceFlow.of(deviceURL: deviceURL)
        let tokenURL: URL
        if let text = given.tokenURL {
            tokenURL = try Self.url(text, option: "--token-url", variable: "PICKER_LOGIN_TOKEN_URL")
        } else if let beside = flow.defaultTokenURL(beside: deviceURL) {
            tokenURL = beside
        } else {
            throw Options.UsageError(
                "picker login needs --token-url URL (or PICKER_LOGIN_TOKEN_URL): the service's token endpoint")
        }
        guard let clientID = given.clientID, !clientID.isEmpty else {
            throw Options.UsageError("picker login needs --client-id ID (or PICKER_CLIENT_ID): the client's id")
        }
        guard !HTTPHeaders.holdsControlCharacter(clientID) else {
            throw Options.UsageError("--client-id holds a control character (CR, LF, tab or another)")
        }
        if flow == .facebook && !clientID.contains(Character("|")) {
            throw Options.UsageError(
                "--client-id for Facebook is APP_ID|CLIENT_TOKEN: the app's id and its client token (Settings > Advanced in the app's dashboard), joined by |"
            )
        }
        let scope = given.scope ?? flow.defaultScope
        if let scope, HTTPHeaders.holdsControlCharacter(scope) {
            throw Options.UsageError("--scope holds a control character (CR, LF, tab or another)")
        }
        self.init(deviceURL: deviceURL, tokenURL: tokenURL, clientID: clientID, scope: scope, flow: flow)
        showsQRCode = given.showsQRCode
        timeout = given.timeout
    }

    /// The endpoint `text` names, checked as every URL picker asks.
    private static func url(_ text: String?, option: String, variable: String) throws(Options.UsageError) -> URL {
        guard let text else {
            throw Options.UsageError(
                "picker login needs \(option) URL (or \(variable)): the service's \(option == "--device-url" ? "device authorization" : "token") endpoint"
            )
        }
        guard let url = URL(string: text) else {
            throw Options.UsageError("\(option) '\(TerminalText.sanitized(text))' is not a URL")
        }
        if let refusal = HTTPAddress.refusal(for: url) {
            throw Options.UsageError("\(option) \(GraphEndpoint.redacted(url)) \(refusal)")
        }
        return url
    }
}
