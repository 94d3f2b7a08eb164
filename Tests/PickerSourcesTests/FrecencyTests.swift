import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The frecency score: +1 a pick, halving every 30 days, kept as one time.
final class FrecencyTests: XCTestCase {
    private let day: Int64 = 86_400
    private let now: Int64 = 1_700_000_000

    func testAPickScoresOneAndHalvesEvery30Days() {
        let picked = Frecency.picked(time: nil, now: now)
        XCTAssertEqual(picked, now, "one pick: the score is 1 now")
        XCTAssertEqual(Frecency.score(time: picked, now: now), 1, accuracy: 1e-9)
        XCTAssertEqual(Frecency.score(time: picked, now: now + 30 * day), 0.5, accuracy: 1e-9)
        XCTAssertEqual(Frecency.score(time: picked, now: now + 60 * day), 0.25, accuracy: 1e-9)
    }

    func testPicksAddUp() {
        let twice = Frecency.picked(time: Frecency.picked(time: nil, now: now), now: now)
        XCTAssertEqual(Frecency.score(time: twice, now: now), 2, accuracy: 1e-6)
        XCTAssertEqual(twice, now + 30 * day, "a score of 2 is 1 a half-life later")
        // Picked a month ago and again today: 0.5 + 1.
        let month = Frecency.picked(time: Frecency.picked(time: nil, now: now - 30 * day), now: now)
        XCTAssertEqual(Frecency.score(time: month, now: now), 1.5, accuracy: 1e-6)
    }

    func testTwoOldPicksWeighAsMuchAsOneToday() {
        let old = Frecency.picked(time: Frecency.picked(time: nil, now: now - 30 * day), now: now - 30 * day)
        XCTAssertEqual(Frecency.score(time: old, now: now), 1, accuracy: 1e-6)
        let frecency = Frecency(times: ["old": old, "new": now, "older": now - 5 * day], keying: .id, now: now)
        let key = { frecency.key(of: Friend(id: $0, name: "")) }
        XCTAssertEqual(Set(frecency.rankedKeys.prefix(2)), [key("new"), key("old")], "a tie")
        XCTAssertEqual(frecency.rankedKeys.last, key("older"))
        XCTAssertEqual(frecency.score(of: Friend(id: "older", name: "O")), pow(2, -5.0 / 30), accuracy: 1e-6)
        XCTAssertEqual(frecency.score(of: Friend(id: "never", name: "N")), 0)
    }

    func testFriendsKnownByNameAreKnownByAKeyedHashOfIt() {
        let frecency = Frecency(times: ["Zoë": now], keying: .name, now: now)
        XCTAssertEqual(frecency.score(of: Friend(id: "1", name: "Zoë")), 1)
        XCTAssertEqual(frecency.score(of: Friend(id: "6", name: "Zoë")), 1, "whatever the line")
        XCTAssertEqual(frecency.score(ofID: "9", name: "Zoë"), 1)
        XCTAssertEqual(frecency.score(of: Friend(id: "1", name: "Zoe")), 0)
        var name = "Zoë"
        XCTAssertEqual(name.withUTF8 { frecency.key(utf8: $0) }, frecency.key(of: Friend(id: "1", name: "Zoë")))
    }

    /// A key is a hash under a secret of the user's: another secret gives another key, and no
    /// hash without a secret (StableID's FNV-1a, what version 1 wrote) finds it.
    func testKeysDependOnTheSecret() {
        let one = Frecency(times: [:], keying: .name, now: now)
        let other = Frecency(times: [:], keying: .name, now: now)
        let zoe = Friend(id: "1", name: "Zoë")
        XCTAssertNotEqual(one.key(of: zoe), other.key(of: zoe))
        XCTAssertNotEqual(HistorySecret.hexadecimal(one.key(of: zoe)), StableID.of(["Zoë"]))
    }
}
