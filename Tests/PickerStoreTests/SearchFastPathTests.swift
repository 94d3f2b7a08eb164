import PickerTestSupport
import XCTest

@testable import PickerStore

/// The scan over packed keys (on every core, through a bit per friend, or over candidates one
/// by one) against the reference search, on a list large enough for every path.
final class SearchFastPathTests: XCTestCase {
    private static let words = [
        "Ann", "Anna", "Zoë", "Zoe", "ZOË", "José", "Łukasz", "Müller", "Анна", "王小明", "O'Brien", "e\u{301}mile", "अर्जुन",
        "Smith", "Sméth", "ǅemal", "straße",
    ]

    private func list(_ random: inout SplitMix64, count: Int) -> (FriendList, [Friend]) {
        let friends = (0..<count).map { index in
            let name = (0..<(1 + Int(random.next() % 3))).map { _ in
                Self.words[Int(random.next() % UInt64(Self.words.count))]
            }.joined(separator: " ")
            return Friend(id: String(index), name: name)
        }
        return (FriendList(friends), friends)
    }

    private func expected(_ list: FriendList, _ query: String, among candidates: [Int]? = nil) -> [Int] {
        (candidates ?? Array(0..<list.count)).filter { ReferenceSearch.includes(list.friends[$0], query: query) }
    }

    func testEveryPathAgreesWithTheReference() {
        var random = SplitMix64(seed: 21)
        let (list, _) = list(&random, count: 17_000)
        assertChainsAgreeWithTheReference(
            list, [["a", "an", "anna"], ["zo", "zoë", "zoë k"], ["smé"], ["łu"], ["王小"], ["e", "émile"], ["straße"]])
    }

    /// A query of one plain term is scored by a path of its own: short names and long ones
    /// (past ``MatchTier/shortKey``), the term's first bytes found more than once, inside words
    /// and at their starts.
    func testOnePlainTermRanksAsTheReferenceSays() {
        var random = SplitMix64(seed: 30)
        let (list, _) = list(&random, count: 17_000)
        let long = (0..<300).map { index in
            Friend(id: "long\(index)", name: "Annann Smithsmith Zoëzoë Müllermüller Annabella Smé \(index) Ann")
        }
        let longList = FriendList(Array(list.friends) + long)
        for query in ["an", "nn", "ann", "annab", "sm", "smé", "zoë", "mü", "ll", "王小", "xq"] {
            XCTAssertEqual(
                longList.search(SearchQuery(query), ranking: Ranking()).inOrder,
                ReferenceSearch.ranked(longList, query: query), "query \(query.debugDescription)")
        }
    }

    func testFewCandidatesAreCheckedOneByOne() {
        var random = SplitMix64(seed: 8)
        let (list, _) = list(&random, count: 17_000)
        let candidates = stride(from: 0, to: list.count, by: 9).map { $0 }
        func found(_ query: String, among: [Int]) -> [Int] {
            Array(list.positions(matching: SearchQuery(query), among: Positions(among)))
        }
        XCTAssertEqual(found("ann", among: candidates), expected(list, "ann", among: candidates))
        XCTAssertEqual(found("", among: candidates), candidates)
        let half = Array(0..<(list.count / 2))
        XCTAssertEqual(
            found("ann", among: half), expected(list, "ann", among: half), "many candidates that are not everyone")
        let all = Array(0..<list.count)
        XCTAssertEqual(found("ann", among: all), expected(list, "ann"))
        XCTAssertEqual(
            Array(list.positions(matching: SearchQuery("ann"), among: .everyone(list.count))), expected(list, "ann"))
    }
}
