/// How often and how long to wait before asking again after a temporary failure: exponential
/// backoff with jitter (a random wait between half and all of the backoff), and the service's
/// `Retry-After` when it gives one.
public struct RetryPolicy: Hashable, Sendable {
    /// How many times a request is tried again before giving up.
    public var maximumRetries: Int
    /// The first backoff, in seconds; each retry doubles it.
    public var baseDelay: Double
    /// No wait is longer than this, in seconds, whatever the service asks.
    public var maximumDelay: Double

    public init(maximumRetries: Int = 4, baseDelay: Double = 0.5, maximumDelay: Double = 30) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait before retry number `attempt` (0 for the first): `retryAfter` when the service
    /// gave one, else a random wait between half and all of `baseDelay × 2^attempt`; never more
    /// than `maximumDelay`.
    public func delay<Random: RandomNumberGenerator>(
        beforeRetry attempt: Int, retryAfter: Double?, using random: inout Random
    ) -> Double {
        if let retryAfter { return min(max(retryAfter, 0), maximumDelay) }
        let ceiling = min(baseDelay * Double(1 << min(attempt, 20)), maximumDelay)
        return Double.random(in: (ceiling / 2)...ceiling, using: &random)
    }
}
