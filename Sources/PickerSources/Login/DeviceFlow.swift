import FoundationEssentials
import PickerStore

/// The device flows `picker login` speaks: the OAuth 2.0 Device Authorization Grant (RFC 8628),
/// and Facebook's Login for Devices, which asks and answers in its own words.
package enum DeviceFlow: String, Codable, Hashable, Sendable, CaseIterable {
    case rfc8628
    case facebook

    /// The flow of a device endpoint when none is named: Facebook's when the URL's path ends in
    /// `/device/login` (as `https://graph.facebook.com/v19.0/device/login`), else RFC 8628.
    package static func of(deviceURL url: URL) -> DeviceFlow {
        url.path.hasSuffix("/device/login") ? .facebook : .rfc8628
    }

    /// The scope asked for when none is given: Facebook's `public_profile,user_friends` (the
    /// friends edge needs `user_friends`); none for RFC 8628, whose scopes each service names.
    package var defaultScope: String? {
        switch self {
        case .rfc8628: return nil
        case .facebook: return "public_profile,user_friends"
        }
    }

    /// The token endpoint when none is given: for Facebook, `login_status` beside the device
    /// endpoint (`…/device/login` → `…/device/login_status`); RFC 8628 has no such rule.
    package func defaultTokenURL(beside deviceURL: URL) -> URL? {
        guard self == .facebook, var components = URLComponents(url: deviceURL, resolvingAgainstBaseURL: false)
        else { return nil }
        var path = components.percentEncodedPath
        if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
        components.percentEncodedPath = path + "/login_status"
        components.percentEncodedQuery = nil
        components.fragment = nil
        return components.url
    }

    /// How `--help` and messages name the flow.
    package var title: String {
        switch self {
        case .rfc8628: return "OAuth 2.0 device authorization (RFC 8628)"
        case .facebook: return "Facebook Login for Devices"
        }
    }
}
