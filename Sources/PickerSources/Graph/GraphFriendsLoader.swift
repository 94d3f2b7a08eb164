import FoundationEssentials
import Glibc
import PickerStore

/// Loads the friends of a session from a service that speaks the Graph API friends contract:
/// `GET` the URL with the token in an `Authorization: Bearer` header, then follow `paging.next`
/// until it is absent.
///
/// The token goes only to the origin of the URL the user gave; a `next` elsewhere, a `next`
/// already read, or more pages, friends or bytes of pages than the bounds stop the load with
/// an error rather than leak the token, loop or grow without end. Temporary failures are
/// retried with backoff, within a budget of waiting shared by the whole load. Each request
/// takes at most ``timeout``, and the whole load, every request and wait together, at most
/// ``loadTimeout``: past it the load stops and says how many pages and friends it read. Of each page
/// only what the next request needs is kept: its `next` URL, and a hash of its URL to tell a
/// loop.
package struct GraphFriendsLoader: FriendLoader {
    /// The first page's URL, as the user gave it.
    package let url: URL
    private let token: String
    /// Seconds each request may take, from its start to its last byte.
    package let timeout: Double
    /// Seconds the whole load may take, from its first request to its last page: every
    /// request, retry and wait together (``defaultLoadTimeout`` unless set).
    package var loadTimeout = defaultLoadTimeout
    /// The bound on a whole load when none is given: 120 s, what a person would wait (80 pages
    /// of 1.8 s each, under a per-request timeout of 2 s, took 144.5 s without one).
    package static let defaultLoadTimeout = 120.0
    package let retryPolicy: RetryPolicy
    /// The most pages followed before the load stops with an error.
    package var maximumPages = 100_000
    /// The most friends read before the load stops with an error.
    package var maximumFriends = 10_000_000
    /// The most bytes of pages a load reads, every page together, after decoding (128 MB, some
    /// million friends as the Graph API writes them), before it stops with an error: with
    /// ``HTTPClient/Settings/maximumBodyBytes`` for one page, what bounds the memory that the
    /// friends of a load take, whatever the service sends.
    package var maximumLoadBytes = 128 << 20
    /// What the message of a rejected session tells the user to do.
    package var rejectionAdvice = givenTokenAdvice
    /// What to do when a token given with `--session-file`, `--session` or `PICKER_SESSION` is
    /// rejected.
    package static let givenTokenAdvice =
        "Log in again and give the new token with --session-file, --session or PICKER_SESSION"
    /// Opens what sends the load's requests: an ``HTTPClient`` trusting what the environment
    /// says; a stand-in in tests.
    var connect: @Sendable (_ timeout: Double) throws(HTTPFailure) -> any HTTPSending = { timeout throws(HTTPFailure) in
        try HTTPClient(
            settings: HTTPClient.Settings(
                timeout: timeout, trust: CertificateTrust(environment: ProcessInfo.processInfo.environment)))
    }
    /// Waits the given seconds before a retry.
    var pause: @Sendable (Double) -> Void = { PosixThread.sleep($0) }
    /// Seconds on a clock that only goes forward, for the load's deadline.
    var clock: @Sendable () -> Double = { MonotonicClock.seconds() }

    package init(url: URL, token: String, timeout: Double = 15, retryPolicy: RetryPolicy = RetryPolicy()) {
        self.url = url
        self.token = token
        self.timeout = timeout
        self.retryPolicy = retryPolicy
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let redaction = MessageRedaction(token: token)
        let shownURL = redaction.shown(url)
        if let problem = SessionToken.problem(token) { throw SourceError(source: shownURL, problem: problem) }
        if let refusal = HTTPAddress.refusal(for: url) { throw SourceError(source: shownURL, problem: refusal) }
        guard let origin = HTTPOrigin(url) else { throw SourceError(source: shownURL, problem: "has no host") }
        let client: any HTTPSending
        do {
            client = try connect(timeout)
        } catch {
            throw SourceError(source: shownURL, problem: error.message)
        }
        var load = Load(
            policy: retryPolicy, redaction: redaction, client: client, rejectionAdvice: rejectionAdvice,
            deadline: clock() + loadTimeout, loadTimeout: loadTimeout, clock: clock)
        var next: URL? = GraphEndpoint.firstPage(url)
        var seen: Set<Int> = []
        while let pageURL = next {
            let shownPage = redaction.shown(pageURL)
            guard HTTPOrigin(pageURL) == origin else {
                throw SourceError(
                    source: shownURL,
                    problem:
                        "paging.next leads to another origin (\(shownPage)); the session token is only sent to \(origin)"
                )
            }
            guard seen.insert(pageURL.absoluteString.hashValue).inserted else {
                throw SourceError(
                    source: shownURL,
                    problem: "paging.next leads back to a page already read (\(shownPage)); stopped rather than loop")
            }
            guard seen.count <= maximumPages else {
                throw SourceError(source: shownURL, problem: "more than \(maximumPages) pages; stopped")
            }
            let (page, following) = try load.page(pageURL, headers: headers, pause: pause)
            guard load.pageBytes <= maximumLoadBytes else {
                throw SourceError(
                    source: shownURL,
                    problem: "its pages hold more than \(maximumLoadBytes >> 20) MB together after decoding; stopped")
            }
            load.friendCount += page.count
            guard load.friendCount <= maximumFriends else {
                throw SourceError(source: shownURL, problem: "more than \(maximumFriends) friends; stopped")
            }
            deliver(page)
            next = following
        }
    }

    private var headers: HTTPHeaders {
        [
            "Authorization": "Bearer \(token)",
            "Accept": "application/json",
            "User-Agent": PickerVersion.userAgent,
        ]
    }

    /// One load under way: its client, the waiting it has left for retries, its deadline and
    /// how far it got.
    private struct Load {
        let policy: RetryPolicy
        let redaction: MessageRedaction
        let client: any HTTPSending
        let rejectionAdvice: String
        /// When the load must be over, on `clock`.
        let deadline: Double
        let loadTimeout: Double
        let clock: @Sendable () -> Double
        /// Seconds still to be spent waiting before retries, for every page together.
        private var budgetLeft: Double
        /// The bytes of the pages read so far, after decoding.
        private(set) var pageBytes = 0
        /// The pages and the friends read so far.
        private(set) var pageCount = 0
        var friendCount = 0
        private var random = SystemRandomNumberGenerator()

        init(
            policy: RetryPolicy, redaction: MessageRedaction, client: any HTTPSending, rejectionAdvice: String,
            deadline: Double, loadTimeout: Double, clock: @escaping @Sendable () -> Double
        ) {
            self.policy = policy
            self.redaction = redaction
            self.client = client
            self.rejectionAdvice = rejectionAdvice
            self.deadline = deadline
            self.loadTimeout = loadTimeout
            self.clock = clock
            budgetLeft = policy.waitBudget
        }

        /// Seconds left before the deadline.
        private var secondsLeft: Double { deadline - clock() }

        /// What a load that passed its deadline says: how far it got.
        private var timedOut: String {
            "the whole load took more than \(HTTPClient.seconds(loadTimeout)) (--load-timeout); \(progress)"
        }

        /// How far the load got: `stopped after reading 3 pages and 1500 friends`.
        private var progress: String {
            let pages = pageCount == 1 ? "1 page" : "\(pageCount) pages"
            let friends = friendCount == 1 ? "1 friend" : "\(friendCount) friends"
            return "stopped after reading \(pages) and \(friends)"
        }

        /// The page at `pageURL`, asked again while the service says the failure is temporary,
        /// up to the policy's retries for one page and within the load's budget of waiting.
        mutating func page(
            _ pageURL: URL, headers: HTTPHeaders, pause: (Double) -> Void
        ) throws(SourceError) -> (FriendPage, URL?) {
            let shown = redaction.shown(pageURL)
            func failure(_ problem: String, rejectsSession: Bool = false) -> SourceError {
                SourceError(source: shown, problem: redaction.redacted(problem), rejectsSession: rejectsSession)
            }
            var attempt = 0
            while true {
                guard secondsLeft > 0 else { throw failure(timedOut) }
                let response: HTTPResponse
                do {
                    var request = HTTPRequest(get: pageURL, headers: headers)
                    request.timeLimit = secondsLeft
                    response = try client.send(request)
                } catch {
                    throw failure(secondsLeft > 0 ? error.message : timedOut)
                }
                switch GraphResponse.classify(
                    status: response.status, headers: response.headers, body: response.body, source: shown,
                    redaction: redaction)
                {
                case .page(let page, let next):
                    pageBytes += response.body.count
                    pageCount += 1
                    return (page, next)
                case .sessionRejected(let message):
                    throw failure("the session was rejected: \(message). \(rejectionAdvice)", rejectsSession: true)
                case .failed(let message):
                    throw failure(message)
                case .retry(let reason, let retryAfter):
                    guard attempt < policy.maximumRetries else {
                        throw failure("still failing after \(policy.maximumRetries) retries: \(reason)")
                    }
                    let delay = policy.delay(beforeRetry: attempt, retryAfter: retryAfter, using: &random)
                    guard delay <= budgetLeft else {
                        throw failure(
                            "still failing (\(reason)); waiting \(HTTPClient.seconds(delay.rounded(.up))) more would pass the \(HTTPClient.seconds(policy.waitBudget)) a load may spend waiting to retry"
                        )
                    }
                    guard delay < secondsLeft else {
                        throw failure(
                            "\(reason); waiting \(HTTPClient.seconds(delay.rounded(.up))) to retry would pass the \(HTTPClient.seconds(loadTimeout)) the whole load may take (--load-timeout); \(progress)"
                        )
                    }
                    budgetLeft -= delay
                    pause(delay)
                    attempt += 1
                }
            }
        }
    }
}
