import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class RetryPolicyTests: XCTestCase {
    func testBackoffDoublesWithJitterWithinBoundsAndHonoursRetryAfter() {
        let policy = RetryPolicy(maximumRetries: 6, baseDelay: 0.5, maximumDelay: 4)
        var random = SplitMix64(seed: 1)
        for attempt in 0..<6 {
            let ceiling = min(0.5 * Double(1 << attempt), 4)
            for _ in 0..<50 {
                let delay = policy.delay(beforeRetry: attempt, retryAfter: nil, using: &random)
                XCTAssertTrue((ceiling / 2)...ceiling ~= delay, "attempt \(attempt): \(delay)")
            }
        }
        XCTAssertEqual(policy.delay(beforeRetry: 0, retryAfter: 3, using: &random), 3)
        XCTAssertEqual(policy.delay(beforeRetry: 0, retryAfter: 120, using: &random), 4)
        for unusable: Double in [-5, -.infinity, .infinity, .nan] {
            let delay = policy.delay(beforeRetry: 0, retryAfter: unusable, using: &random)
            XCTAssertTrue((0.25...0.5) ~= delay, "Retry-After \(unusable) means the default backoff: \(delay)")
        }
    }
}
