import PickerTestSupport
import XCTest

@testable import PickerStore

/// The rule by which a contact of a later source is a person an earlier source gave.
final class SourceMergeTests: XCTestCase {
    private func contact(
        _ id: String, _ name: String, _ emails: [String] = [], uid: String? = nil, source: String = "a.vcf",
        card: ContactCard? = nil
    ) -> Friend {
        var friend = Friend(id: id, name: name, emails: emails, card: card)
        friend.uid = uid
        friend.sources = [source]
        return friend
    }

    /// What each contact became, taken in the order given, each from the source at its place.
    private func outcomes(_ contacts: [(Friend, Int)]) -> [SourceMerge.Outcome] {
        var merge = SourceMerge()
        return contacts.map { merge.take($0.0, fromSource: $0.1) }
    }

    private func amended(_ outcome: SourceMerge.Outcome?, file: StaticString = #filePath, line: UInt = #line)
        -> Friend?
    {
        guard case .amended(let friend) = outcome else {
            XCTFail("not amended: \(String(describing: outcome))", file: file, line: line)
            return nil
        }
        return friend
    }

    func testTheSameUIDIsOnePersonWhateverTheName() {
        let first = contact("1:u1", "Ada Lovelace", ["ada@x.org"], uid: "u1")
        let second = contact("2:u1", "Ada King", ["ada@work.org"], uid: "u1", source: "b.vcf")
        let found = outcomes([(first, 0), (second, 1)])
        XCTAssertEqual(found.first, .new(first))
        let merged = amended(found.last)
        XCTAssertEqual(merged?.id, "1:u1", "the first source's id stays")
        XCTAssertEqual(merged?.name, "Ada Lovelace", "the first source's name stays")
        XCTAssertEqual(merged?.emails, ["ada@x.org", "ada@work.org"])
        XCTAssertEqual(merged?.sources, ["a.vcf", "b.vcf"])
    }

    func testTheSameNameAndAnAddressInCommonIsOnePerson() {
        let first = contact("1:a", "Ada Lovelace", ["ada@x.org", "ada@home.org"])
        let second = contact("2:b", "Ada Lovelace", ["ADA@home.org", "ada@work.org"], source: "b.csv")
        let merged = amended(outcomes([(first, 0), (second, 1)]).last)
        XCTAssertEqual(
            merged?.emails, ["ada@x.org", "ada@home.org", "ada@work.org"],
            "the first's addresses first, its preferred one leading; an address differing in case alone is one")
    }

    func testNamesakesWithNoAddressInCommonStayTwo() {
        let first = contact("1:a", "Ann Lee", ["ann@x.org"])
        let second = contact("2:a", "Ann Lee", ["ann.lee@y.org"], source: "b.vcf")
        let nameless = contact("3:a", "Ann Lee", source: "c.vcf")
        XCTAssertEqual(
            outcomes([(first, 0), (second, 1), (nameless, 2)]), [.new(first), .new(second), .new(nameless)])
    }

    func testNamesAreComparedAsTheSearchFoldsThem() {
        let first = contact("1:a", "José  Álvarez", ["jose@x.org"])
        let second = contact("2:a", "jose alvarez", ["jose@x.org"], source: "b.vcf")
        let third = contact("3:a", "José Alvares", ["jose@x.org"], source: "c.vcf")
        let found = outcomes([(first, 0), (second, 1), (third, 2)])
        XCTAssertEqual(amended(found[1])?.sources, ["a.vcf", "b.vcf"], "case, accents and spaces folded")
        XCTAssertEqual(found[2], .new(third), "another name is another person, even at one letter")
    }

    func testTwoContactsOfOneSourceStayTwo() {
        let first = contact("1:a", "Ann Lee", ["ann@x.org"], uid: "u")
        let second = contact("1:b", "Ann Lee", ["ann@x.org"], uid: "u")
        XCTAssertEqual(outcomes([(first, 0), (second, 0)]), [.new(first), .new(second)])
    }

    func testAPersonOfThreeSourcesIsFoundByWhatAnyOfThemGave() {
        let first = contact("1:a", "Ann Lee", ["ann@x.org"])
        let second = contact("2:u", "Ann Lee", ["ann@x.org"], uid: "u", source: "b.vcf")
        let third = contact("3:u", "Ann Leigh", ["ann@y.org"], uid: "u", source: "c.vcf")
        let merged = amended(outcomes([(first, 0), (second, 1), (third, 2)]).last)
        XCTAssertEqual(merged?.id, "1:a", "found by the UID the second source gave")
        XCTAssertEqual(merged?.emails, ["ann@x.org", "ann@y.org"])
        XCTAssertEqual(merged?.sources, ["a.vcf", "b.vcf", "c.vcf"])
    }

    func testTheCardsAreMergedTheFirstLeading() {
        let first = contact(
            "1:a", "Ann Lee", ["ann@x.org"],
            card: ContactCard(nickname: "Annie", phones: ["+44 20 7946 0000"], categories: ["Family"]))
        let second = contact(
            "2:a", "Ann Lee", ["ann@x.org"], source: "b.vcf",
            card: ContactCard(
                nickname: "Nan", organization: "Acme", phones: ["+442079460000", "+44 7700 900000"],
                categories: ["family", "Work"], note: "met in Leeds"))
        let merged = amended(outcomes([(first, 0), (second, 1)]).last)
        XCTAssertEqual(
            merged?.card,
            ContactCard(
                nickname: "Annie", organization: "Acme", phones: ["+44 20 7946 0000", "+44 7700 900000"],
                categories: ["Family", "Work"], note: "met in Leeds"),
            "a phone is compared by its digits, a category without case")
    }

    func testGroupsAreNeverMerged() {
        var group = contact("1:g", "Family", ["family@x.org"], uid: "g")
        group.members = ["1:a"]
        var again = group
        again.id = "2:g"
        XCTAssertEqual(outcomes([(group, 0), (again, 1)]), [.new(group), .new(again)])
    }

    func testAMergedContactsOwnIdLeadsToTheFriendItJoined() {
        var merge = SourceMerge()
        _ = merge.take(contact("1:u", "Ann Lee", uid: "u"), fromSource: 0)
        _ = merge.take(contact("2:u", "Ann Lee", uid: "u", source: "b.vcf"), fromSource: 1)
        XCTAssertEqual(merge.keptID("2:u"), "1:u", "a group of the second source finds her")
        XCTAssertEqual(merge.keptID("2:v"), "2:v")
    }
}
