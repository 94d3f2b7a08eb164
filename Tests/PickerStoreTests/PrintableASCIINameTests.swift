import PickerTestSupport
import XCTest

@testable import PickerStore

/// Names of printable ASCII get their sort key, and its prefix, in one pass over their bytes:
/// the same key and prefix as the general path makes from the name's parts.
final class PrintableASCIINameTests: XCTestCase {
    /// Printable ASCII of every kind, long words, spaces in runs and at the ends, and now and
    /// then a byte that is not printable ASCII (a tab, a line feed, an accent), which the
    /// scalars decide.
    private let pieces = [
        "Ada", "LOVELACE", "o'Brien", "Jean-Luc", "x", "1st", "_", "~", "Mc{", " ", "  ", "\t", "\n", "é",
        "Maximilianus", "Bartholomew",
    ]

    private func randomName(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 7)).map { _ in
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            return random.next() % 2 == 0 ? piece + " " : piece
        }.joined()
    }

    /// The key of `name` made from the parts ``Friend/nameParts`` gives, and the one made from
    /// the name alone.
    private func keys(_ name: String, _ sortOrder: NameOrder) -> (parts: [UInt8], name: [UInt8]) {
        let parts = Friend(id: "", name: name).nameParts
        var folding = TextFolding()
        var keys: ([UInt8], [UInt8]) = ([], [])
        var utf8 = name
        utf8.withUTF8 { utf8 in
            SortEntry.append(name: utf8, givenParts: parts, sortOrder: sortOrder, folding: &folding, to: &keys.0)
            SortEntry.append(name: utf8, givenParts: nil, sortOrder: sortOrder, folding: &folding, to: &keys.1)
        }
        return keys
    }

    func testANameGetsTheKeyItsPartsMake() {
        var random = SplitMix64(seed: 7)
        for round in 0..<5_000 {
            let name = randomName(&random)
            for sortOrder in NameOrder.allCases {
                let keys = keys(name, sortOrder)
                XCTAssertEqual(keys.name, keys.parts, "round \(round), \(sortOrder): \(name.debugDescription)")
            }
        }
    }

    func testAPrefixIsTheOneOfTheKey() {
        var random = SplitMix64(seed: 11)
        var plain = 0
        for round in 0..<5_000 {
            let name = randomName(&random)
            for sortOrder in NameOrder.allCases {
                let key = keys(name, sortOrder).parts
                var utf8 = name
                let prefix = utf8.withUTF8 { PrintableASCIIName($0)?.prefix(sortOrder: sortOrder) }
                guard let prefix else {
                    XCTAssertFalse(name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, name.debugDescription)
                    continue
                }
                plain += 1
                XCTAssertEqual(
                    prefix, key.withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) },
                    "round \(round), \(sortOrder): \(name.debugDescription)")
            }
        }
        XCTAssertGreaterThan(plain, 2_000, "most names are printable ASCII")
    }
}
