import PickerTestSupport
import XCTest

@testable import PickerStore

/// The merged, packed list against a list sorted from scratch the obvious way.
final class FriendListMergeTests: XCTestCase {
    /// The section of a folded sort key as the documentation defines it: the index letter of its
    /// first letter, as a section jump reads it typed, or `#`.
    static func referenceLetter(_ key: [UInt8]) -> Character {
        guard let first = String(decoding: key, as: UTF8.self).unicodeScalars.first, first.value > 1 else {
            return "#"
        }
        return Section.letter(typed: Character(first)) ?? "#"
    }

    /// The list order as the documentation defines it: the first friend of each id, sorted by
    /// section (`A`–`Z`, the scripts' letters, then `#`), then by first, middle and last name
    /// folded, then in the order they arrived in.
    static func referenceOrder(_ friends: [Friend]) -> [Friend] {
        var seen = Set<String>()
        let unique = friends.filter { seen.insert($0.id).inserted }
        var folding = TextFolding()
        let keys = unique.map { friend -> [UInt8] in
            let parts = friend.nameParts
            return folding.fold(parts.first, .caseAndAccents).map { $0 == 0 ? 1 : $0 } + [1]
                + folding.fold(parts.middle, .caseAndAccents).map { $0 == 0 ? 1 : $0 } + [1]
                + folding.fold(parts.last, .caseAndAccents).map { $0 == 0 ? 1 : $0 }
        }
        let letter = referenceLetter
        let order = unique.indices.sorted { a, b in
            if letter(keys[a]) != letter(keys[b]) { return Section.precedes(letter(keys[a]), letter(keys[b])) }
            if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
            return a < b
        }
        return order.map { unique[$0] }
    }

    private static let pieces = [
        "Ann", "anna", "Ánna", "Bob", "bob", "Zoë", "zoe", "Łukasz", "王", "小明", "Анна", "3rd", "@x", "o'Neil",
        "e\u{301}mile", "Émile", "ÉMILE", "\u{0}", "अर्जुन", " ", "  ", "\t", "Mary Jane", "Ёлка", "Ісак", "Яна",
        "Ωμέγα", "ἄλφα", "김", "까치", "がっこう", "カナ", "かな", "דוד", "علي", "ー",
    ]

    private func randomFriends(_ random: inout SplitMix64, count: Int, idRange: UInt64) -> [Friend] {
        func pick() -> String { Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
        return (0..<count).map { _ in
            let words = (0..<Int(random.next() % 4)).map { _ in pick() }
            let id =
                random.next() % 8 == 0
                ? ["é", "e\u{301}", "ид"][Int(random.next() % 3)] : String(random.next() % idRange)
            let name = words.joined(separator: " ")
            switch random.next() % 3 {
            case 0: return Friend(id: id, name: name)
            case 1: return Friend(id: id, name: name, firstName: words.first, lastName: words.last)
            default:
                return Friend(
                    id: id, name: name, firstName: pick(), middleName: random.next() % 2 == 0 ? pick() : nil,
                    lastName: nil)
            }
        }
    }

    private func assertMatchesReference(
        _ list: FriendList, _ all: [Friend], file: StaticString = #filePath, line: UInt = #line
    ) {
        let expected = Self.referenceOrder(all)
        XCTAssertEqual(Array(list.friends), expected, file: file, line: line)
        XCTAssertEqual(list.count, expected.count, file: file, line: line)
        for (position, friend) in expected.enumerated() {
            XCTAssertEqual(
                list.position(ofID: friend.id), position, "id \(friend.id.debugDescription)", file: file, line: line)
        }
        XCTAssertNil(list.position(ofID: "no such id"), file: file, line: line)
        var letters: [Character] = []
        for friend in expected {
            var folding = TextFolding()
            letters.append(Self.referenceLetter(folding.fold(friend.nameParts.first, .caseAndAccents)))
        }
        XCTAssertEqual(list.sections, Section.sections(letters: letters), file: file, line: line)
    }

    func testAppendingPagesGivesTheOrderOfSortingEveryoneAtOnce() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<60 {
            let all = randomFriends(&random, count: Int(random.next() % 120), idRange: 150)
            var list = FriendList()
            var added = 0
            var expectedDropped = 0
            var seen = Set<String>()
            while added < all.count {
                let size = min(all.count - added, Int(random.next() % 30) + 1)
                let page = Array(all[added..<(added + size)])
                expectedDropped = page.filter { !seen.insert($0.id).inserted }.count
                XCTAssertEqual(list.append(page), expectedDropped)
                added += size
            }
            assertMatchesReference(list, all)
        }
    }

    func testALargePageMergesIntoALargeList() {
        var random = SplitMix64(seed: 9)
        let all = randomFriends(&random, count: 40_000, idRange: 1_000_000)
        var list = FriendList(Array(all[..<30_000]))
        list.append(Array(all[30_000...]))
        assertMatchesReference(list, all)
    }

    func testCanonicallyEquivalentIdsAreOneId() {
        let list = FriendList([Friend(id: "e\u{301}", name: "First"), Friend(id: "é", name: "Second")])
        XCTAssertEqual(list.friends.map(\.name), ["First"])
        XCTAssertEqual(list.position(ofID: "é"), 0)
    }

    func testFriendsComeBackAsTheyWentIn() {
        let friend = Friend(id: "42", name: "Ann Bea Smith", firstName: "Ann", middleName: "Beatrix", lastName: "Smith")
        XCTAssertEqual(FriendList([friend]).friends.first, friend)
        let bare = Friend(id: "", name: "")
        XCTAssertEqual(FriendList([bare]).friends.first, bare)
    }
}
