import PickerTestSupport
import XCTest

@testable import PickerStore

/// Pages kept as their friends' bytes (``FriendTexts``): they read back as the friends put in,
/// and their batches are the batches of those friends.
final class FriendTextsTests: XCTestCase {
    private let words = ["Ada", "Lovelace", "ada", "Zoë", "Émile", "王", "小明", "Łukasz", "e\u{301}", "O'Brien", "", "ß"]

    private func randomFriend(_ random: inout SplitMix64, number: Int) -> Friend {
        func word() -> String { words[Int(random.next() % UInt64(words.count))] }
        let name = (0..<Int(1 + random.next() % 4)).map { _ in word() }.joined(separator: " ")
        func part() -> String? { random.next() % 3 == 0 ? nil : word() }
        // Some ids repeat, some are not numbers, some are not ASCII.
        let id =
            switch random.next() % 6 {
            case 0: "r\(random.next() % 50)"
            case 1: "ид\(number)"
            default: "\(100_000 + number * 7)"
            }
        return random.next() % 3 == 0
            ? Friend(id: id, name: name)
            : Friend(id: id, name: name, firstName: part(), middleName: part(), lastName: part())
    }

    func testFriendsReadBackAsTheyWereAppended() {
        var random = SplitMix64(seed: 3)
        let friends = (0..<2000).map { randomFriend(&random, number: $0) }
        var texts = FriendTexts()
        for friend in friends { texts.append(friend) }
        XCTAssertEqual(texts.count, friends.count)
        XCTAssertEqual(texts.friends, friends)
        XCTAssertEqual(FriendPage(.texts(texts)), FriendPage(friends: friends), "a page is its friends however kept")
        XCTAssertEqual(FriendPage(.texts(texts)).count, friends.count)
        texts.withText(0) { text in
            XCTAssertEqual(Array(text.name), Array(friends[0].name.utf8))
            XCTAssertEqual(
                text.hasParts, friends[0].firstName != nil || friends[0].middleName != nil || friends[0].lastName != nil
            )
        }
    }

    func testAPageOfTextsMakesTheBatchItsFriendsMake() {
        var random = SplitMix64(seed: 11)
        for round in 0..<6 {
            let friends = (0..<Int(1 + random.next() % 9000)).map { randomFriend(&random, number: $0) }
            var texts = FriendTexts()
            for friend in friends { texts.append(friend) }
            let sortOrder: NameOrder = round % 2 == 0 ? .first : .last
            let fromTexts = FriendBatch(
                FriendPage(.texts(texts)), sortOrder: sortOrder, cores: round % 3 == 0 ? 1 : nil)
            let fromFriends = FriendBatch(friends, sortOrder: sortOrder)
            XCTAssertTrue(Array(fromTexts.friends) == friends, "round \(round): the friends")
            XCTAssertEqual(fromTexts.run.numbers, fromFriends.run.numbers, "round \(round): the order")
            XCTAssertEqual(fromTexts.entries.bytes, fromFriends.entries.bytes, "round \(round): the sort keys")
            XCTAssertEqual(fromTexts.idHashes, fromFriends.idHashes, "round \(round): the ids' hashes")
            XCTAssertEqual(fromTexts.byIDHash, fromFriends.byIDHash, "round \(round)")
            var left = FriendList(sortOrder: sortOrder)
            var right = FriendList(sortOrder: sortOrder)
            XCTAssertEqual(left.append(fromTexts), right.append(fromFriends), "round \(round): ids repeated")
            left._checkInvariants()
            XCTAssertEqual(left, right, "round \(round)")
            for query in ["ada", "王小明", "zoe", "e"] {
                XCTAssertEqual(
                    left.positions(matching: SearchQuery(query)), right.positions(matching: SearchQuery(query)),
                    "round \(round): \(query)")
            }
        }
    }

    /// A friend's strings are copied by words of 2, 4 or 8 bytes, overlapping, up to 32 bytes,
    /// and whole past that: each length, around every word size, reads back whole, whether the
    /// page made room for it beforehand or grows to take it.
    func testStringsOfEveryLengthAreCopiedWhole() {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        func text(_ length: Int, from start: Int) -> String {
            String(decoding: (0..<length).map { letters[(start + $0) % letters.count] }, as: UTF8.self)
        }
        var friends: [Friend] = []
        for length in 0...40 {
            friends.append(Friend(id: text(length, from: 1), name: text(length, from: 2)))
            friends.append(
                Friend(
                    id: text(40 - length, from: 3), name: text(length, from: 4), firstName: text(length, from: 5),
                    middleName: length % 2 == 0 ? text(length / 2, from: 6) : nil, lastName: text(length + 1, from: 7)))
        }
        for reserved in [0, 1, friends.count] {
            var texts = FriendTexts()
            texts.reserveCapacity(reserved)
            for friend in friends { texts.append(friend) }
            XCTAssertEqual(texts.friends, friends, "room for \(reserved) beforehand")
        }
    }
}
