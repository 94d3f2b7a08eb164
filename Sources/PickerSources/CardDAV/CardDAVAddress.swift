import FoundationEssentials
import PickerStore

/// Where a CardDAV source is: `carddavs://[USER@]HOST[:PORT]/[PATH]` (over TLS) or
/// `carddav://…` (plain http, to a loopback address only, as for any URL source).
///
/// Without a path (or with `/` alone) the address books are found (RFC 6764); with one, it
/// names the one address-book collection to read.
package struct CardDAVAddress: Hashable, Sendable {
    /// The URL as given, without a password (one is refused).
    package let url: URL
    /// The user named in the URL, if any.
    package let user: String?
    /// The server: `https://HOST[:PORT]` or `http://HOST:PORT`, with the path given (or `/`).
    package let server: URL
    /// Whether the URL names a collection; else the address books are discovered.
    package let namesCollection: Bool

    /// Whether `argument` is written as a CardDAV URL (`carddav://`, `carddavs://`).
    package static func isCardDAV(_ argument: String) -> Bool {
        let lowercased = argument.lowercased()
        return lowercased.hasPrefix("carddav://") || lowercased.hasPrefix("carddavs://")
    }

    /// The address `url` gives; nil when it is no CardDAV URL with a host.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "carddav" || scheme == "carddavs",
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.host, !host.isEmpty
        else { return nil }
        user = components.percentEncodedUser.map(DAVResponse.percentDecoded)
        components.user = nil
        components.password = nil
        components.scheme = scheme == "carddavs" ? "https" : "http"
        components.fragment = nil
        let path = components.percentEncodedPath
        namesCollection = !(path.isEmpty || path == "/")
        if path.isEmpty { components.percentEncodedPath = "/" }
        guard let server = components.url else { return nil }
        self.url = url
        self.server = server
    }

    /// Why `url` may not be read, or nil when it may: a password in it (it would be in `ps`
    /// and the shell's history: `--password-command` gives one), or what any URL source is
    /// refused for (see ``HTTPAddress/refusal(for:)``), said of the server's URL.
    package static func refusal(for url: URL) -> String? {
        if url.password != nil {
            return
                "holds a password, which picker never takes from the command line: give it with --password-command or ~/.netrc"
        }
        guard let address = CardDAVAddress(url) else { return "is not a carddav:// or carddavs:// URL with a host" }
        guard let refusal = HTTPAddress.refusal(for: address.server) else { return nil }
        return refusal.replacing("the session token", with: "the password").replacing("use https", with: "use carddavs")
            .replacing("http://", with: "carddav://").replacing("plain http", with: "plain carddav")
    }

    /// How messages name the source: the URL without a password.
    package var shown: String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "a CardDAV server"
        }
        components.password = nil
        return components.string.map { TerminalText.sanitized(String($0.prefix(300))) } ?? "a CardDAV server"
    }

    /// How messages name the server: `HOST[:PORT]`.
    package var host: String {
        let port = server.port.map { ":\($0)" } ?? ""
        return (server.host ?? "the server") + port
    }
}
