import PickerTestSupport
import XCTest

@testable import PickerStore

/// Names put in order by their scores and the prefixes of their keys, dealt into buckets and
/// sorted on several cores, against their keys sorted by comparison.
final class PrefixOrderTests: XCTestCase {
    func testNamesAreInTheOrderOfTheirScoresAndKeys() {
        var random = SplitMix64(seed: 29)
        // Keys that share long starts, past what a prefix holds, and bytes that end a prefix.
        let alphabet: [UInt8] = [
            UInt8(ascii: "a"), UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "z"), 0x20, SortEntry.partSeparator,
            UInt8(ascii: "."), 0xC3,
        ]
        for count in [0, 1, 2, 5, 25, 300, 3_000, 20_000] {
            // The largest with one set of scores: a debug build sorts slowly.
            for scoring in count > 3_000 ? ["few"] : ["none", "few", "many"] {
                let keys: [[UInt8]] = (0..<count).map { _ in
                    let letter = UInt8(ascii: "a") + UInt8(random.next() % 3)
                    let shared = Int(random.next() % 4) * 10
                    let rest = (0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % 8)] }
                    return [letter, letter] + [UInt8](repeating: UInt8(ascii: "b"), count: shared) + rest
                }
                let scores: [UInt8]? =
                    switch scoring {
                    case "none": nil
                    case "few": keys.map { _ in UInt8(random.next() % 3) * 40 }
                    default: keys.map { _ in UInt8(random.next() % 256) }
                    }
                let prefixes = keys.map { key in key.withUnsafeBufferPointer { ListOrder.Prefix($0, 0..<$0.count) } }
                // Shared among the cores in parts of at least 64 names, and in the parts a list takes.
                let compared = [64, 16_384].map { partMinimum in
                    PrefixOrder.order(of: prefixes, scores: scores, partMinimum: partMinimum) { a, b in
                        let order = compareBytes(keys[a], keys[b])
                        return order == 0 ? a < b : order < 0
                    }
                }
                let expected = keys.indices.sorted { a, b in
                    if let scores, scores[a] != scores[b] { return scores[a] < scores[b] }
                    let order = compareBytes(keys[a], keys[b])
                    return order == 0 ? a < b : order < 0
                }
                for (order, partMinimum) in zip(compared, [64, 16_384]) {
                    XCTAssertEqual(
                        order.map(Int.init), expected, "\(count) names, scores \(scoring), parts of \(partMinimum)")
                }
            }
        }
    }

    private func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
    }
}
