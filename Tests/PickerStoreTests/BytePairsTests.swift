import PickerTestSupport
import XCTest

@testable import PickerStore

/// The pairs of bytes of a name's key cover those of every term that can match it.
final class BytePairsTests: XCTestCase {
    func testEveryStretchOfAKeyOrOfItsJoinedKeyHasPairsTheKeyCovers() {
        var random = SplitMix64(seed: 41)
        let bytes = Array("abelm -.'_".utf8) + Array("ł".utf8) + Array("é".utf8)
        for _ in 0..<3000 {
            let key = (0..<Int(random.next() % 20)).map { _ in bytes[Int(random.next() % UInt64(bytes.count))] }
            let mask = ByteMask.of(key)
            var joined: [UInt8] = []
            let pairs = key.withUnsafeBufferPointer { BytePairs.of(key: $0, mask: mask, joined: &joined) }
            var stretches = [key]
            if key.withUnsafeBufferPointer({ JoinedKey.make($0, into: &joined) }) { stretches.append(joined) }
            for stretch in stretches {
                for start in stretch.indices {
                    for end in (start + 1)..<(stretch.count + 1) {
                        let term = Array(stretch[start..<end])
                        let termPairs = term.withUnsafeBufferPointer { BytePairs.of($0) }
                        XCTAssertEqual(pairs & termPairs, termPairs, "\(term) in \(key)")
                    }
                }
            }
        }
    }

    func testAPairTheKeyLacksRulesTheTermOut() {
        let pairs = Array("lena".utf8).withUnsafeBufferPointer { BytePairs.of($0) }
        let term = Array("le".utf8).withUnsafeBufferPointer { BytePairs.of($0) }
        XCTAssertEqual(pairs & term, term)
        let absent = Array("el".utf8).withUnsafeBufferPointer { BytePairs.of($0) }
        XCTAssertNotEqual(pairs & absent, absent, "lena has e and l, but no el")
        XCTAssertEqual(Array("l".utf8).withUnsafeBufferPointer { BytePairs.of($0) }, 0, "one byte: no pair")
    }
}
