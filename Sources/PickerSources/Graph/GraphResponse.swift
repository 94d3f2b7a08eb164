import FoundationEssentials
import Glibc
import PickerStore

/// What one response of the friends edge means for the loader.
package enum GraphResponse: Equatable {
    /// A page of friends, and the next page's URL when there is one.
    case page(FriendPage, next: URL?)
    /// A temporary failure: try again after `delay` seconds when the service said how long.
    case retry(reason: String, delay: Double?)
    /// The session was refused: the user must log in again.
    case sessionRejected(String)
    /// A failure that trying again will not mend.
    case failed(String)

    /// The Graph error codes that mean the access token is invalid, expired or revoked.
    static let sessionCodes: Set<Int> = [190, 102]
    /// The Graph error codes of temporary server errors and rate limits.
    static let temporaryCodes: Set<Int> = [1, 2, 4, 17, 32, 613]
    /// The longest id, name, or first, middle or last name of a friend, in bytes of UTF-8
    /// (4 KB): what a person's name needs many times over, and a bound on what the friends of
    /// a load can hold.
    static let maximumTextBytes = 4096

    /// Classifies a response with HTTP `status`, `headers` and `body`, from `source` (the URL
    /// as messages show it), at `now` (seconds since 1970, to read a `Retry-After` date). Text
    /// from the service reaches the result as `redaction` shows it.
    ///
    /// A success must be a friends page as the contract says: an object with a `data` array of
    /// friends whose texts are at most ``maximumTextBytes`` each, `paging` an object whose `next`, when present, is an absolute http or https URL
    /// of at most 8 KB, and `summary` an object whose `total_count` is a whole number; anything
    /// else, and anything that cannot be read, fails, never ending the list early.
    package static func classify(
        status: Int, headers: HTTPHeaders, body: Data, source: String,
        redaction: MessageRedaction = MessageRedaction(token: ""), now: Double = Date().timeIntervalSince1970
    ) -> GraphResponse {
        let read = Result { () throws(HTTPFailure) in try Envelope.read(body) }
        let envelope = try? read.get()
        let error = envelope?.error
        if let error, let code = error.code, sessionCodes.contains(code) || status == 401 {
            return .sessionRejected(error.summary(redaction))
        }
        if status == 401 {
            let schemes = headers.values("www-authenticate").compactMap { $0.split(separator: " ").first }
            let asked = schemes.isEmpty ? "" : ", asking for \(redaction.shown(schemes.joined(separator: ", ")))"
            return .sessionRejected(error?.summary(redaction) ?? "HTTP 401 Unauthorized\(asked)")
        }
        if status == 429 || status >= 500 || (error?.code).map(temporaryCodes.contains) == true {
            let delay = retryAfter(headers["retry-after"], now: now)
            return .retry(reason: error?.summary(redaction) ?? "HTTP \(status)", delay: delay)
        }
        if let error { return .failed(error.summary(redaction)) }
        if (300..<400).contains(status) {
            let location = headers["location"] ?? "nowhere"
            let shown = URL(string: location).map(redaction.shown) ?? redaction.shown(location)
            return .failed("refused to follow a redirect to another origin (\(shown))")
        }
        guard (200..<300).contains(status) else { return .failed("HTTP \(status)") }
        var friends: FriendPage
        do {
            friends = try FriendsJSON.page(body, source: source)
        } catch {
            return .failed("not a friends page: \(error.problem)")
        }
        if let problem = longText(in: friends.friends) { return .failed(problem) }
        let page: Envelope
        switch read {
        case .success(let envelope): page = envelope
        case .failure(let failure): return .failed("not a friends page: \(failure.message)")
        }
        guard page.hasData else { return .failed("not a friends page: the top level has no \"data\" array") }
        if let problem = page.problem { return .failed(redaction.shown(problem)) }
        let next: URL?
        switch nextPage(page.next) {
        case .success(let url): next = url
        case .failure(let problem): return .failed(redaction.shown(problem.message))
        }
        friends.announcedTotal = page.announcedTotal
        return .page(friends, next: next)
    }

    /// The seconds a `Retry-After` value asks to wait: a number of seconds, or an HTTP-date
    /// (a date already past asks for no wait); nil when there is none or it is negative,
    /// infinite, not a number or not a date, so that the default backoff applies.
    static func retryAfter(_ value: String?, now: Double) -> Double? {
        guard let text = value?.trimmingWhitespace, !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) {
            return Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
        return HTTPDate.seconds(text).map { max(0, $0 - now) }
    }

    /// What in `friends` is longer than ``maximumTextBytes`` (`data[3].name is longer than
    /// 4 KB`); nil when nothing is.
    private static func longText(in friends: [Friend]) -> String? {
        for (index, friend) in friends.enumerated() {
            for (field, text) in texts where (text(friend)?.utf8.count ?? 0) > maximumTextBytes {
                return "data[\(index)].\(field) is longer than \(maximumTextBytes / 1024) KB"
            }
        }
        return nil
    }

    /// The texts of a friend, by the names the contract gives them.
    private static let texts: [(field: String, text: @Sendable (Friend) -> String?)] = [
        ("id", { $0.id }), ("name", { $0.name }), ("first_name", { $0.firstName }),
        ("middle_name", { $0.middleName }), ("last_name", { $0.lastName }),
    ]

    /// The URL of `paging.next`, nil for none; a failure when it is empty, too long or not an
    /// absolute URL. Where it leads is the loader's to check.
    private static func nextPage(_ text: String?) -> Result<URL?, HTTPFailure> {
        guard let text else { return .success(nil) }
        guard !text.isEmpty else { return .failure(HTTPFailure("paging.next is empty")) }
        guard text.utf8.count <= HTTPAddress.maximumLength else {
            return .failure(HTTPFailure("paging.next is longer than \(HTTPAddress.maximumLength / 1024) KB"))
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            return .failure(HTTPFailure("paging.next is not an absolute URL (\(text))"))
        }
        return .success(url)
    }

    /// The `error` object of a Graph error body.
    struct GraphError: Decodable {
        var message: String?
        var type: String?
        var code: Int?
        var subcode: Int?

        enum CodingKeys: String, CodingKey {
            case message, type, code
            case subcode = "error_subcode"
        }

        /// `message (type, code 190, subcode 463)`, the texts as `redaction` shows them.
        func summary(_ redaction: MessageRedaction) -> String {
            let details = [type.map(redaction.shown), code.map { "code \($0)" }, subcode.map { "subcode \($0)" }]
                .compactMap { $0 }
            let text = message.map(redaction.shown) ?? "an error without a message"
            return details.isEmpty ? text : "\(text) (\(details.joined(separator: ", ")))"
        }
    }
}
