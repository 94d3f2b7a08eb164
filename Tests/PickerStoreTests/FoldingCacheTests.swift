import PickerTestSupport
import XCTest

@testable import PickerStore

/// A folding's caches give what folding gives afresh, whatever was folded before.
final class FoldingCacheTests: XCTestCase {
    /// Marks of different classes are equivalent in either order, so the two clusters are equal
    /// as `Character`s, yet a cluster that starts with a mark keeps that mark when accents go.
    func testEquivalentClustersFoldAsTheyWouldAfresh() {
        let pairs = [
            ("\u{5BB}\u{7EB}", "\u{7EB}\u{5BB}"),
            // Longer than the 16 bytes the cluster cache keys by.
            (String(repeating: "\u{5BB}\u{7EB}", count: 5), String(repeating: "\u{7EB}\u{5BB}", count: 5)),
        ]
        for (first, second) in pairs {
            XCTAssertEqual(Character(first), Character(second), "equivalent")
            for strength in [TextFolding.Strength.caseOnly, .caseAndAccents] {
                var used = TextFolding()
                _ = used.fold(first, strength)
                var fresh = TextFolding()
                XCTAssertEqual(used.fold(second, strength), fresh.fold(second, strength), "\(strength)")
                XCTAssertEqual(used.fold(Character(second), strength), fresh.fold(Character(second), strength))
            }
        }
    }
}
