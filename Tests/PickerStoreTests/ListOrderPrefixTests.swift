import PickerTestSupport
import XCTest

@testable import PickerStore

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
        let entry: [UInt8] = Array("aab".utf8) + [SortEntry.partSeparator] + Array(" z".utf8)
        let other: [UInt8] = [SortEntry.otherSection] + Array("1st".utf8)
        entry.withUnsafeBufferPointer { bytes in
            let prefix = ListOrder.Prefix(bytes, bytes.indices)
            // a b 01 space z: codes 5, 6, 1, 3 and 30, five bits each from the top.
            let codes: UInt64 = 5 << 59 | 6 << 54 | 1 << 49 | 3 << 44 | 30 << 39
            XCTAssertEqual(prefix.high, codes, "the name's codes, the section letter kept once")
            XCTAssertEqual(prefix.low, 0, "then nothing: held whole")
            XCTAssertEqual(prefix.section, UInt32(UInt8(ascii: "a")) << 16)
        }
        other.withUnsafeBufferPointer { bytes in
            let prefix = ListOrder.Prefix(bytes, bytes.indices)
            XCTAssertEqual(prefix.high, 0xFF << 56 | ListOrder.prefix(bytes, 1..<bytes.count, from: 0) >> 8)
            XCTAssertEqual(prefix.low, 0, "0xFF and the name")
            XCTAssertEqual(prefix.section, UInt32(SortEntry.otherSection) << 16)
        }
        let script: [UInt8] = [SortEntry.scriptSection, 7] + Array("жанна".utf8)
        script.withUnsafeBufferPointer { bytes in
            let prefix = ListOrder.Prefix(bytes, bytes.indices)
            XCTAssertEqual(prefix.high, 0xFE << 56 | ListOrder.prefix(bytes, 1..<bytes.count, from: 0) >> 8)
            XCTAssertEqual(prefix.section, UInt32(SortEntry.scriptSection) << 16 | 7 << 8, "the script's code kept")
        }
        let letters = [Array("zed".utf8), script, Array("|1st".utf8)].map { key in
            key.withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) }
        }
        XCTAssertTrue(letters[0] < letters[1] && letters[1] < letters[2], "a script after z, # after it")
    }

    func testALetterKeyOf24CodesIsHeldWholeAndSortsBeforeTheLongerKeysItStarts() {
        let whole = Array("a".utf8) + Array(repeating: UInt8(ascii: "a"), count: 24)
        let longer = whole + [UInt8(ascii: "a")]
        let longest = longer + [UInt8(ascii: "b")]
        let prefixes = [whole, longer, longest].map { key in
            key.withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) }
        }
        XCTAssertEqual(prefixes.map(\.holdsWholeKey), [true, false, false])
        XCTAssertTrue(prefixes[0] < prefixes[1])
        XCTAssertEqual(prefixes[1], prefixes[2], "told apart by their entries")
        XCTAssertEqual(ListOrder.precedes(prefixes[0], 9, prefixes[0], 3), false, "equal names: arrival order")
        XCTAssertNil(ListOrder.precedes(prefixes[1], 1, prefixes[2], 2))
    }

    func testAByteOtherThanALetterSpaceOrSeparatorEndsTheKeyHeld() {
        // ç (C3 A7) and 1 stop a letter's key where they stand, however short it is.
        let keys = ["afrançois", "afranz", "afran1", "afran", "afrançoise"]
        let prefixes = keys.map { key in Array(key.utf8).withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) } }
        XCTAssertEqual(prefixes.map(\.holdsWholeKey), [false, true, false, true, false])
        XCTAssertEqual(prefixes[0], prefixes[4], "the same up to ç: told apart by their entries")
        XCTAssertTrue(prefixes[3] < prefixes[2] && prefixes[2] < prefixes[1] && prefixes[1] < prefixes[0])
    }

    func testPrefixesOfRandomKeysCompareAsTheKeysDo() {
        var random = SplitMix64(seed: 5)
        // Bytes from every class a prefix codes, the letters most often.
        let alphabet: [UInt8] = [1, 2, 0x1F, 0x20, 0x21, 0x30, 0x60, 0x7A, 0x7B, 0xC3, 0xFF] + Array(0x61...0x7A)
        let keys: [[UInt8]] = (0..<600).map { _ in
            let letter = UInt8(0x61 + random.next() % 26)
            let section = random.next() % 5
            let length = Int(random.next() % 32)
            let name = (0..<length).map { _ in
                random.next() % 3 == 0
                    ? UInt8(0x61 + random.next() % 3) : alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            switch section {
            case 0: return [SortEntry.otherSection, 0xD0] + name
            case 1: return [SortEntry.scriptSection, UInt8(2 + random.next() % 3), 0xD0] + name
            case 2:
                return [SortEntry.scriptSection, UInt8(0xF0 + random.next() % 2), UInt8(2 + random.next() % 3)] + name
            default: return [letter, letter] + name
            }
        }
        let prefixes = keys.map { key in key.withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) } }
        for a in keys.indices {
            for b in keys.indices {
                if prefixes[a] != prefixes[b] {
                    XCTAssertEqual(
                        prefixes[a] < prefixes[b], keys[a].lexicographicallyPrecedes(keys[b]), "\(keys[a]) \(keys[b])")
                } else if prefixes[a].holdsWholeKey {
                    XCTAssertEqual(keys[a], keys[b])
                }
            }
            let code =
                keys[a][0] != SortEntry.scriptSection
                ? 0 : keys[a][1] >= 0xF0 ? UInt32(keys[a][1]) << 8 | UInt32(keys[a][2]) : UInt32(keys[a][1]) << 8
            XCTAssertEqual(prefixes[a].section, UInt32(keys[a][0]) << 16 | code)
        }
    }
}
