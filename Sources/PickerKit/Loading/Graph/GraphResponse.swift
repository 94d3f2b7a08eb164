import Foundation

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
    /// as messages show it).
    static func classify(status: Int, headers: [String: String], body: Data, source: String) -> GraphResponse {
        let error = (try? JSONDecoder().decode(ErrorEnvelope.self, from: body))?.error
        let retryAfter = headers.first { $0.key.lowercased() == "retry-after" }.flatMap {
            Double($0.value.trimmingCharacters(in: .whitespaces))
        }
        if let error, let code = error.code, sessionCodes.contains(code) || status == 401 {
            return .sessionRejected(error.summary)
        }
        if status == 401 { return .sessionRejected(error?.summary ?? "HTTP 401 Unauthorized") }
        if status == 429 || status >= 500 || (error?.code).map(temporaryCodes.contains) == true {
            return .retry(reason: error?.summary ?? "HTTP \(status)", delay: retryAfter)
        }
        if let error { return .failed(error.summary) }
        if (300..<400).contains(status) {
            let location = headers.first { $0.key.lowercased() == "location" }?.value ?? "nowhere"
            let shown = URL(string: location).map(GraphEndpoint.redacted) ?? location
            return .failed("refused to follow a redirect to another origin (\(shown))")
        }
        guard (200..<300).contains(status) else { return .failed("HTTP \(status)") }
        do {
            let friends = try FriendsJSON.decode(body, source: source)
            let envelope = try? JSONDecoder().decode(PageEnvelope.self, from: body)
            let next = envelope?.paging?.next.flatMap { URL(string: $0) }
            return .page(FriendPage(friends: friends, totalCount: envelope?.summary?.totalCount), next: next)
        } catch {
            return .failed("not a friends page: \(error.problem)")
        }
    }

    private struct ErrorEnvelope: Decodable {
        var error: GraphError
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

        /// `message (type, code 190, subcode 463)`.
        var summary: String {
            let details = [type, code.map { "code \($0)" }, subcode.map { "subcode \($0)" }].compactMap { $0 }
            let text = message ?? "an error without a message"
            return details.isEmpty ? text : "\(text) (\(details.joined(separator: ", ")))"
        }
    }

    private struct PageEnvelope: Decodable {
        struct Paging: Decodable { var next: String? }
        struct Summary: Decodable {
            var totalCount: Int?
            enum CodingKeys: String, CodingKey { case totalCount = "total_count" }
        }
        var paging: Paging?
        var summary: Summary?
    }
}
