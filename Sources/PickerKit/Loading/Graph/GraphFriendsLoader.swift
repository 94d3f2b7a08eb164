import Foundation

/// Loads the friends of a session from a service that speaks the Graph API friends contract:
/// `GET` the URL with the token in an `Authorization: Bearer` header, then follow `paging.next`
/// until it is absent.
///
/// The token goes only to the origin of the URL the user gave; a `next` elsewhere, a `next`
/// already read, or more pages or friends than the bounds stop the load with an error rather
/// than leak the token or loop. Temporary failures are retried with backoff.
public struct GraphFriendsLoader: FriendLoader {
    /// The first page's URL, as the user gave it.
    public let url: URL
    private let token: String
    /// Seconds to wait for each request.
    public let timeout: Double
    public let retryPolicy: RetryPolicy
    /// The most pages followed before the load stops with an error.
    public var maximumPages = 100_000
    /// The most friends read before the load stops with an error.
    public var maximumFriends = 10_000_000

    public init(url: URL, token: String, timeout: Double = 15, retryPolicy: RetryPolicy = RetryPolicy()) {
        self.url = url
        self.token = token
        self.timeout = timeout
        self.retryPolicy = retryPolicy
    }

    public func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let shownURL = GraphEndpoint.redacted(url)
        if let refusal = GraphEndpoint.refusal(for: url) { throw SourceError(source: shownURL, problem: refusal) }
        guard let origin = GraphEndpoint.Origin(url) else {
            throw SourceError(source: shownURL, problem: "has no host")
        }
        let transport = HTTPTransport(origin: origin, timeout: timeout)
        var next: URL? = GraphEndpoint.firstPage(url)
        var seen: Set<String> = []
        var friendCount = 0
        while let pageURL = next {
            let shownPage = GraphEndpoint.redacted(pageURL)
            guard GraphEndpoint.Origin(pageURL) == origin else {
                throw SourceError(
                    source: shownURL,
                    problem:
                        "paging.next leads to another origin (\(shownPage)); the session token is only sent to \(origin.scheme)://\(origin.host):\(origin.port)"
                )
            }
            guard seen.insert(pageURL.absoluteString).inserted else {
                throw SourceError(
                    source: shownURL,
                    problem: "paging.next leads back to a page already read (\(shownPage)); stopped rather than loop")
            }
            guard seen.count <= maximumPages else {
                throw SourceError(source: shownURL, problem: "more than \(maximumPages) pages; stopped")
            }
            let (page, following) = try fetchPage(pageURL, transport: transport)
            friendCount += page.friends.count
            guard friendCount <= maximumFriends else {
                throw SourceError(source: shownURL, problem: "more than \(maximumFriends) friends; stopped")
            }
            deliver(page)
            next = following
        }
    }

    /// One page, retried while the service says the failure is temporary.
    private func fetchPage(_ pageURL: URL, transport: HTTPTransport) throws(SourceError) -> (FriendPage, URL?) {
        let shown = GraphEndpoint.redacted(pageURL)
        var random = SystemRandomNumberGenerator()
        for attempt in 0...retryPolicy.maximumRetries {
            let response: HTTPTransport.Response
            do {
                response = try transport.get(pageURL, headers: headers)
            } catch {
                throw SourceError(source: shown, problem: scrubbed(error.message))
            }
            switch GraphResponse.classify(
                status: response.status, headers: response.headers, body: response.body, source: shown)
            {
            case .page(let page, let next):
                return (page, next)
            case .sessionRejected(let message):
                throw SourceError(
                    source: shown,
                    problem:
                        "the session was rejected: \(scrubbed(message)). Log in again and give the new token with --session-file, --session or PICKER_SESSION",
                    rejectsSession: true)
            case .failed(let message):
                throw SourceError(source: shown, problem: scrubbed(message))
            case .retry(let reason, let retryAfter):
                guard attempt < retryPolicy.maximumRetries else {
                    throw SourceError(
                        source: shown,
                        problem: "still failing after \(retryPolicy.maximumRetries) retries: \(scrubbed(reason))")
                }
                let delay = retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter, using: &random)
                Thread.sleep(forTimeInterval: delay)
            }
        }
        throw SourceError(source: shown, problem: "no page")
    }

    private var headers: [String: String] {
        [
            "Authorization": "Bearer \(token)",
            "Accept": "application/json",
            "User-Agent": "picker/\(Options.version)",
        ]
    }

    /// `message` with the token cut out, should a service echo it. Tokens too short to be
    /// real ones are left alone, lest every letter they hold be cut from the message.
    private func scrubbed(_ message: String) -> String {
        token.count < 8 ? message : message.replacingOccurrences(of: token, with: "REDACTED")
    }
}
