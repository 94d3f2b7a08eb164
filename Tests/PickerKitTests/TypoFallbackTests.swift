import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// A term of four or more letters that matches nobody finds the words one typo away, with a
/// notice that says so.
final class TypoFallbackTests: XCTestCase {
    private let friends = [
        "John Smith", "Johanna Berg", "Katrin Müller", "Anna Kowalski", "Jon Snow", "Bo Lee",
    ].enumerated().map { Friend(id: String($0), name: $1) }

    private func typos(_ query: String) -> (names: [String], terms: [String])? {
        let list = FriendList(friends)
        guard let result = list.searchAllowingTypos(SearchQuery(query), ranking: Ranking()) else { return nil }
        return (result.inOrder.map { list.friends[$0].name }, result.typoTerms)
    }

    func testOneLetterSwappedDeletedChangedOrInserted() {
        XCTAssertEqual(typos("jhon")?.names, ["John Smith", "Jon Snow"], "swapped, or one letter more than Jon")
        XCTAssertEqual(typos("mullr")?.names, ["Katrin Müller"], "a letter missing, accents ignored")
        XCTAssertEqual(typos("kowalsky")?.names, ["Anna Kowalski"], "a letter changed")
        XCTAssertEqual(typos("smithh")?.names, ["John Smith"], "a letter too many")
        XCTAssertEqual(typos("jhon")?.terms, ["jhon"])
    }

    func testTheOtherTermsStillMatchAsTyped() {
        XCTAssertEqual(typos("jhon smi")?.names, ["John Smith"])
        XCTAssertNil(typos("jhon xyz"), "xyz is too short to be a typo and matches nobody")
    }

    func testNoFallbackForShortAnchoredOrMatchingTerms() {
        XCTAssertNil(typos("jhn"), "three letters")
        XCTAssertNil(typos("^jhon"), "anchored")
        XCTAssertNil(typos("!jhon"))
        XCTAssertNil(typos("jhon@x"), "an email term")
        XCTAssertNil(typos("qqqqq"), "nobody is one typo away")
        XCTAssertNil(typos("bo mullr"), "bo matches as typed, mullr is Müller's: no friend has both")
    }

    func testThePickerShowsThemWithANotice() {
        var state = PickerState(loaded: FriendList(friends), size: TerminalSize(rows: 8, columns: 80))
        state.send(.startSearch)
        state.send(.typed("jhon"))
        XCTAssertEqual(state.typoTerms, ["jhon"])
        XCTAssertEqual(state.currentFriend?.name, "John Smith")
        let text = state.frame().text
        XCTAssertTrue(text.contains("no exact match for “jhon”: names one typo away"), text)
        state.send(.typed("n"))
        XCTAssertEqual(state.typoTerms, [], "jhonn is two typos from John")
        XCTAssertEqual(state.shown.count, 0)
        state.send(.deleteBackward)
        XCTAssertEqual(state.typoTerms, ["jhon"])
        state.send(.deleteBackward)
        XCTAssertEqual(state.typoTerms, [], "jho is too short")
        XCTAssertEqual(state.shown.count, 0)
        state.send(.typed("n"))
        XCTAssertEqual(state.shown.count, 2)
        state.send(.typed(" s"))
        XCTAssertEqual(state.shown.count, 2, "jhon one typo away, s as typed")
        XCTAssertEqual(state.typoTerms, ["jhon"])
    }

    func testFriendsKnownToPassTheTermsTypedRightGiveWhatEveryoneGives() {
        var random = SplitMix64(seed: 45)
        let words = ["John", "Johanna", "Müller", "Kowalski", "Smith", "Smyth", "Jon", "Anna", "Bo", "Lee", "O'Brien"]
        let friends = randomFriends(9_000, of: words, wordCounts: 2...3, &random)
        let list = FriendList(friends)
        let everyone: (SearchQuery) -> Positions? = { _ in .everyone(list.count) }
        let found: (SearchQuery) -> Positions? = { list.search($0, ranking: nil).positions }
        for query in ["jhon smith", "anna mullr", "bo kowalsky", "lee jhon anna", "smiht bo", "jon xqzzy"] {
            let expected = list.searchAllowingTypos(SearchQuery(query), ranking: Ranking())
            for (known, how) in [(everyone, "everyone"), (found, "the friends found")] {
                let result = list.searchAllowingTypos(SearchQuery(query), known: known, ranking: Ranking())
                XCTAssertEqual(result?.inOrder, expected?.inOrder, "\(query), among \(how)")
                XCTAssertEqual(result?.typoTerms, expected?.typoTerms, "\(query), among \(how)")
            }
        }
        let names = ["Bo Smyth", "Bo Lee", "John Smith"]
        let few = FriendList(names.enumerated().map { Friend(id: String($0), name: $1) })
        XCTAssertNil(
            few.searchAllowingTypos(
                SearchQuery("bo smith"), known: { few.search($0, ranking: nil).positions }, ranking: Ranking()),
            "Bo Smyth is one typo from bo smith, but smith matches John Smith as typed")
    }

    func testThePickerLooksAmongTheFriendsTheTermsTypedRightFound() {
        var state = PickerState(loaded: FriendList(friends), size: TerminalSize(rows: 8, columns: 80))
        state.send(.startSearch)
        for character in "jon smiht" { state.send(.typed(String(character))) }
        XCTAssertEqual(state.typoTerms, [])
        XCTAssertEqual(state.shown.count, 0, "Jon Snow is not one typo from smiht")
        state.send(.deleteToStart)
        for character in "john smiht" { state.send(.typed(String(character))) }
        XCTAssertEqual(state.typoTerms, ["smiht"])
        XCTAssertEqual(state.currentFriend?.name, "John Smith")
    }

    /// The fallback against the reference, on random names and mistyped queries.
    func testAgreesWithTheReference() {
        var random = SplitMix64(seed: 44)
        let words = ["John", "Johanna", "Müller", "Kowalski", "Smith", "Jon", "Anna", "Łukasz", "Ægir", "O'Brien"]
        let friends = randomFriends(400, of: words, wordCounts: 1...3, &random)
        let list = FriendList(friends)
        for query in [
            "jhon", "mullr", "kowalsky", "smiht", "lukaz", "agir", "obrian", "jhon anna", "anna jhon smiht", "xxxxxx",
        ] {
            let found = list.search(SearchQuery(query), ranking: Ranking())
            let expected = ReferenceSearch.typoRanked(list, query: query)
            guard found.count == 0 else {
                XCTAssertNil(expected, query)
                continue
            }
            let fallback = list.searchAllowingTypos(SearchQuery(query), ranking: Ranking())
            XCTAssertEqual(fallback?.inOrder, expected?.positions, query)
            XCTAssertEqual(fallback?.typoTerms, expected?.terms, query)
        }
    }

    /// `count` friends, each named by a number of `words` in `wordCounts`, drawn by `random`.
    private func randomFriends(
        _ count: Int, of words: [String], wordCounts: ClosedRange<Int>, _ random: inout SplitMix64
    ) -> [Friend] {
        (0..<count).map { index in
            let wordCount = wordCounts.lowerBound + Int(random.next() % UInt64(wordCounts.count))
            return Friend(
                id: String(index),
                name: (0..<wordCount).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(
                    separator: " "))
        }
    }
}
