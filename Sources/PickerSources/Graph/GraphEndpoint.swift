import FoundationEssentials
import Glibc
import PickerStore

/// What each request of the Graph source asks for, and how a URL is shown in messages. Where
/// the token may go is the HTTP client's rule: see ``HTTPAddress`` and ``HTTPOrigin``.
package enum GraphEndpoint {
    /// The fields each request asks for.
    package static let fields = "id,name,first_name,middle_name,last_name"
    /// The page size asked for when the URL does not say.
    package static let pageSize = 500

    /// `url` with `fields` and `limit` added when it does not already have them.
    package static func firstPage(_ url: URL) -> URL {
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
    package static func redacted(_ url: URL) -> String {
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
