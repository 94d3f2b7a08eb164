import PickerTestSupport
import XCTest

@testable import PickerStore

/// The names of lines told apart by a hash table, against a dictionary of their bytes.
final class DistinctNamesTests: XCTestCase {
    func testLinesOfTheSameBytesShareANumberAndNoOthersDo() {
        var random = SplitMix64(seed: 31)
        let long = String(repeating: "Wolfeschlegelsteinhausen", count: 3)
        let words = [
            "", "Ann", "ann", "Ann ", "Zoë", "王", long, long + "a", long + "b", "a" + long, "Maria Garcia Lopez 24b",
            "Maria Garcia Lopez 24c", "Maria Garcia Lopez 24bX", "\u{0}", "\u{0}\u{0}",
        ]
        for round in 0..<20 {
            // Enough names in some rounds that the table grows several times.
            let pool = (0..<(round % 2 == 0 ? 30 : 3000)).map { index in
                words[Int(random.next() % UInt64(words.count))] + (random.next() % 2 == 0 ? "" : String(index))
            }
            let lines = (0..<4000).map { _ in Array(pool[Int(random.next() % UInt64(pool.count))].utf8) }
            let text: [UInt8] = lines.flatMap { $0 + [UInt8(0x0A)] }
            var places: [Range<UInt32>] = []
            var offset = 0
            for line in lines {
                places.append(UInt32(offset)..<UInt32(offset + line.count))
                offset += line.count + 1
            }
            text.withUnsafeBufferPointer { bytes in
                guard !bytes.isEmpty else { return XCTFail("a text") }
                var model: [[UInt8]: UInt32] = [:]
                var names = DistinctNames()
                for (index, place) in places.enumerated() {
                    let line = lines[index]
                    let expected = model[line] ?? UInt32(model.count)
                    model[line] = expected
                    XCTAssertEqual(names.number(of: place, in: bytes), expected, "round \(round), line \(index)")
                }
                XCTAssertEqual(names.count, model.count)
                for (name, place) in names.places.enumerated() {
                    XCTAssertEqual(model[Array(bytes[Int(place.lowerBound)..<Int(place.upperBound)])], UInt32(name))
                }
            }
        }
    }
}
