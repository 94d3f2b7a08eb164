import XCTest

@testable import PickerKit

/// Names taken the short way (``NameKeys/isPlain(_:utf8:)``): printable ASCII, the parts given,
/// if any, its words. Their sort key is the one derived from the accent key and their parts
/// start where their words do, so a list works neither out again; any other name goes the
/// long way.
final class PlainNameTests: XCTestCase {
    /// No word hides inside another, so that where a part is found is where its word is.
    private let words = ["Ada", "Lovelace", "Bo", "Cy", "O'Hara", "Jean-Luc", "x_1", "Zoë", "Łukasz", "王"]
    private let spaces = [" ", " ", "  ", "\t", "\u{a0}"]

    private func randomFriend(_ random: inout SplitMix64) -> Friend {
        var name = random.next() % 8 == 0 ? " " : ""
        for index in 0..<Int(1 + random.next() % 5) {
            if index > 0 { name += spaces[Int(random.next() % UInt64(spaces.count))] }
            name += words[Int(random.next() % UInt64(random.next() % 3 == 0 ? 10 : 7))]
        }
        if random.next() % 8 == 0 { name += " " }
        let parts = Friend(id: "1", name: name).nameParts
        func given(_ part: String) -> String? {
            switch random.next() % 6 {
            case 0: return nil
            case 1: return part.isEmpty ? "Ada" : String(part.dropLast())
            default: return part.isEmpty && random.next() % 2 == 0 ? nil : part
            }
        }
        if random.next() % 4 == 0 { return Friend(id: "1", name: name) }
        return Friend(
            id: "1", name: name, firstName: given(parts.first), middleName: given(parts.middle),
            lastName: given(parts.last))
    }

    func testAPlainNameHasTheDerivedKeyAndNoPartStartsInsideItsWords() {
        var random = SplitMix64(seed: 77)
        var folding = TextFolding()
        var plain = 0
        for _ in 0..<3000 {
            let friend = randomFriend(&random)
            var name = friend.name
            let isPlain = name.withUTF8 { NameKeys.isPlain(friend, utf8: $0) }
            guard isPlain else { continue }
            plain += 1
            for sortOrder in [NameOrder.first, .last] {
                var made: [UInt8] = []
                let given = friend.firstName != nil || friend.lastName != nil ? friend.nameParts : nil
                name.withUTF8 {
                    SortEntry.append(name: $0, givenParts: given, sortOrder: sortOrder, folding: &folding, to: &made)
                }
                var derived: [UInt8] = []
                folding.fold(friend.name, .caseAndAccents).withUnsafeBufferPointer {
                    SortEntry.appendKey(derivedFrom: $0, sortOrder: sortOrder, to: &derived)
                }
                XCTAssertEqual(made, derived, "\(friend)")
            }
            let starts = name.withUTF8 { PartStarts.offsets(friend, utf8: $0, .caseAndAccents, folding: &folding) }
            XCTAssertEqual(starts, [], "\(friend)")
        }
        XCTAssertGreaterThan(plain, 400)
    }

    func testWhatIsPlain() {
        func isPlain(_ friend: Friend) -> Bool {
            var name = friend.name
            return name.withUTF8 { NameKeys.isPlain(friend, utf8: $0) }
        }
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Ada Lovelace")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "  Ada   Lovelace ")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace")))
        XCTAssertTrue(
            isPlain(
                Friend(
                    id: "1", name: "Mary Ann Jo Smith", firstName: "Mary", middleName: "Ann Jo", lastName: "Smith")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Cher", firstName: "Cher", middleName: "", lastName: "")))
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Zoë Smith")), "not ASCII")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Ada\tLovelace")), "white space other than spaces")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Ada Lovelace", firstName: "Ada")), "no last name")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Ada Lovelace", lastName: "Lovelace")), "no first name")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Ada Lovelace", middleName: "Lovelace")), "a middle name alone")
        XCTAssertFalse(
            isPlain(Friend(id: "1", name: "Mary Ann Smith", firstName: "Mary", lastName: "Smith")), "no middle name")
        XCTAssertFalse(
            isPlain(
                Friend(id: "1", name: "Mary Ann  Jo Smith", firstName: "Mary", middleName: "Ann  Jo", lastName: "Smith")
            ), "the words between two spaces apart")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Ada Lovelace", firstName: "ada", lastName: "Lovelace")))
    }
}
