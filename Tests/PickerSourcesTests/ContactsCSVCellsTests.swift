import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The byte path of a CSV cell's addresses and label (``ContactsCSV/addresses(_:)``,
/// ``ContactsCSV/isPreferred(_:)``) against the character path it stands for: the cell split
/// at ` ::: `, each part trimmed, the empty ones left out; the label's `hasPrefix("*")`.
final class ContactsCSVCellsTests: XCTestCase {
    /// Pieces of cells: the separator and its parts, joined into larger characters by a
    /// combining mark after them or a prepended mark before them; white space of every kind;
    /// addresses and mailboxes; letters of several scripts.
    private let pieces = [
        " ::: ", " ::: ", ":", " ", "\t", "a", "*", "é", "e\u{301}", "\u{301}", "\u{600}", "\u{200D}", "\u{A0}",
        "\u{3000}", "\u{2028}", "\r\n", "\r", "ann@x.org", "zoë.müller3@example.org", "Ann <ann@x.org>", "<", ">",
        "Иван", "\u{1F1EB}\u{1F1F7}", "\u{915}\u{94D}", "\u{FF9E}",
    ]

    func testTheBytePathReadsAsTheCharacterPath() {
        var random = SplitMix64(seed: 37)
        var (several, joined) = (0, 0)
        for _ in 0..<20_000 {
            let cell = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let value = cell.trimmingWhitespace
            let parts = value.split(separator: " ::: ").map(\.trimmingWhitespace).filter { !$0.isEmpty }
            let read = value.withUTF8Bytes { ContactsCSV.addresses($0) }
            XCTAssertEqual(read.map { Array($0.utf8) }, parts.map { Array($0.utf8) }, cell.debugDescription)
            if parts.count > 1 { several += 1 }
            if value.utf8.contains(UInt8(ascii: ":")), parts.count < 2 { joined += 1 }
            let preferred = value.withUTF8Bytes { ContactsCSV.isPreferred($0) }
            XCTAssertEqual(preferred, value.hasPrefix("*"), cell.debugDescription)
        }
        XCTAssertGreaterThan(several, 1000, "cells of several addresses")
        XCTAssertGreaterThan(joined, 1000, "cells with a colon and one address or none")
    }
}
