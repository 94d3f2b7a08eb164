import PickerTestSupport
import XCTest

@testable import PickerStore

final class DecimalDigitsTests: XCTestCase {
    func testTheDigitsAreTheNumbersAsAStringSpellsIt() {
        var random = SplitMix64(seed: 5)
        let numbers: [UInt64] =
            [0, 1, 9, 10, 99, 100, 1_000_000, UInt64.max]
            + (0..<1000).map { _ in random.next() >> (random.next() % 64) }
        for number in numbers {
            XCTAssertEqual(DecimalDigits.with(number) { String(decoding: $0, as: UTF8.self) }, String(number))
        }
    }
}
