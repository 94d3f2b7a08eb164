import PickerTestSupport
import XCTest

@testable import PickerStore

/// A search looks in the whole contact: the name first, then the nickname, then an email
/// address or another field of the card (organisation, title, categories, birthday, note),
/// and phone numbers by their digits; a name match always ranks first.
final class ContactFieldSearchTests: XCTestCase {
    private let annie = Friend(
        id: "1", name: "Ann Lee", emails: ["ann.lee@example.org"],
        card: ContactCard(
            nickname: "Annie", organization: "Acme Ltd", title: "Engineer", phones: ["+1 (555) 123-4567"],
            categories: ["Climbing"], birthday: "1990-04-01", note: "Met at the Zürich office"))
    private let acme = Friend(id: "2", name: "Acme Rivera")
    private let jose = Friend(id: "3", name: "Pepe Díaz", card: ContactCard(nickname: "José"))
    private let juergen = Friend(id: "4", name: "Jürgen Weiß", emails: ["juergen@example.de"])

    private func found(_ query: SearchQuery, in friends: [Friend]) -> [String] {
        let list = FriendList(friends)
        return list.positions(matching: query, ranked: true).map { list.friends[$0].name }
    }

    func testEveryFieldOfTheCardIsFound() {
        for term in ["annie", "acme", "engineer", "climb", "1990", "zurich", "zürich"] {
            XCTAssertTrue(SearchQuery(term).matches(annie), term)
        }
        XCTAssertFalse(SearchQuery("bob").matches(annie))
        XCTAssertEqual(SearchQuery("annie").match(annie)?.score, 3, "a nickname after the name's tiers")
        XCTAssertEqual(SearchQuery("acme").match(annie)?.score, 4, "another field after the nickname")
        XCTAssertEqual(SearchQuery("ann acme").match(annie)?.score, 4, "the sum over the terms")
    }

    /// A card named `FN:Mom` with `N:Smith;Jane` is found by jane and smith, as a nickname is;
    /// parts the name shown holds are found as the name.
    func testEveryPartOfTheNameTheSourceGivesIsFound() {
        let mom = Friend(id: "m", name: "Mom", firstName: "Jane", lastName: "Smith", emails: ["mom@example.org"])
        for term in ["jane", "smith", "mom", "jane smith"] { XCTAssertTrue(SearchQuery(term).matches(mom), term) }
        XCTAssertEqual(SearchQuery("jane").match(mom)?.score, 3)
        XCTAssertFalse(SearchQuery("bob").matches(mom))
        let card = Friend(id: "b", name: "Mom", firstName: "Jane", card: ContactCard(title: "Nurse"))
        XCTAssertEqual(
            found(SearchQuery("jan"), in: [card, Friend(id: "j", name: "Janet Ray")]), ["Janet Ray", "Mom"])
        XCTAssertTrue(ContactDetails.otherNames(of: Friend(id: "a", name: "Ann Lee", firstName: "ann")).isEmpty)
        XCTAssertTrue(
            ContactDetails.otherNames(of: Friend(id: "s", name: "Mom", firstName: "Jane")).isEmpty,
            "a service's friend, with neither address nor card, is searched by its name")
    }

    func testPhoneNumbersAreFoundByTheirDigits() {
        for term in ["555", "555-123", "(555)1234567", "+15551234567", "123.45"] {
            XCTAssertTrue(SearchQuery(term).matches(annie), term)
        }
        XCTAssertFalse(SearchQuery("55").matches(annie), "two digits are too few to be a number")
        XCTAssertFalse(SearchQuery("5556").matches(annie))
    }

    func testANameMatchRanksBeforeAFieldMatch() {
        XCTAssertEqual(found(SearchQuery("acme"), in: [annie, acme]), ["Acme Rivera", "Ann Lee"])
        XCTAssertEqual(found(SearchQuery("a"), in: [jose, annie]), ["Ann Lee", "Pepe Díaz"])
    }

    func testAccentsTypedMatchOnlyThoseAccentsInAField() {
        XCTAssertTrue(SearchQuery("jose").matches(jose))
        XCTAssertTrue(SearchQuery("josé").matches(jose))
        XCTAssertFalse(SearchQuery("josè").matches(jose))
    }

    /// Addresses are searched with a term that holds `@`, or by every term when the query
    /// searches addresses, as a mail client's address book does.
    func testAPlainTermMatchesAnAddressOnlyWhenTheQuerySearchesThem() {
        XCTAssertFalse(SearchQuery("juer").matches(juergen), "juer is not in Jürgen Weiß")
        XCTAssertTrue(SearchQuery("juer", searchesAddresses: true).matches(juergen))
        XCTAssertTrue(SearchQuery("juergen@").matches(juergen))
        XCTAssertEqual(found(SearchQuery("exam", searchesAddresses: true), in: [annie, juergen, acme]).count, 2)
    }

    /// The one-letter fast path (the mask decides) does not apply to a list with cards: a
    /// letter found only in a card ranks after one in a name.
    func testOneLetterFindsCardsToo() {
        let quinn = Friend(id: "5", name: "Bob Stone", card: ContactCard(organization: "Quux"))
        XCTAssertEqual(
            found(SearchQuery("q"), in: [quinn, Friend(id: "6", name: "Quentin")]), ["Quentin", "Bob Stone"])
        XCTAssertEqual(SearchQuery("q").match(quinn)?.score, 4)
    }

    /// The list's ranked search over friends with cards agrees with the reference search, the
    /// slow twin, for random friends and queries.
    func testTheSearchOfCardsAgreesWithTheReference() {
        var random = SplitMix64(seed: 39)
        let words = ["ana", "bo", "acme", "zoë", "lee", "muñoz", "climb", "555", "12"]
        for round in 0..<300 {
            let friends = (0..<30).map { number -> Friend in
                func pick() -> String { words.randomElement(using: &random)! }
                let card =
                    Bool.random(using: &random)
                    ? ContactCard(
                        nickname: Bool.random(using: &random) ? pick().capitalized : nil,
                        organization: Bool.random(using: &random) ? pick() + " Ltd" : nil,
                        phones: Bool.random(using: &random) ? ["+1 (\(pick())) 555-01\(number % 10)"] : [],
                        categories: Bool.random(using: &random) ? [pick()] : [])
                    : nil
                return Friend(
                    id: "\(number)", name: "\(pick().capitalized) \(pick().capitalized)",
                    emails: Bool.random(using: &random) ? ["\(pick())@\(pick()).org"] : [], card: card)
            }
            let list = FriendList(friends)
            let query = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                let word = words.randomElement(using: &random)!
                return String(word.prefix(Int.random(in: 1...word.count, using: &random)))
            }.joined(separator: " ")
            XCTAssertEqual(
                list.positions(matching: SearchQuery(query), ranked: true),
                ReferenceSearch.ranked(Array(list.friends), query: query), "round \(round): \(query)")
        }
    }

    /// What a list keeps of a card comes back whole with the friend.
    func testTheCardIsKeptWithTheFriend() {
        let list = FriendList([annie, acme])
        XCTAssertEqual(list.friends.first { $0.id == "1" }, annie)
        XCTAssertNil(list.friends.first { $0.id == "2" }?.card)
        let group = Friend(id: "g", name: "Climbers", members: ["1", "5"])
        XCTAssertEqual(FriendList([group]).friends.first?.members, ["1", "5"])
        XCTAssertNil(Friend(id: "7", name: "Empty", card: ContactCard()).card, "an empty card is none")
    }
}
