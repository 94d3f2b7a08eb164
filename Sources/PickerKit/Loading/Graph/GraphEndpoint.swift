import Foundation

/// The rules for the URLs the Graph source talks to: where the token may go, what each request
/// asks for, and how a URL is shown in messages.
public enum GraphEndpoint {
    /// The fields each request asks for.
    public static let fields = "id,name,first_name,middle_name,last_name"
    /// The page size asked for when the URL does not say.
    public static let pageSize = 500

    /// Why a URL may not be used with a session token, or nil when it may.
    public static func refusal(for url: URL) -> String? {
        switch url.scheme?.lowercased() {
        case "https": return url.host == nil ? "has no host" : nil
        case "http":
            guard let host = url.host else { return "has no host" }
            return isLoopback(host)
                ? nil
                : "plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https"
        default: return "is not an http or https URL"
        }
    }

    /// Whether `host` names this machine: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Scheme, host and port, the default port made explicit: the token goes only to the origin
    /// of the URL the user gave.
    public struct Origin: Hashable, Sendable {
        public var scheme: String
        public var host: String
        public var port: Int

        public init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            self.scheme = scheme
            self.host = host
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }
    }

    /// `url` with `fields` and `limit` added when it does not already have them.
    public static func firstPage(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var items = components.queryItems ?? []
        if !items.contains(where: { $0.name == "fields" }) { items.append(URLQueryItem(name: "fields", value: fields)) }
        if !items.contains(where: { $0.name == "limit" }) {
            items.append(URLQueryItem(name: "limit", value: String(pageSize)))
        }
        components.queryItems = items
        return components.url ?? url
    }

    /// `url` as messages may show it: any `access_token` value replaced by `REDACTED`, and no
    /// user or password.
    public static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "(a URL that cannot be shown)"
        }
        components.user = nil
        components.password = nil
        if let items = components.queryItems {
            components.queryItems = items.map { item in
                item.name.lowercased() == "access_token" ? URLQueryItem(name: item.name, value: "REDACTED") : item
            }
        }
        return components.string ?? "(a URL that cannot be shown)"
    }
}
