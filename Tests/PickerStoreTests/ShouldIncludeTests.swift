import PickerTestSupport
import XCTest

@testable import PickerStore

/// The public predicate runs the list's search on one friend, so it says what the list shows.
final class ShouldIncludeTests: XCTestCase {
    func testSaysWhatTheSearchDocumentationSays() {
        let jose = Friend(id: "1", name: "José Álvarez")
        XCTAssertTrue(shouldInclude(jose, query: ""))
        XCTAssertTrue(shouldInclude(jose, query: "jose"))
        XCTAssertTrue(shouldInclude(jose, query: "ALV jos"))
        XCTAssertTrue(shouldInclude(jose, query: "josé"))
        XCTAssertFalse(shouldInclude(Friend(id: "2", name: "Jose Alvarez"), query: "josé"))
        XCTAssertFalse(shouldInclude(jose, query: "jose x"))
        XCTAssertTrue(shouldInclude(Friend(id: "3", name: "Łukasz Wróbel"), query: "lukasz"))
        XCTAssertTrue(shouldInclude(Friend(id: "4", name: "王小明"), query: "小明"))
    }

    /// On random names and queries: the list shows exactly the friends the predicate includes,
    /// and both agree with the reference search.
    func testAgreesWithTheListAndTheReference() {
        var random = SplitMix64(seed: 31)
        let alphabet = Array("aAbBeEéÉëoOöÖzZ ñÑçłŁабвАБВγΓσςλ王小 '-e\u{301}")
        func text(_ lengths: ClosedRange<Int>) -> String {
            String(
                (0..<Int.random(in: lengths, using: &random)).map { _ in
                    alphabet[Int(random.next() % UInt64(alphabet.count))]
                })
        }
        let friends = (0..<100).map { Friend(id: String($0), name: text(1...12)) }
        let list = FriendList(friends)
        for _ in 0..<100 {
            let query = text(0...4)
            let shown = Set(list.positions(matching: SearchQuery(query)).map { list.friends[$0].id })
            for friend in friends {
                let included = shouldInclude(friend, query: query)
                XCTAssertEqual(included, shown.contains(friend.id), "\(friend.name) \(query.debugDescription)")
                XCTAssertEqual(
                    included, ReferenceSearch.includes(friend, query: query),
                    "\(friend.name.debugDescription) \(query.debugDescription)")
            }
        }
    }
}
