import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// Several sources read as one list.
final class SeveralSourcesTests: XCTestCase {
    /// A loader delivering `friends` in one page, then failing with `failure` when given.
    private struct Stub: FriendLoader {
        var friends: [Friend] = []
        var failure: SourceError?

        func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
            if !friends.isEmpty { deliver(FriendPage(friends: friends)) }
            if let failure { throw failure }
        }
    }

    private let ada = Friend(id: "same", name: "Ada Lovelace")
    private let bob = Friend(id: "same", name: "Bob Stone", members: ["ada", "cy"])
    private let missing = SourceError(source: "gone.vcf", problem: "no such file")

    private func load(_ stubs: [Stub]) throws(SourceError) -> (list: FriendList, leftOut: Int) {
        let loader = SeveralSourcesLoader(sources: stubs.enumerated().map { ("source \($0.offset + 1)", $0.element) })
        let (list, leftOut, _) = try loader.list(sortOrder: .first)
        return (list, leftOut)
    }

    func testEveryoneOfEverySourceIsInOneListTheirIdsKeptApart() throws {
        let (list, leftOut) = try load([Stub(friends: [ada]), Stub(friends: [bob])])
        XCTAssertEqual(leftOut, 0, "the same id in two sources is two friends")
        XCTAssertEqual(list.friends.map(\.id), ["1:same", "2:same"])
        XCTAssertEqual(list.friends.map(\.members), [nil, ["2:ada", "2:cy"]], "a group's members are its source's")
        XCTAssertEqual(list.problems, [])
    }

    func testNamesakesFromTwoBooksStayTwo() throws {
        let card = Friend(id: StableID.of(["Ann Lee"]), name: "Ann Lee")
        let (list, _) = try load([Stub(friends: [card]), Stub(friends: [card])])
        XCTAssertEqual(list.friends.map(\.name), ["Ann Lee", "Ann Lee"])
    }

    func testAPersonInTwoSourcesIsOneFriendFoundByEitherAddress() throws {
        var card = Friend(id: "uid-ann", name: "Ann Lee", emails: ["ann@x.org"])
        card.uid = "uid-ann"
        let row = Friend(
            id: StableID.of(["Ann Lee", "ann@x.org"]), name: "ann lee", emails: ["ann@x.org", "ann@zzz.org"])
        var member = Friend(id: "uid-ann", name: "Ann Lee")
        member.uid = "uid-ann"
        let group = Friend(id: "g", name: "Neighbours", members: ["uid-ann"])
        let (list, leftOut) = try load([
            Stub(friends: [card, ada]), Stub(friends: [row]), Stub(friends: [group, member]),
        ])
        XCTAssertEqual(leftOut, 0)
        XCTAssertEqual(list.friends.map(\.id), ["1:same", "1:uid-ann", "3:g"], "one row for Ann, under her first id")
        let ann = list.friends[1]
        XCTAssertEqual(ann.name, "Ann Lee")
        XCTAssertEqual(ann.emails, ["ann@x.org", "ann@zzz.org"])
        XCTAssertEqual(ann.sources, ["source 1", "source 2", "source 3"])
        XCTAssertEqual(list.friends[0].sources, ["source 1"])
        XCTAssertEqual(
            list.friends[2].members, ["1:uid-ann"], "the group of the third source finds her, its card before hers")
        XCTAssertEqual(
            list.mergedIDs, ["2:" + row.id: "1:uid-ann", "3:uid-ann": "1:uid-ann"],
            "the ids the later sources gave her lead to her")
        XCTAssertEqual(list.keptID("2:" + row.id), "1:uid-ann")
        XCTAssertEqual(list.keptID("1:same"), "1:same")
        let search = SearchQuery("zzz", searchesAddresses: true)
        XCTAssertEqual(
            list.search(search, ranking: nil).inOrder.map { list.friends[$0].id }, ["1:uid-ann"],
            "the address the second source added is searched")
    }

    func testAFriendsSourcesAreNamedAsGivenWithoutCredentials() {
        XCTAssertEqual(FriendSource(argument: "~/a b.vcf").givenName(redacting: nil), "~/a b.vcf")
        XCTAssertEqual(FriendSource(argument: "-").givenName(redacting: nil), "-")
        XCTAssertEqual(
            FriendSource(argument: "carddavs://ann:secret@dav.example.org/books/").givenName(redacting: nil),
            "carddavs://dav.example.org/books/")
        XCTAssertEqual(
            FriendSource(argument: "https://127.0.0.1/v1/EAAB0token123/friends?access_token=EAAB0token123").givenName(
                redacting: "EAAB0token123"),
            "https://127.0.0.1/v1/REDACTED/friends?access_token=REDACTED")
    }

    func testAFailingSourceIsToldAndCostsOnlyItself() throws {
        let partial = SourceError(source: "b.json", problem: "not valid JSON at line 9")
        let (list, _) = try load([Stub(failure: missing), Stub(friends: [ada], failure: partial), Stub(friends: [bob])])
        XCTAssertEqual(list.friends.map(\.name), ["Ada Lovelace", "Bob Stone"], "what the failing source read stays")
        XCTAssertEqual(list.problems, [missing, partial], "in the order the sources were read")
    }

    func testASourceFailingBeforeAnEmptyOneIsToldAtTheEnd() throws {
        let (list, _) = try load([Stub(failure: missing), Stub()])
        XCTAssertEqual(list.count, 0)
        XCTAssertEqual(list.problems, [missing])
    }

    func testWhenEverySourceFailsTheLoadFailsNamingEach() {
        let rejected = SourceError(
            source: "https://127.0.0.1/friends", problem: "session rejected", rejectsSession: true)
        XCTAssertThrowsError(try load([Stub(failure: missing), Stub(failure: rejected)])) { error in
            XCTAssertEqual(
                (error as? SourceError)?.description,
                "gone.vcf: no such file; and every other source failed too: https://127.0.0.1/friends: session rejected"
            )
            XCTAssertEqual((error as? SourceError)?.rejectsSession, true)
        }
    }

    func testASourceOfSeveralIsItsPartsAndNamesThemAll() {
        let several = FriendSource(combining: [.file("a.vcf"), .standardInput])
        XCTAssertEqual(several, .several([.file("a.vcf"), .standardInput]))
        XCTAssertEqual(several.parts, [.file("a.vcf"), .standardInput])
        XCTAssertEqual(several.displayName, "a.vcf, standard input")
        XCTAssertEqual(FriendSource(combining: [.file("a.vcf")]), .file("a.vcf"), "one source is itself")
        XCTAssertNil(several.url)
        XCTAssertNil(PickHistory.place(of: several), "standard input is known by its content alone")
    }
}
