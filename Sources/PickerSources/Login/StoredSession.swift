import FoundationEssentials
import Glibc
import PickerStore

/// A session `picker login` obtained: the token, the origin it may be sent to, and when it
/// stops working.
package struct StoredSession: Codable, Hashable, Sendable {
    /// The access token. Never printed, never logged.
    package var token: String
    /// The origin of the endpoint that issued the token (`https://graph.facebook.com:443`): the
    /// only origin a source may be on to be sent the token.
    package var origin: String
    /// When the token stops working, in seconds since 1970; nil when the service did not say.
    package var expiresAt: Double?
    /// Which device flow obtained it.
    package var flow: DeviceFlow
    /// When it was obtained, in seconds since 1970.
    package var obtainedAt: Double

    package init(token: String, origin: String, expiresAt: Double?, flow: DeviceFlow, obtainedAt: Double) {
        self.token = token
        self.origin = origin
        self.expiresAt = expiresAt
        self.flow = flow
        self.obtainedAt = obtainedAt
    }

    enum CodingKeys: String, CodingKey {
        case token = "access_token"
        case origin
        case expiresAt = "expires_at"
        case flow
        case obtainedAt = "obtained_at"
    }

    /// Whether the token is for sources on `url`'s origin.
    package func isFor(_ url: URL) -> Bool {
        HTTPOrigin(url)?.description == origin
    }

    /// Whether the token has stopped working at `now` (seconds since 1970).
    package func hasExpired(at now: Double) -> Bool {
        expiresAt.map { $0 <= now } ?? false
    }

    /// `seconds` since 1970 as messages write a moment: `2025-03-01 14:05 UTC`.
    package static func moment(_ seconds: Double) -> String {
        var time = time_t(seconds.isFinite ? max(0, min(seconds, 253_402_300_799)) : 0)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
