import FoundationEssentials
import Glibc

/// What one response of the friends edge means for the loader.
enum GraphResponse: Equatable {
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

    /// Classifies a response with HTTP `status`, `headers` and `body`, from `source` (the URL
    /// as messages show it), at `now` (seconds since 1970, to read a `Retry-After` date). Text
    /// from the service reaches the result as `redaction` shows it.
    ///
    /// A success must be a friends page as the contract says: `paging` an object whose `next`,
    /// when present, is an absolute http or https URL of at most 8 KB, and `summary` an object
    /// whose `total_count` is a whole number; anything else fails, never ending the list early.
    static func classify(
        status: Int, headers: HTTPHeaders, body: Data, source: String,
        redaction: MessageRedaction = MessageRedaction(token: ""), now: Double = Date().timeIntervalSince1970
    ) -> GraphResponse {
        let envelope = try? JSONDecoder().decode(Envelope.self, from: body)
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
        let friends: [Friend]
        do {
            friends = try FriendsJSON.decode(body, source: source)
        } catch {
            return .failed("not a friends page: \(error.problem)")
        }
        if let problem = envelope?.problem { return .failed(redaction.shown(problem)) }
        let next: URL?
        switch nextPage(envelope?.next) {
        case .success(let url): next = url
        case .failure(let problem): return .failed(redaction.shown(problem.message))
        }
        return .page(FriendPage(friends: friends, totalCount: envelope?.totalCount), next: next)
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

    /// The members of a response body besides `data`: `error`, read leniently, and `paging` and
    /// `summary`, read as the contract says, with what is wrong in them.
    private struct Envelope: Decodable {
        var error: GraphError?
        var next: String?
        var totalCount: Int?
        /// What in `paging` or `summary` is not as the contract says.
        var problem: String?

        private enum Keys: String, CodingKey {
            case error, paging, summary
        }
        private enum PagingKeys: String, CodingKey { case next }
        private enum SummaryKeys: String, CodingKey {
            case totalCount = "total_count"
        }

        init(from decoder: Decoder) throws {
            let members = try decoder.container(keyedBy: Keys.self)
            error = try? members.decodeIfPresent(GraphError.self, forKey: .error)
            do {
                if try members.contains(.paging) && !members.decodeNil(forKey: .paging) {
                    let paging = try members.nestedContainer(keyedBy: PagingKeys.self, forKey: .paging)
                    next = try paging.decodeIfPresent(String.self, forKey: .next)
                }
                if try members.contains(.summary) && !members.decodeNil(forKey: .summary) {
                    let summary = try members.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
                    // Read as a Double, as JSON numbers are, so that a fraction is not cut to a
                    // whole number unseen.
                    if let count = try summary.decodeIfPresent(Double.self, forKey: .totalCount) {
                        guard count == count.rounded(), count < 0x1p62 else {
                            problem = "summary.total_count is not a whole number"
                            return
                        }
                        guard count >= 0 else {
                            problem = "summary.total_count is below 0 (\(Int(count)))"
                            return
                        }
                        totalCount = Int(count)
                    }
                }
            } catch let DecodingError.typeMismatch(type, context) {
                problem = "\(Self.path(context.codingPath)) is not \(Self.typeName(type))"
            } catch let DecodingError.dataCorrupted(context) {
                problem = "\(Self.path(context.codingPath)) is not a whole number"
            }
        }

        /// `paging.next`, say.
        private static func path(_ keys: [CodingKey]) -> String {
            keys.map(\.stringValue).joined(separator: ".")
        }

        private static func typeName(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: return "a string"
            case is Double.Type: return "a whole number"
            default: return "an object"
            }
        }
    }
}
