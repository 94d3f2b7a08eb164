import XCTest

@testable import PickerKit

/// The prefixes that decide most comparisons of sort entries: two prefixes compare as their
/// entries do, or are equal; the section byte of a sort entry is not spent on them.
final class ListOrderPrefixTests: XCTestCase {
    func testPrefixesCompareAsTheirEntriesDo() {
        var random = SplitMix64(seed: 21)
        let words = [
            "Ada", "Alexander", "Alexandra", "1st", "王小明", "Łukasz", "Øyvind", "_x", "Zoë", "", "Z", "ab\u{0}c",
        ]
        var folding = TextFolding()
        var entries = ByteStore()
        for _ in 0..<400 {
            let name = (0..<(1 + Int(random.next() % 3))).map { _ in words[Int(random.next() % 12)] }.joined(
                separator: " ")
            var utf8 = name
            utf8.withUTF8 { name in
                SortEntry.append(name: name, givenParts: nil, sortOrder: .first, folding: &folding, to: &entries.bytes)
            }
            entries.closeString()
        }
        entries.bytes.withUnsafeBufferPointer { bytes in
            let prefixes = (0..<entries.count).map { ListOrder.Prefix(bytes, entries.range($0)) }
            for a in 0..<entries.count {
                for b in 0..<entries.count where prefixes[a] != prefixes[b] {
                    let order = compareBytes(
                        UnsafeBufferPointer(rebasing: bytes[entries.range(a)]),
                        UnsafeBufferPointer(rebasing: bytes[entries.range(b)]))
                    XCTAssertEqual(prefixes[a] < prefixes[b], order < 0)
                }
            }
        }
        let sorted = ListOrder.sorted(0..<entries.count, of: entries).numbers
        let plain = (0..<UInt32(entries.count)).sorted { ListOrder.precedes($0, $1, in: entries) }
        XCTAssertEqual(sorted, plain)
    }

    func testALetterIsKeptOnceAndOtherSectionsComeLast() {
        let entry: [UInt8] = Array("aalexandr".utf8)
        let other: [UInt8] = [SortEntry.otherSection] + Array("1st".utf8)
        entry.withUnsafeBufferPointer { bytes in
            XCTAssertEqual(
                ListOrder.Prefix(bytes, bytes.indices).bytes,
                ListOrder.prefix(bytes, 1..<bytes.count, from: 0), "the name's first 8 bytes")
        }
        other.withUnsafeBufferPointer { bytes in
            XCTAssertEqual(ListOrder.Prefix(bytes, bytes.indices).bytes >> 56, 0xFF)
        }
    }
}
