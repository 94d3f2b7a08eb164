import XCTest

@testable import PickerKit

final class DecimalDigitsTests: XCTestCase {
    func testTheDigitsAreTheNumbersAsAStringSpellsIt() {
        var random = SplitMix64(seed: 5)
        let numbers =
            [0, 1, 9, 10, 99, 100, 1_000_000, Int.max]
            + (0..<1000).map { _ in Int(random.next() >> (1 + random.next() % 63)) }
        for number in numbers {
            XCTAssertEqual(DecimalDigits.with(number) { String(decoding: $0, as: UTF8.self) }, String(number))
        }
    }
}
