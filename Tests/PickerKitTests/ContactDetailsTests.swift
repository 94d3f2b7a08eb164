import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Emails and friendship dates: kept beside the packed names through batches made on every
/// core, searched by terms with `@` as the reference search says, and shown dimmed on rows.
final class ContactDetailsTests: XCTestCase {
    private static let emailWords = ["ann", "bob", "zoë", "ZOE", "x", "mail", "smith", "o'brien", "王"]
    private static let nameWords = ["Ann", "Bob", "Zoë", "Smith", "Mail", "王小明"]

    private func friends(_ random: inout SplitMix64, count: Int) -> [Friend] {
        func word(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
        return (0..<count).map { index in
            let emails = (0..<Int(random.next() % 3)).map { _ in
                word(Self.emailWords) + "@" + word(Self.emailWords) + ".example"
            }
            let since: Int64? = random.next() % 4 == 0 ? Int64(index) * 1000 : nil
            return Friend(
                id: String(index), name: word(Self.nameWords) + " " + word(Self.nameWords), emails: emails,
                friendsSince: since)
        }
    }

    func testDetailsSurviveBatchesMadeOnEveryCore() {
        var random = SplitMix64(seed: 5)
        let all = friends(&random, count: 20_000)
        var list = FriendList()
        list.append(Array(all[0..<9_000]))
        list.append(Array(all[9_000...]))
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        for position in stride(from: 0, to: list.count, by: 7) {
            let friend = list.friends[position]
            XCTAssertEqual(friend, byID[friend.id])
        }
    }

    func testEmailTermsAgreeWithTheReference() {
        var random = SplitMix64(seed: 6)
        let list = FriendList(friends(&random, count: 2_500))
        assertChainsAgreeWithTheReference(
            list, [["ann@", "ann@bob"], ["@zoe", "@zoë"], ["smith @x", "smith @x.ex"], ["王@"], ["mail@"], ["@"]])
    }

    func testATermWithoutAtLooksOnlyAtTheName() {
        let list = FriendList([Friend(id: "1", name: "Bob", emails: ["ann@example.org"])])
        XCTAssertTrue(list.positions(matching: SearchQuery("ann")).isEmpty)
        XCTAssertEqual(Array(list.positions(matching: SearchQuery("ann@"))), [0])
        XCTAssertEqual(Array(list.positions(matching: SearchQuery("bob @EXAMPLE"))), [0])
    }

    private func screen(_ friends: [Friend], columns: Int) -> [String] {
        var state = PickerState(size: TerminalSize(rows: 8, columns: columns))
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        return Array(state.frame().text.split(separator: "\n").dropFirst(2).dropLast().map(String.init))
    }

    func testTheFirstEmailIsShownDimmedWhenThereIsRoom() {
        let friends = [Friend(id: "1", name: "Ann Lee", emails: ["ann@home.example", "ann@work.example"])]
        XCTAssertEqual(screen(friends, columns: 40), ["> [ ] Ann Lee  ann@home.example"])
        XCTAssertEqual(screen(friends, columns: 30), ["> [ ] Ann Lee"], "no room: the name alone")
        var state = PickerState(size: TerminalSize(rows: 8, columns: 40))
        state.send(.friendsArrived(FriendBatch(friends)))
        let row = state.frame().lines[2]
        XCTAssertEqual(row.spans.last, Frame.Span("  ann@home.example", .detail))
    }

    func testTheFriendshipDayTellsApartFriendsWhoShareAName() {
        let friends = [
            Friend(id: "a", name: "Ann Lee", friendsSince: 1_300_000_000),
            Friend(id: "b", name: "Ann Lee", friendsSince: 1_600_000_000),
            Friend(id: "c", name: "Bob Stone", friendsSince: 1_600_000_000),
        ]
        XCTAssertEqual(
            screen(friends, columns: 50),
            ["> [ ] Ann Lee  since 2011-03-13", "  [ ] Ann Lee  since 2020-09-13", "  [ ] Bob Stone"])
    }

    func testDaysAgreeWithTheCalendar() {
        // Foundation's calendar is Julian before 15 October 1582; the picker's days are Gregorian.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var random = SplitMix64(seed: 9)
        let gregorianStart: Int64 = -12_219_292_800
        for seconds in [0, -1, 86_399, 86_400, 951_782_400, gregorianStart]
            + (0..<2000).map({ _ in
                gregorianStart + Int64(random.next() % 30_000_000_000)
            })
        {
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(seconds)))
            guard let year = parts.year, let month = parts.month, let day = parts.day, year > 0 else { continue }
            XCTAssertEqual(
                PickerState.day(seconds), String(format: "%04d-%02d-%02d", year, month, day), "seconds \(seconds)")
        }
    }
}
