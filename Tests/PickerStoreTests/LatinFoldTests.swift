import PickerTestSupport
import XCTest

@testable import PickerStore

/// Names of accented Latin letters get their sort key, and its prefix, from their fold to
/// ASCII: the same key and prefix as the general path makes from the name's parts.
final class LatinFoldTests: XCTestCase {
    /// Letters that fold to one or two small letters (capitals, `ß`, `æ`, `Ł`), and two-byte
    /// characters that fold otherwise and are left to the scalars: a no-break space, a soft
    /// hyphen, a combining accent, `µ` (to Greek), `ǅ` and `ŉ` (to more than letters), Cyrillic,
    /// `×`; then ASCII pieces, spaces in runs, a tab, and a three-byte letter.
    private let pieces = [
        "Søren", "SÜSS", "Æsa", "Łukasz", "é", "ß", "Ø", "ĳ", "Ðorđe", "Ñ", "ÿ", "\u{a0}", "\u{ad}", "e\u{301}", "µ",
        "ǅ", "ŉ", "Жанна", "×", "Ada", "o'Brien", " ", "  ", "\t", "ẞ", "Zoë", "x",
    ]

    private func randomName(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 6)).map { _ in
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            return random.next() % 2 == 0 ? piece + " " : piece
        }.joined()
    }

    func testAFoldedNameGetsTheKeyAndPrefixItsPartsMake() {
        var random = SplitMix64(seed: 19)
        var folded = 0
        var folding = TextFolding()
        for round in 0..<5_000 {
            let name = randomName(&random)
            for sortOrder in NameOrder.allCases {
                var keys: ([UInt8], [UInt8]) = ([], [])
                var utf8 = name
                let prefix = utf8.withUTF8 { utf8 in
                    SortEntry.append(
                        name: utf8, givenParts: Friend(id: "", name: name).nameParts, sortOrder: sortOrder,
                        folding: &folding, to: &keys.0)
                    SortEntry.append(name: utf8, givenParts: nil, sortOrder: sortOrder, folding: &folding, to: &keys.1)
                    return LatinFold.withFold(of: utf8, folding: &folding) {
                        PrintableASCIIName($0)!.prefix(sortOrder: sortOrder)
                    }
                }
                XCTAssertEqual(keys.1, keys.0, "round \(round), \(sortOrder): \(name.debugDescription)")
                guard let prefix else { continue }
                folded += 1
                XCTAssertEqual(
                    prefix, keys.0.withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) },
                    "round \(round), \(sortOrder): \(name.debugDescription)")
            }
        }
        XCTAssertGreaterThan(folded, 1_000, "many names fold to ASCII")
    }

    func testOnlyLettersThatFoldToSmallLettersAreFolded() {
        var folding = TextFolding()
        func fold(_ name: [UInt8]) -> String? {
            name.withUnsafeBufferPointer {
                LatinFold.withFold(of: $0, folding: &folding) { String(decoding: $0, as: UTF8.self) }
            }
        }
        func fold(_ name: String) -> String? { fold(Array(name.utf8)) }
        XCTAssertEqual(fold("Søren SÜß Æsa"), "Soren Suss aesa")
        XCTAssertEqual(fold("Łukasz Ðorđe"), "lukasz dorde")
        for refused in ["Jo\u{a0}Ann", "Jo\u{ad}Ann", "Jose\u{301}", "µ", "ǅ", "ŉ", "Жанна", "2×3", "\tAnn", "ẞ"] {
            XCTAssertNil(fold(refused), refused.debugDescription)
        }
        // A letter cut short, or its second byte not a continuation.
        XCTAssertNil(fold([0x41, 0xC3]))
        XCTAssertNil(fold([0xC3, 0x41]))
    }
}
