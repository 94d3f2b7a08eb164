import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The byte path of a value's text and items (``VCardValue/text(_:)``, `items`, `nameParts`)
/// against the character path it stands for: components, escapes undone, white space trimmed.
final class VCardValueItemsTests: XCTestCase {
    /// Pieces of values: separators and escapes alone, and joined into larger characters by a
    /// combining mark after them or a prepended mark before them; white space of every kind;
    /// letters of several scripts.
    private let pieces = [
        "a", "Z", " ", "\t", "\\", "\\n", "\\N", "\\,", "\\;", "\\:", "\\x", ",", ";", ":", "é", "e\u{301}",
        ";\u{301}", ",\u{308}", "\\\u{301}", "\\n\u{301}", "\\;\u{301}", "\u{600};", "\u{600},", "\u{600}\\",
        "\u{6DD}\\n", "\u{915}\u{94D}", ";\u{E33}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", ";\u{200D}",
        "\u{FF80}\u{FF9E}", ";\u{FF9E}", ";\u{1F3FB}", "\u{1F1EB}\u{1F1F7}", "\r\n", ";\r", "\\\r\n", "Иван", ";Ω",
        "\\Ω", "ß", "İ",
    ]

    func testTheBytePathReadsAsTheCharacterPath() {
        var random = SplitMix64(seed: 38)
        var (byBytes, byCharacters) = (0, 0)
        for _ in 0..<20_000 {
            let value = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            if value.withUTF8Bytes({ VCardValue.isReadByBytes(value, $0) }) { byBytes += 1 } else { byCharacters += 1 }
            XCTAssertEqual(
                bytes([VCardValue.text(value)]), bytes([VCardValue.unescaped(value[...]).trimmingWhitespace]),
                value.debugDescription)
            for (separator, character) in [(UInt8(ascii: ";"), Character(";")), (UInt8(ascii: ","), ",")] {
                XCTAssertEqual(
                    bytes(VCardValue.items(value, separatedBy: separator, limit: 2)),
                    bytes(
                        VCardValue.components(value[...], separatedBy: character).prefix(2).map {
                            VCardValue.unescaped($0).trimmingWhitespace
                        }), value.debugDescription)
            }
            let parts = VCardValue.components(value[...], separatedBy: ";").prefix(3).map { component in
                VCardValue.components(component, separatedBy: ",").map { VCardValue.unescaped($0).trimmingWhitespace }
                    .filter { !$0.isEmpty }.joined(separator: " ")
            }
            XCTAssertEqual(bytes(VCardValue.nameParts(value, limit: 3)), bytes(parts), value.debugDescription)
        }
        XCTAssertGreaterThan(byBytes, 1000, "values read by bytes")
        XCTAssertGreaterThan(byCharacters, 1000, "values read by characters")
    }

    /// The UTF-8 of each of `strings`: equal strings may differ in their bytes.
    private func bytes(_ strings: [String]) -> [[UInt8]] {
        strings.map { Array($0.utf8) }
    }
}
