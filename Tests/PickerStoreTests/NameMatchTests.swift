import PickerKit
import PickerTestSupport
import XCTest

/// The matcher alone, as a library user calls it: a query compiled once, then `matches` and
/// `match` (the score the picker ranks by, the parts of the name to highlight) for one friend.
final class NameMatchTests: XCTestCase {
    private let ada = Friend(id: "1", name: "Ada Lovelace")

    private func highlighted(_ query: String, _ friend: Friend) -> [String]? {
        SearchQuery(query).match(friend).map { $0.highlights.map { String(friend.name[$0]) } }
    }

    func testAMatchSaysWhereEachTermMatchedAndWhatToHighlight() throws {
        XCTAssertEqual(SearchQuery("ada").match(ada)?.score, 0, "the start of the name")
        XCTAssertEqual(SearchQuery("lov").match(ada)?.score, 1, "the start of a later word")
        XCTAssertEqual(SearchQuery("ela").match(ada)?.score, 2, "inside a word")
        XCTAssertEqual(SearchQuery("ada lov").match(ada)?.score, 1, "the sum over the terms")
        XCTAssertEqual(highlighted("lov", ada), ["Lov"])
        XCTAssertEqual(highlighted("lace ada", ada), ["Ada", "lace"])
        XCTAssertNil(SearchQuery("bob").match(ada))
        XCTAssertEqual(SearchQuery("").match(ada)?.score, 0, "an empty query includes everyone")
    }

    func testAccentsAnchorsAndExclusionsAreTheSearchsOwn() {
        let jose = Friend(id: "2", name: "José Ñúñez")
        XCTAssertEqual(highlighted("jose nun", jose), ["José", "Ñúñ"])
        XCTAssertNil(SearchQuery("josé").match(Friend(id: "3", name: "Jose Nunez")), "an accent typed must be there")
        XCTAssertNil(SearchQuery("^lov").match(ada))
        XCTAssertEqual(highlighted("lace$", ada), ["lace"])
        XCTAssertNil(SearchQuery("!ada").match(ada))
        XCTAssertEqual(highlighted("!bob", ada), [], "an exclusion marks nothing")
        XCTAssertEqual(
            highlighted("obrien", Friend(id: "4", name: "Pat O'Brien")), ["O", "Brien"], "across the apostrophe")
    }

    func testAnAddressMatchesWithoutAHighlightInTheName() {
        let friend = Friend(id: "5", name: "Ann Lee", emails: ["ann@example.org"])
        XCTAssertEqual(SearchQuery("ann@ex").match(friend)?.highlights, [])
        XCTAssertEqual(SearchQuery("ann@ex").match(friend)?.score, 4, "after every name match")
    }

    /// `matches` is `shouldInclude`, and ranking friends by their score (list order among
    /// equals) is the order the list's own ranked search gives.
    func testScoresOrderFriendsAsTheListRanksThem() {
        var generator = SplitMix64(seed: 33)
        let words = ["ana", "anders", "bo", "bond", "dana", "lee", "leena", "mo", "moana", "nan", "o'neil", "zoë"]
        for round in 0..<200 {
            let friends = (0..<40).map { number in
                Friend(
                    id: "\(number)",
                    name: (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                        words.randomElement(using: &generator)!.capitalized
                    }.joined(separator: " "))
            }
            let list = FriendList(friends)
            let query = SearchQuery(
                (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                    String(words.randomElement(using: &generator)!.prefix(Int.random(in: 1...3, using: &generator)))
                }.joined(separator: " "))
            let positions = list.positions(matching: query, ranked: true)
            let inListOrder = (0..<list.count).filter { query.matches(list.friends[$0]) }
            XCTAssertEqual(Set(positions), Set(inListOrder), "round \(round): \(query.text)")
            let byScore = inListOrder.enumerated().sorted { left, right in
                let (a, b) = (
                    query.match(list.friends[left.element])!.score, query.match(list.friends[right.element])!.score
                )
                return a != b ? a < b : left.offset < right.offset
            }.map(\.element)
            XCTAssertEqual(positions, byScore, "round \(round): \(query.text)")
            for friend in friends {
                XCTAssertEqual(query.matches(friend), shouldInclude(friend, query: query.text), friend.name)
            }
        }
    }
}
