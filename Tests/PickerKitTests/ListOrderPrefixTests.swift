import XCTest

@testable import PickerKit

/// The prefixes that decide most comparisons of sort entries: two prefixes compare as their
/// entries do, or are equal, and equal prefixes that hold their names whole are of equal
/// entries; the section byte of a sort entry is not spent on them.
final class ListOrderPrefixTests: XCTestCase {
    func testPrefixesCompareAsTheirEntriesDo() {
        var random = SplitMix64(seed: 21)
        let words = [
            "Ada", "Alexander", "Alexandra", "1st", "王小明", "Łukasz", "Øyvind", "_x", "Zoë", "", "Z", "ab\u{0}c",
            "Bartholomew", "Christophers", "Maximilianus",
        ]
        var folding = TextFolding()
        var entries = ByteStore()
        for _ in 0..<400 {
            let name = (0..<(1 + Int(random.next() % 3))).map { _ in words[Int(random.next() % UInt64(words.count))] }
                .joined(
                    separator: " ")
            var utf8 = name
            utf8.withUTF8 { name in
                SortEntry.append(name: name, givenParts: nil, sortOrder: .first, folding: &folding, to: &entries.bytes)
            }
            entries.closeString()
        }
        entries.bytes.withUnsafeBufferPointer { bytes in
            let prefixes = (0..<entries.count).map { ListOrder.Prefix(bytes, entries.range($0)) }
            var whole = 0
            for a in 0..<entries.count {
                for b in 0..<entries.count {
                    let order = compareBytes(
                        UnsafeBufferPointer(rebasing: bytes[entries.range(a)]),
                        UnsafeBufferPointer(rebasing: bytes[entries.range(b)]))
                    if prefixes[a] != prefixes[b] {
                        XCTAssertEqual(prefixes[a] < prefixes[b], order < 0)
                    } else if prefixes[a].holdsWholeKey {
                        XCTAssertEqual(order, 0, "equal prefixes holding their names are of equal entries")
                        whole += 1
                    }
                }
            }
            XCTAssertGreaterThan(whole, entries.count, "namesakes told apart by their prefixes alone")
            XCTAssertTrue(prefixes.contains { !$0.holdsWholeKey }, "names longer than a prefix")
        }
        let sorted = ListOrder.sorted(0..<entries.count, of: entries).numbers
        let plain = (0..<UInt32(entries.count)).sorted { ListOrder.precedes($0, $1, in: entries) }
        XCTAssertEqual(sorted, plain)
    }

    func testALetterIsKeptOnceAndOtherSectionsComeLast() {
        let entry: [UInt8] = Array("aalexandr".utf8)
        let other: [UInt8] = [SortEntry.otherSection] + Array("1st".utf8)
        entry.withUnsafeBufferPointer { bytes in
            let prefix = ListOrder.Prefix(bytes, bytes.indices)
            XCTAssertEqual(prefix.high, ListOrder.prefix(bytes, 1..<bytes.count, from: 0), "the name's first 8 bytes")
            XCTAssertEqual(prefix.low, 8, "then its length")
        }
        other.withUnsafeBufferPointer { bytes in
            XCTAssertEqual(ListOrder.Prefix(bytes, bytes.indices).high >> 56, 0xFF)
            XCTAssertEqual(ListOrder.Prefix(bytes, bytes.indices).low, 4, "0xFF and the name")
        }
    }

    func testANameOf15BytesIsHeldWholeAndSortsBeforeTheLongerNamesItStarts() {
        let fifteen = Array("a".utf8) + Array(repeating: UInt8(ascii: "a"), count: 15)
        let sixteen = fifteen + [UInt8(ascii: "a")]
        let seventeen = sixteen + [UInt8(ascii: "b")]
        let prefixes = [fifteen, sixteen, seventeen].map { key in
            key.withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) }
        }
        XCTAssertEqual(prefixes.map(\.holdsWholeKey), [true, false, false])
        XCTAssertTrue(prefixes[0] < prefixes[1])
        XCTAssertEqual(prefixes[1], prefixes[2], "told apart by their entries")
        XCTAssertEqual(ListOrder.precedes(prefixes[0], 9, prefixes[0], 3), false, "equal names: arrival order")
        XCTAssertNil(ListOrder.precedes(prefixes[1], 1, prefixes[2], 2))
    }
}
