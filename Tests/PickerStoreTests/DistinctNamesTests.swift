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
                var halves = (DistinctNames(), DistinctNames())
                var numbers: ([UInt32], [UInt32]) = ([], [])
                for (index, place) in places.enumerated() {
                    let line = lines[index]
                    let expected = model[line] ?? UInt32(model.count)
                    model[line] = expected
                    if index < places.count / 2 {
                        numbers.0.append(halves.0.number(of: place, in: bytes))
                        XCTAssertEqual(numbers.0.last, expected, "round \(round), line \(index)")
                    } else {
                        numbers.1.append(halves.1.number(of: place, in: bytes))
                    }
                }
                XCTAssertEqual(halves.0.count, Set(lines.prefix(places.count / 2)).count)
                // The second half's names taken into the first's numbering are the model's.
                let renumbered = halves.0.absorb(halves.1, in: bytes) { _ in true }
                XCTAssertEqual(
                    numbers.1.map { renumbered[Int($0)] }, lines.suffix(from: places.count / 2).map { model[$0] })
                XCTAssertEqual(halves.0.count, model.count)
                for (name, place) in halves.0.places.enumerated() {
                    let line = Array(bytes[Int(place.lowerBound)..<Int(place.upperBound)])
                    XCTAssertEqual(model[line], UInt32(name))
                    XCTAssertEqual(Array(halves.0.bytes[halves.0.stored(name)]), line)
                }
                // Taking some: the names taken are told by their bytes, the others not at all.
                var some = DistinctNames()
                for place in places.prefix(places.count / 2) { _ = some.number(of: place, in: bytes) }
                let isTaken = { (name: Int) in name % 3 != 0 }
                let someNumbers = some.absorb(halves.1, in: bytes, where: isTaken)
                for (index, name) in numbers.1.enumerated() {
                    let number = someNumbers[Int(name)]
                    guard isTaken(Int(name)) else {
                        XCTAssertEqual(number, UInt32.max)
                        continue
                    }
                    let place = some.places[Int(number)]
                    XCTAssertEqual(
                        Array(bytes[Int(place.lowerBound)..<Int(place.upperBound)]), lines[places.count / 2 + index])
                }
                let taken = zip(lines.suffix(from: places.count / 2), numbers.1).filter { isTaken(Int($1)) }.map(\.0)
                XCTAssertEqual(some.count, Set(lines.prefix(places.count / 2)).union(taken).count)
            }
        }
    }
}
