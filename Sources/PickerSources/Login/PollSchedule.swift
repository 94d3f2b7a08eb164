import PickerStore

/// When to ask the token endpoint next (RFC 8628, section 3.5): every `interval` seconds; on
/// `slow_down`, 5 s more for that poll and every later one (Facebook: twice as long, as its
/// SDKs do); after a failure that may pass, twice the wait of the failure before (at most
/// ``maximumBackoff``), and no more than ``maximumFailures`` such failures in a row; never past
/// the deadline, when the codes expire.
package struct PollSchedule: Hashable, Sendable {
    /// Seconds between polls.
    package private(set) var interval: Double
    /// When the codes expire, on the clock the schedule is read with.
    package let deadline: Double
    package let flow: DeviceFlow
    /// Failures that may pass, in a row.
    package private(set) var failures = 0

    /// The longest wait after failures in a row (60 s), unless the interval is longer.
    package static let maximumBackoff = 60.0
    /// How many failures that may pass in a row are borne: one more stops the login.
    package static let maximumFailures = 4

    package init(interval: Double, deadline: Double, flow: DeviceFlow) {
        self.interval = interval
        self.deadline = deadline
        self.flow = flow
    }

    /// Seconds to wait before the next poll.
    package var wait: Double {
        guard failures > 0 else { return interval }
        return max(interval, min(interval * Double(1 << min(failures, 20)), Self.maximumBackoff))
    }

    /// When the next poll is due, from `now`; nil when that is past the deadline.
    package func nextPoll(from now: Double) -> Double? {
        let due = now + wait
        return due < deadline ? due : nil
    }

    /// The service answered (pending, or anything but a failure that may pass).
    package mutating func answered() {
        failures = 0
    }

    /// The service asked to poll less often.
    package mutating func slowDown() {
        failures = 0
        switch flow {
        case .rfc8628: interval += 5
        case .facebook: interval *= 2
        }
    }

    /// A poll failed in a way that may pass; false when that is one failure too many.
    package mutating func failedTemporarily() -> Bool {
        failures += 1
        return failures <= Self.maximumFailures
    }
}
