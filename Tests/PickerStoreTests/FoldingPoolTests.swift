import PickerTestSupport
import XCTest

@testable import PickerStore

/// Foldings kept warm between pages, and let go when they have looked up too much.
final class FoldingPoolTests: XCTestCase {
    func testAFoldingIsPutBackWithWhatItFolded() {
        _ = TextFolding.withPooled { $0.fold("王小明 Zoë", .caseAndAccents) }
        let kept = TextFolding.withPooled { $0.cachedFolds }
        XCTAssertGreaterThan(kept, 0, "the next caller finds the folds looked up before")
    }

    func testAFoldingThatLookedUpTooMuchIsNotPutBack() {
        let folded = TextFolding.withPooled { folding in
            // Scalars of the supplementary ideographic plane, each folded and kept on its own.
            for value in UInt32(0x20000)..<UInt32(0x20000 + TextFolding.pooledFoldsLimit + 10) {
                var text = String(Character(Unicode.Scalar(value)!))
                var bytes: [UInt8] = []
                _ = text.withUTF8 { folding.appendFold($0, .caseAndAccents, to: &bytes) }
            }
            return folding.cachedFolds
        }
        XCTAssertGreaterThan(folded, TextFolding.pooledFoldsLimit)
        let next = TextFolding.withPooled { $0.cachedFolds }
        XCTAssertLessThanOrEqual(next, TextFolding.pooledFoldsLimit, "a folding that grew past the limit is let go")
    }

    func testPooledFoldingsFoldAsNewOnes() {
        var random = SplitMix64(seed: 5)
        let alphabet = Array("aé王Zß ΣσАя가e\u{301}👍🏽")
        for _ in 0..<500 {
            let text = String(
                (0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            for strength in [TextFolding.Strength.caseOnly, .caseAndAccents] {
                var fresh = TextFolding()
                XCTAssertEqual(TextFolding.withPooled { $0.fold(text, strength) }, fresh.fold(text, strength))
            }
        }
    }
}
