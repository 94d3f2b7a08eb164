import PickerTestSupport
import XCTest

@testable import PickerStore

/// Sort keys derived from the accent keys instead of stored: each is the key made from the
/// name and its parts, or is stored; plain names store none; the list is in the order of the
/// keys made from the names, then of arrival.
final class DerivedSortKeyTests: XCTestCase {
    private let words = [
        "Ada", "Lovelace", "ann", "ANNA", "Zoë", "Zoe\u{308}", "José", "Łukasz", "王", "小明", "Анна", "ß", "Ǆ",
        "O'Brien", "Jean-Luc", "\u{301}", "\u{b4}", "\u{a8}", "ab\u{0}c", "1st", "_x", "é", "ﬁ", "Ⅸ",
    ]
    private let spaces = [" ", " ", " ", "  ", "\t", "\u{a0}", "\u{3000}", "\u{2009}", "\u{85}"]

    private func randomFriend(_ number: Int, _ random: inout SplitMix64) -> Friend {
        let count = Int(random.next() % 5)
        var name = random.next() % 8 == 0 ? spaces[Int(random.next() % UInt64(spaces.count))] : ""
        for index in 0..<count {
            if index > 0 { name += spaces[Int(random.next() % UInt64(spaces.count))] }
            name += words[Int(random.next() % UInt64(words.count))]
        }
        if random.next() % 8 == 0 { name += " " }
        if name.isEmpty { name = "Ada" }
        switch random.next() % 4 {
        case 0:
            // Parts given apart from the name's words, as for 王小明.
            return Friend(id: "\(number)", name: name, firstName: words[Int(random.next() % 10)], lastName: "王")
        case 1:
            let parts = Friend(id: "", name: name).nameParts
            return Friend(
                id: "\(number)", name: name, firstName: parts.first,
                middleName: parts.middle.isEmpty ? nil : parts.middle,
                lastName: parts.last.isEmpty ? nil : parts.last)
        default:
            return Friend(id: "\(number)", name: name)
        }
    }

    /// The key ``SortEntry`` makes from `friend`'s name and parts.
    private func madeKey(_ friend: Friend, _ sortOrder: NameOrder) -> [UInt8] {
        var folding = TextFolding()
        var bytes: [UInt8] = []
        var name = friend.name
        name.withUTF8 { utf8 in
            let given = friend.firstName != nil || friend.lastName != nil ? friend.nameParts : nil
            SortEntry.append(name: utf8, givenParts: given, sortOrder: sortOrder, folding: &folding, to: &bytes)
        }
        return bytes
    }

    func testEveryKeyIsTheOneMadeFromTheNameAndTheListIsInTheirOrder() {
        var random = SplitMix64(seed: 31)
        for round in 0..<30 {
            for sortOrder in NameOrder.allCases {
                let friends = (0..<Int(1 + random.next() % 600)).map { randomFriend($0, &random) }
                var list = FriendList(sortOrder: sortOrder)
                for page in stride(from: 0, to: friends.count, by: 97) {
                    list.append(Array(friends[page..<min(page + 97, friends.count)]))
                }
                list._checkInvariants()
                for (number, friend) in friends.enumerated() {
                    var derived: [UInt8] = []
                    list.keys.appendSortKey(number, sortOrder: sortOrder, to: &derived)
                    XCTAssertEqual(
                        derived, madeKey(friend, sortOrder), "round \(round): \(friend.name.debugDescription)")
                }
                let keys = friends.map { madeKey($0, sortOrder) }
                let expected = friends.indices.sorted {
                    keys[$0] == keys[$1] ? $0 < $1 : keys[$0].lexicographicallyPrecedes(keys[$1])
                }
                XCTAssertEqual(list.friends.map(\.id), expected.map { friends[$0].id }, "round \(round), \(sortOrder)")
            }
        }
    }

    func testPlainNamesStoreNoKeyAndOthersDo() {
        let plain = ["Ada Lovelace", "Mason James Miller", "Zoë Ægir", "Łukasz", "José María de la Cruz", "Анна"]
            .enumerated()
            .map { Friend(id: "\($0)", name: $1) }
        let given = [Friend(id: "g", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace")]
        for sortOrder in NameOrder.allCases {
            XCTAssertEqual(FriendList(plain + given, sortOrder: sortOrder).keys.storedSortKeys.count, 0, "\(sortOrder)")
        }
        // Parts a service gave that are not the name's words, or not in their order.
        let apart = [
            Friend(id: "c", name: "王小明", firstName: "小明", lastName: "王"),
            Friend(id: "l", name: "Lovelace Ada", firstName: "Ada", lastName: "Lovelace"),
        ]
        XCTAssertEqual(FriendList(apart).keys.storedSortKeys.count, 2)
    }

    func testNamesakesKeepTheOrderTheyArrivedIn() {
        let friends = ["9", "10", "1", "zz"].map { Friend(id: $0, name: "Ann Lee") }
        var list = FriendList()
        list.append(Array(friends[0..<2]))
        list.append(Array(friends[2...]))
        XCTAssertEqual(list.friends.map(\.id), ["9", "10", "1", "zz"])
    }
}
