import FoundationEssentials
import PickerStore

/// One `response` of a WebDAV `multistatus` (RFC 4918 §14.24): the resource's href, the
/// status of the response as a whole (a removed member in a sync report), and the properties
/// found (those of a `propstat` whose status is 2xx).
package struct DAVResponse: Hashable, Sendable {
    /// The href as the server wrote it.
    package var href: String
    /// The response's own status, when it gives one instead of properties.
    package var status: Int?
    /// The properties found, by local name.
    package var properties: [String: DAVXML]

    /// The href percent-decoded, without a trailing slash: how two spellings of one resource
    /// are told to be the same.
    package var key: String { Self.key(href) }

    /// `href` percent-decoded, its path alone, without a trailing slash.
    static func key(_ href: String) -> String {
        var path = href
        // A path that starts with one slash names no host: only other hrefs are parsed as URLs.
        let isPath = href.utf8.first == UInt8(ascii: "/") && href.utf8.dropFirst().first != UInt8(ascii: "/")
        if !isPath, let url = URL(string: href), url.host != nil { path = url.path }
        path = percentDecoded(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `text` with each `%XX` turned into its byte, when the bytes are UTF-8; else as it is.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = HexDigit.value(bytes[index + 1]),
                let low = HexDigit.value(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded.withUnsafeBufferPointer { UTF8Text.string($0) } ?? text
    }

    /// The text of the `href` inside the property `name` (`current-user-principal`,
    /// `addressbook-home-set`).
    func hrefIn(_ name: String) -> String? {
        properties[name]?.child("href")?.trimmedText
    }

    /// The responses of the `multistatus` document `root`, and its `sync-token` (a sync
    /// report's).
    package static func all(in root: DAVXML) -> (responses: [DAVResponse], syncToken: String?) {
        var responses: [DAVResponse] = []
        for response in root.all("response") {
            guard let href = response.child("href")?.trimmedText, !href.isEmpty else { continue }
            var properties: [String: DAVXML] = [:]
            for propstat in response.all("propstat") {
                guard let status = propstat.child("status").flatMap({ statusCode($0.text) }),
                    (200..<300).contains(status),
                    let prop = propstat.child("prop")
                else { continue }
                for property in prop.children { properties[property.name] = property }
            }
            let status = response.child("status").flatMap { statusCode($0.text) }
            responses.append(DAVResponse(href: href, status: status, properties: properties))
        }
        return (responses, root.child("sync-token")?.trimmedText)
    }

    /// The code of a status line, `HTTP/1.1 404 Not Found`: 404.
    static func statusCode(_ line: String) -> Int? {
        let words = line.split(separator: " ")
        return words.count >= 2 ? Int(words[1]) : nil
    }
}
