import Foundation
import PickerTestSupport
import XCTest

@testable import PickerStore

/// The folding the picker does without Foundation's string functions, against Foundation's.
final class FoldTableTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Foundation's folding of `text`, composed, with the stroke letters taken to their base
    /// and the letters written as Latin letters spelled out when accents are ignored.
    private func foundation(_ text: String, _ strength: TextFolding.Strength) -> String {
        let options: String.CompareOptions =
            strength == .caseOnly ? [.caseInsensitive] : [.caseInsensitive, .diacriticInsensitive]
        let folded = text.folding(options: options, locale: nil).precomposedStringWithCanonicalMapping
        guard strength == .caseAndAccents else { return folded }
        return FoldTable.adjusted(folded)
    }

    func testTheTableIsWhatFoundationFoldsEveryScalarTo() throws {
        let committed = try String(
            contentsOf: root.appendingPathComponent("Sources/PickerStore/Text/FoldTable+Generated.swift"),
            encoding: .utf8)
        let current = FoldTable.source { text, strength in
            text.folding(
                options: strength == .caseOnly ? [.caseInsensitive] : [.caseInsensitive, .diacriticInsensitive],
                locale: nil
            ).precomposedStringWithCanonicalMapping
        }
        XCTAssertTrue(committed == current, "run swift run generate-fold-table")
    }

    func testTheRangesLeftOutFoldToThemselves() {
        for range in FoldTable.unchanged {
            for value in stride(from: range.lowerBound, through: range.upperBound, by: 97) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(Character(scalar))
                XCTAssertEqual(foundation(text, .caseAndAccents), text, "U+\(String(value, radix: 16))")
            }
        }
    }

    func testTextWithAccentsWrittenAsMarksFoldsAsFoundationFoldsIt() {
        // Latin, Greek and Cyrillic letters, precomposed or not, with the combining marks of
        // U+0300–U+036F, ligatures, and letters whose fold is longer.
        let letters = Array("aAeEiIoOzZéÉëÖøŁłßẞﬁǅİıŉΓσςΣΐАБяЁǰﬃ 1-'")
        let marks = (0x300...0x36F).compactMap { Unicode.Scalar($0).map(Character.init) }
        var random = SplitMix64(seed: 13)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(random.next() % 6) {
                text.append(letters[Int(random.next() % UInt64(letters.count))])
                for _ in 0..<Int(random.next() % 3) {
                    text.unicodeScalars.append(contentsOf: marks[Int(random.next() % 112)].unicodeScalars)
                }
            }
            for strength in [TextFolding.Strength.caseOnly, .caseAndAccents] {
                XCTAssertEqual(
                    TextFolding.folded(text, strength), foundation(text, strength),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(strength)")
            }
        }
    }

    func testMarksAfterLettersOfOtherScriptsAreAccentsToo() {
        // Where the table's rule and Foundation part: Foundation keeps Arabic vowel signs after
        // an Arabic letter, and marks after some rarer letters (ⱥ), while it drops them after a
        // Latin one; the picker drops the nonspacing marks after any letter when accents are
        // ignored, so an unvowelled query finds a vowelled name.
        XCTAssertEqual(TextFolding.folded("مُحَمَّد", .caseAndAccents), "محمد")
        XCTAssertEqual(TextFolding.folded("ⱥ\u{301}", .caseAndAccents), "ⱥ")
        XCTAssertEqual(TextFolding.folded("مُحَمَّد", .caseOnly), "مُحَمَّد")
        XCTAssertEqual(TextFolding.folded("\u{301}a", .caseAndAccents), "\u{301}a", "a mark that starts a text stays")
    }
}
