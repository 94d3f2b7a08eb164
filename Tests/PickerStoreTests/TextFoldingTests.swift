import PickerTestSupport
import XCTest

@testable import PickerStore

final class TextFoldingTests: XCTestCase {
    private func folded(_ text: String, _ strength: TextFolding.Strength) -> String {
        var folding = TextFolding()
        return String(decoding: folding.fold(text, strength), as: UTF8.self)
    }

    func testASCIIIsLowercased() {
        XCTAssertEqual(folded("Ada O'Brien-Smith 42", .caseAndAccents), "ada o'brien-smith 42")
        XCTAssertEqual(folded("Ada O'Brien-Smith 42", .caseOnly), "ada o'brien-smith 42")
    }

    func testAccentsAreRemovedOnlyWhenAsked() {
        XCTAssertEqual(folded("José Zoë ÅNGSTRÖM", .caseAndAccents), "jose zoe angstrom")
        XCTAssertEqual(folded("José Zoë ÅNGSTRÖM", .caseOnly), "josé zoë ångström")
    }

    func testLettersWithAStrokeFoldToTheirBaseLetter() {
        XCTAssertEqual(folded("Łukasz Søren Đorđe", .caseAndAccents), "lukasz soren dorde")
        XCTAssertEqual(folded("Łukasz Søren", .caseOnly), "łukasz søren")
    }

    func testDecomposedAndPrecomposedAccentsFoldAlike() {
        XCTAssertEqual(folded("Jose\u{301}", .caseOnly), folded("José", .caseOnly))
        XCTAssertEqual(folded("Jose\u{301}", .caseAndAccents), "jose")
    }

    func testOtherScriptsFoldCase() {
        XCTAssertEqual(
            folded("АННА Γιώργος", .caseAndAccents), "анна γιωργοσ", "final sigma folds to sigma, as typed queries do")
        XCTAssertEqual(folded("王小明", .caseAndAccents), "王小明")
    }

    func testFoldingACharacterMatchesFoldingItInText() {
        var folding = TextFolding()
        for character in "Zoë Ångström Łukasz Dvořák 山田" {
            var alone = TextFolding()
            XCTAssertEqual(folding.fold(character, .caseAndAccents), alone.fold(String(character), .caseAndAccents))
        }
    }
}
