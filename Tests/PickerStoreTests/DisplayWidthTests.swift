import PickerTestSupport
import XCTest

@testable import PickerStore

final class DisplayWidthTests: XCTestCase {
    func testWidthIsTheSumOfTheCodePointsAsTheTerminalCountsThem() {
        XCTAssertEqual(DisplayWidth.of("Ada"), 3)
        XCTAssertEqual(DisplayWidth.of("王小明"), 6)
        XCTAssertEqual(DisplayWidth.of("김민준"), 6)
        XCTAssertEqual(DisplayWidth.of("ｗｉｄｅ"), 8)
        XCTAssertEqual(DisplayWidth.of("Jose\u{301}"), 4)
        XCTAssertEqual(DisplayWidth.of("प्रिया"), 5, "virama and vowel signs as wcwidth counts them")
        XCTAssertEqual(DisplayWidth.of("👩‍👩‍👧"), 6, "three wide emoji joined by zero-width joiners")
        XCTAssertEqual(DisplayWidth.of("❤️"), 1)
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2)
        XCTAssertEqual(DisplayWidth.of(Character("\u{AD}")), 1)
        XCTAssertEqual(DisplayWidth.of("Анна"), 4)
    }

    func testTruncationKeepsWithinTheWidthAndEndsWithAnEllipsis() {
        XCTAssertEqual(DisplayWidth.truncate("Ada Lovelace", to: 20), "Ada Lovelace")
        XCTAssertEqual(DisplayWidth.truncate("Ada Lovelace", to: 12), "Ada Lovelace")
        XCTAssertEqual(DisplayWidth.truncate("Ada Lovelace", to: 6), "Ada L…")
        XCTAssertEqual(DisplayWidth.truncate("王小明", to: 4), "王…")
        XCTAssertEqual(DisplayWidth.truncate("王小明", to: 5), "王小…")
        XCTAssertEqual(DisplayWidth.truncate("Ada", to: 0), "")
    }

    func testTruncationNeverExceedsTheWidth() {
        let names = ["王小明 Wang", "Zoë 👩‍👩‍👧 Kim", "Jose\u{301} Álvarez", "ｗｉｄｅ text"]
        for name in names {
            for columns in 0...20 {
                XCTAssertLessThanOrEqual(
                    DisplayWidth.of(DisplayWidth.truncate(name, to: columns)), columns, "\(name) at \(columns)")
            }
        }
    }
}
