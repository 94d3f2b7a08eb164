import XCTest

@testable import PickerSources

/// The table of the values first stored under hashes, which tells the namesakes of an address
/// book apart (``MadeIDs``), answers as a dictionary that keeps each key's first value does.
final class FirstValuesTests: XCTestCase {
    func testFirstValuesAsADictionaryKeepsThem() {
        var generator = SystemRandomNumberGenerator()
        var table = FirstValues()
        var reference: [UInt64: UInt64] = [:]
        // Keys that share their high bits collide in the table; 0 cannot be in a slot.
        let keys =
            (0..<3000).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }
            + (1...300).map { UInt64($0) } + [0, UInt64.max]
        for round in 0..<2 {
            for (index, key) in keys.shuffled(using: &generator).enumerated() {
                let value = UInt64(index * 2 + round)
                XCTAssertEqual(table.first(key, else: value), reference[key], "key \(key)")
                reference[key] = reference[key] ?? value
            }
        }
        XCTAssertEqual(table.first(0, else: 1), reference[0], "the key 0 keeps its first value")
    }
}
