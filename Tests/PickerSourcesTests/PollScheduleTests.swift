import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// When a login asks the token endpoint again.
final class PollScheduleTests: XCTestCase {
    func testSlowDownAddsFiveSecondsForRFC8628AndDoublesForFacebook() {
        var rfc = PollSchedule(interval: 0.5, deadline: 100, flow: .rfc8628)
        rfc.slowDown()
        XCTAssertEqual(rfc.interval, 5.5)
        rfc.slowDown()
        XCTAssertEqual(rfc.interval, 10.5, "for this and every later poll")
        var facebook = PollSchedule(interval: 5, deadline: 100, flow: .facebook)
        facebook.slowDown()
        XCTAssertEqual(facebook.interval, 10)
    }

    func testFailuresBackOffUpToAMinuteAndStopAfterFourInARow() {
        var schedule = PollSchedule(interval: 5, deadline: 10_000, flow: .rfc8628)
        var waits: [Double] = []
        while schedule.failedTemporarily() { waits.append(schedule.wait) }
        XCTAssertEqual(waits, [10, 20, 40, 60])
        XCTAssertEqual(schedule.failures, PollSchedule.maximumFailures + 1)
        schedule.answered()
        XCTAssertEqual(schedule.wait, 5, "an answer ends the backing off")
        var slow = PollSchedule(interval: 90, deadline: 10_000, flow: .rfc8628)
        _ = slow.failedTemporarily()
        XCTAssertEqual(slow.wait, 90, "never sooner than the interval")
    }

    func testNoPollIsDuePastTheDeadline() {
        let schedule = PollSchedule(interval: 5, deadline: 100, flow: .rfc8628)
        XCTAssertEqual(schedule.nextPoll(from: 90), 95)
        XCTAssertNil(schedule.nextPoll(from: 95))
        XCTAssertNil(schedule.nextPoll(from: 99))
    }
}
