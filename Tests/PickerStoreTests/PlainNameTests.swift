import PickerTestSupport
import XCTest

@testable import PickerStore

/// Names taken the short way (``NameKeys/isPlain(_:accentKey:)``): words apart by spaces,
/// folded scalar by scalar, the parts given, if any, its words. Their sort key is the one
/// derived from the accent key and their parts start where their words do, so a list works
/// neither out again; any other name goes the long way.
final class PlainNameTests: XCTestCase {
    /// No word hides inside another, so that where a part is found is where its word is; some
    /// start with a character outside words.
    private let words = [
        "Ada", "Lovelace", "Bo", "Cy", "O'Hara", "Jean-Luc", "x_1", "Zoë", "Łukasz", "王", "Zoe\u{308}", "ß", "ﬁ",
        "\u{b4}", "\u{a8}", "Ⅸ", "\u{301}", "Анна", "(Bo)",
    ]
    private let spaces = [" ", " ", " ", "  ", "\t", "\u{a0}", "\u{3000}"]

    private func randomFriend(_ random: inout SplitMix64) -> Friend {
        var name = random.next() % 8 == 0 ? " " : ""
        for index in 0..<Int(1 + random.next() % 5) {
            if index > 0 { name += spaces[Int(random.next() % UInt64(spaces.count))] }
            name += words[Int(random.next() % UInt64(random.next() % 3 == 0 ? words.count : 7))]
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

    /// Whether `friend` is plain, its accent key folded as a list folds it.
    private func isPlain(_ friend: Friend, _ folding: inout TextFolding) -> Bool {
        friend.withText { text in
            var key: [UInt8] = []
            let foldedAlone = folding.appendFold(text.name, .caseAndAccents, to: &key)
            return key.withUnsafeBufferPointer { NameKeys.isPlain(text, accentKey: foldedAlone ? $0 : nil) }
        }
    }

    func testAPlainNameHasTheDerivedKeyAndItsPartsStartWhereItsWordsDo() {
        var random = SplitMix64(seed: 77)
        var folding = TextFolding()
        var plain = 0
        var plainBeyondASCII = 0
        for _ in 0..<6000 {
            let friend = randomFriend(&random)
            var name = friend.name
            guard isPlain(friend, &folding) else { continue }
            plain += 1
            if !friend.name.utf8.allSatisfy({ $0 < 0x80 }) { plainBeyondASCII += 1 }
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
            // What the long way would keep changes no word start: only a part that starts with
            // a character outside words (`´`, `(`) is kept, and no such character starts a word.
            let starts = name.withUTF8 { PartStarts.offsets(friend, utf8: $0, .caseAndAccents, folding: &folding) }
            let key = folding.fold(friend.name, .caseAndAccents)
            key.withUnsafeBufferPointer { key in
                starts.withUnsafeBufferPointer { starts in
                    for index in key.indices {
                        XCTAssertEqual(
                            WordStarts.isStart(key, at: index, partStarts: starts),
                            WordStarts.isStart(key, at: index, partStarts: UnsafeBufferPointer(start: nil, count: 0)),
                            "\(friend)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(plain, 600)
        XCTAssertGreaterThan(plainBeyondASCII, 100)
    }

    func testWhatIsPlain() {
        var folding = TextFolding()
        func isPlain(_ friend: Friend) -> Bool { self.isPlain(friend, &folding) }
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Ada Lovelace")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "  Ada   Lovelace ")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace")))
        XCTAssertTrue(
            isPlain(
                Friend(
                    id: "1", name: "Mary Ann Jo Smith", firstName: "Mary", middleName: "Ann Jo", lastName: "Smith")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Cher", firstName: "Cher", middleName: "", lastName: "")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "Zoë Łukasz", firstName: "Zoë", lastName: "Łukasz")))
        XCTAssertTrue(isPlain(Friend(id: "1", name: "王 小明")))
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Zoe\u{308} Smith")), "a mark folded with its letter")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Zoë  Smith")), "beyond ASCII, words two spaces apart")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Zoë Smith ")), "beyond ASCII, a space at the end")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "Zoë\u{a0}Smith")), "white space beyond ASCII")
        XCTAssertFalse(isPlain(Friend(id: "1", name: "王小明", firstName: "小明", lastName: "王")), "parts not its words")
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
