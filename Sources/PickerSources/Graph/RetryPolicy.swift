import PickerStore

/// How often and how long to wait before asking again after a temporary failure: exponential
/// backoff with jitter (a random wait between half and all of the backoff), or the service's
/// `Retry-After` when it gives a usable one; no wait longer than ``maximumDelay``, and no more
/// waiting in a whole load than ``waitBudget``.
package struct RetryPolicy: Hashable, Sendable {
    /// How many times one request is tried again before giving up.
    package var maximumRetries: Int
    /// The first backoff, in seconds; each retry doubles it.
    package var baseDelay: Double
    /// No wait is longer than this, in seconds, whatever the service asks (60).
    package var maximumDelay: Double
    /// The seconds a whole load may spend waiting before retries, every page together (120).
    package var waitBudget: Double

    package init(maximumRetries: Int = 4, baseDelay: Double = 0.5, maximumDelay: Double = 60, waitBudget: Double = 120)
    {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.waitBudget = waitBudget
    }

    /// The wait before retry number `attempt` (0 for the first): `retryAfter` when the service
    /// gave a number of seconds that is neither negative nor infinite, else a random wait
    /// between half and all of `baseDelay × 2^attempt`; never more than `maximumDelay`.
    package func delay<Random: RandomNumberGenerator>(
        beforeRetry attempt: Int, retryAfter: Double?, using random: inout Random
    ) -> Double {
        if let retryAfter, retryAfter.isFinite, retryAfter >= 0 { return min(retryAfter, maximumDelay) }
        let ceiling = min(baseDelay * Double(1 << min(attempt, 20)), maximumDelay)
        return Double.random(in: (ceiling / 2)...ceiling, using: &random)
    }
}
