import FoundationEssentials
import Glibc
import PickerStore

/// An absolute `http` or `https` URL that the client may ask, with the parts it was read as
/// and the text libcurl is given, written from those parts.
///
/// The checks and the connection must agree on where a URL leads: were libcurl to read the
/// URL as given, a host that Foundation and libcurl split differently
/// (`http://127.0.0.1\@evil.example/`) could pass as loopback and reach another machine. So
/// libcurl gets `scheme://host:port/path?query` rebuilt from what Foundation read, with a
/// host of letters, digits, dots, hyphens and underscores or an IPv6 address, and no user,
/// password or fragment.
package struct HTTPAddress: Hashable, Sendable {
    /// The URL as given.
    let url: URL
    /// Where the request goes.
    let origin: HTTPOrigin
    /// What libcurl is given.
    let text: String

    /// The longest URL the client asks or follows, in bytes (8 KB).
    static let maximumLength = 8 * 1024

    /// `url` checked.
    /// - Throws: ``HTTPFailure`` saying what about the URL is refused: see
    ///   ``refusal(for:)``.
    init(_ url: URL) throws(HTTPFailure) {
        if let refusal = Self.refusal(for: url) { throw HTTPFailure(refusal) }
        guard let origin = HTTPOrigin(url), let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { throw HTTPFailure("is not a usable URL") }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        guard Self.isSendable(path), Self.isSendable(query) else {
            throw HTTPFailure("holds characters a URL cannot send")
        }
        self.url = url
        self.origin = origin
        text = "\(origin.scheme)://\(origin.authority)\(path)\(query)"
    }

    /// Why `url` may not be asked, or nil when it may: it must be `https`, or `http` to a
    /// loopback address written as one, `127.x.y.z` or `[::1]` (so that a session token never
    /// crosses a network in clear text), with a host and no user or password, and at most
    /// ``maximumLength`` bytes long.
    ///
    /// Plain http to loopback reaches whoever holds the port, so the request goes only to the
    /// address written: `http://localhost` is refused, since libcurl tries both `127.0.0.1` and
    /// `::1` for it, and a program of any user listening on the family the service does not
    /// use would receive the token. (Over https, the certificate says who answers.)
    package static func refusal(for url: URL) -> String? {
        guard url.absoluteString.utf8.count <= maximumLength else {
            return "is longer than \(maximumLength / 1024) KB"
        }
        let scheme = url.scheme?.lowercased()
        guard scheme == "https" || scheme == "http" else { return "is not an http or https URL" }
        guard let host = url.host, !host.isEmpty else { return "has no host" }
        guard url.user == nil && url.password == nil else {
            return "holds a user name or password, which picker does not send"
        }
        guard let origin = HTTPOrigin(url) else {
            return
                "has a host or port picker cannot use (an IPv6 zone, a port beyond 65535, characters outside A-Z, 0-9, '.', '-', '_')"
        }
        if scheme == "http" && !origin.isLoopback {
            return
                "plain http is refused for a host that is not loopback, so the session token never crosses a network in clear text: use https"
        }
        if scheme == "http" && origin.host == "localhost" {
            return
                "plain http to localhost is refused: localhost is both 127.0.0.1 and ::1, and a program listening on the one the service does not use would receive the session token; write the address the service listens on (http://127.0.0.1:\(origin.port) or http://[::1]:\(origin.port))"
        }
        return nil
    }

    /// Whether `text`, a percent-encoded path or query, holds only what RFC 3986 allows there.
    private static func isSendable(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default: return "-._~!$&'()*+,;=:@/?%".utf8.contains(byte)
            }
        }
    }
}

/// Scheme, host and port, the default port made explicit and scheme and host in lower case:
/// the session token goes only to the origin of the URL the user gave.
struct HTTPOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    var scheme: String
    /// A host name in lower case, an IPv4 address, or an IPv6 address without brackets.
    var host: String
    var port: Int

    /// The origin of `url`; nil when it has no host, a port outside 1-65535, or a host that is
    /// not plain ASCII letters, digits, `.`, `-` and `_`, or an IPv6 address (no zone).
    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        if host.unicodeScalars.contains(":") {
            guard Self.ipv6Address(host) != nil else { return nil }
        } else {
            guard host.utf8.allSatisfy(Self.isHostByte) else { return nil }
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// `scheme://host:port`, an IPv6 host in brackets.
    var description: String {
        "\(scheme)://\(bracketedHost):\(port)"
    }

    /// `host:port` as a URL writes it: an IPv6 host in brackets, the scheme's default port left
    /// out.
    var authority: String {
        port == (scheme == "https" ? 443 : 80) ? bracketedHost : "\(bracketedHost):\(port)"
    }

    private var bracketedHost: String { host.unicodeScalars.contains(":") ? "[\(host)]" : host }

    /// Whether the host is this machine: `localhost`, `127.0.0.0/8` written as four decimal
    /// numbers without leading zeros (libcurl reads `0127.0.0.1` as octal, another address),
    /// or `::1` in any spelling.
    var isLoopback: Bool { Self.isLoopback(host) }

    /// Whether `host` (brackets allowed around an IPv6 address) is this machine, as
    /// ``isLoopback`` says.
    static func isLoopback(_ host: String) -> Bool {
        var bare = host.lowercased()
        if bare.hasPrefix("[") && bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        if bare == "localhost" { return true }
        if let address = ipv6Address(bare) {
            return withUnsafeBytes(of: address) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { octet in UInt8(octet) != nil && (octet == "0" || !octet.hasPrefix("0")) }
    }

    /// The 16 bytes of the IPv6 address `text`, or nil when it is not one.
    private static func ipv6Address(_ text: String) -> in6_addr? {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1 ? address : nil
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default: return false
        }
    }
}
