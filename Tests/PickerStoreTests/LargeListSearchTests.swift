import Dispatch
import PickerTestSupport
import XCTest

@testable import PickerStore

/// The search of a list large enough to be scanned in parts on every core, into memory kept
/// from one search to the next: the friends the reference finds, in its order.
final class LargeListSearchTests: XCTestCase {
    /// 20,000 friends of random names, some with punctuation, accents and other scripts, some
    /// with name parts: more than one part of the list order for each core, even on two.
    private static let friends: [Friend] = {
        var random = SplitMix64(seed: 37)
        let pieces = [
            "Lee", "lena", "Maria", "mark", "Ann", "Zoë", "Jo", "José", "Łukasz", "O'Brien", "Jean-Pierre", "St.", "王",
            "Анна", "le", "al", "Ma", " ", " ", "-", "'",
        ]
        return (0..<20_000).map { index in
            let words = (0..<Int(1 + random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let name = words.joined(separator: random.next() % 4 == 0 ? "" : " ")
            guard random.next() % 5 == 0, words.count > 1 else { return Friend(id: String(index), name: name) }
            return Friend(id: String(index), name: name, firstName: words[0], lastName: words[words.count - 1])
        }
    }()

    private static let queries = [
        "l", "z", "le", "ma", "lee", "obrien", "o'b", "jeanpierre", "a l", "le !ma", "^le", "zoë", "анна", "王", "xq",
    ]

    func testTheRankedOrderAgreesWithTheReference() {
        let list = FriendList(Self.friends)
        var random = SplitMix64(seed: 5)
        let favoured = (0..<40).map { _ in Int(random.next() % UInt64(list.count)) }
        for query in Self.queries {
            let expected = ReferenceSearch.ranked(list, query: query, favoured: favoured)
            let found = list.search(SearchQuery(query), ranking: Ranking(favoured: favoured))
            XCTAssertEqual(found.inOrder, expected, "query \(query.debugDescription)")
            XCTAssertEqual(Array(found.positions), expected.sorted(), "query \(query.debugDescription), in list order")
            if query.count == 1 {
                XCTAssertEqual(
                    list.search(SearchQuery(query), ranking: Ranking()).inOrder,
                    ReferenceSearch.ranked(list, query: query), "query \(query.debugDescription), none favoured")
            }
            XCTAssertEqual(
                Array(list.positions(matching: SearchQuery(query))), expected.sorted(),
                "query \(query.debugDescription), not ranked")
            // Narrowed among the first letter's friends, as the picker does on the second key.
            let first = SearchQuery(String(query.prefix(1)))
            if SearchQuery(query).narrows(first) {
                let among = list.search(first, ranking: Ranking()).positions
                let narrowed = list.search(SearchQuery(query), among: among, ranking: Ranking(favoured: favoured))
                XCTAssertEqual(narrowed.inOrder, expected, "query \(query.debugDescription), narrowed")
            }
        }
    }

    func testSearchesOnSeveralThreadsAtOnceFindWhatOneFinds() {
        let list = FriendList(Self.friends)
        let expected = Self.queries.map { list.search(SearchQuery($0), ranking: Ranking()) }
        let found = UnsafeMutableBufferPointer<SearchResult?>.allocate(capacity: 4 * Self.queries.count)
        found.initialize(repeating: nil)
        defer { found.deallocate() }
        let slots = UncheckedSendable(found)
        DispatchQueue.concurrentPerform(iterations: found.count) { index in
            let query = Self.queries[index % Self.queries.count]
            slots.value[index] = list.search(SearchQuery(query), ranking: Ranking())
        }
        for index in found.indices {
            XCTAssertEqual(found[index], expected[index % Self.queries.count], "search \(index)")
        }
    }
}
