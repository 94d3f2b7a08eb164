import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// A list whose ids are ascending numbers (the line numbers of text) keeps no id index, and
/// finds its friends by id as one with an index does, before and after an id that is not.
final class AscendingIDTests: XCTestCase {
    func testTheNumberAnIDSpells() {
        func value(_ id: String) -> UInt64? {
            var id = id
            return id.withUTF8(AscendingIDs.value)
        }
        XCTAssertEqual(value("0"), 0)
        XCTAssertEqual(value("42"), 42)
        XCTAssertEqual(value("999999999999999999"), 999_999_999_999_999_999)
        for id in ["", "007", "1e3", "-1", "+1", " 1", "1234567890123456789", "٤٢"] {
            XCTAssertNil(value(id), id)
        }
        func ascending(_ ids: [String]) -> AscendingIDs? {
            var tracker = AscendingIDs.Tracker()
            for id in ids { tracker.add(value(id)) }
            return tracker.ids
        }
        XCTAssertEqual(ascending(["1", "5", "9"]), AscendingIDs(first: 1, last: 9))
        XCTAssertNil(ascending(["1", "5", "5"]))
        XCTAssertNil(ascending(["2", "1"]))
        XCTAssertNil(ascending(["1", "x", "9"]))
        XCTAssertNil(ascending([String]()))
    }

    /// Ids of every length, eight digits read at a time, against the digits read one by one:
    /// any byte that is no digit, wherever it is, makes the id no number.
    func testTheNumberAnIDSpellsEightDigitsAtATime() {
        var random = SplitMix64(seed: 23)
        let others: [UInt8] = [0, 0x20, 0x2F, 0x3A, 0x40, 0x41, 0x61, 0x7F, 0x80, 0xBF, 0xF0, 0xF9, 0xFF, 0x36 + 0x80]
        for round in 0..<40_000 {
            let length = 1 + round % 20
            var bytes = (0..<length).map { _ in UInt8(ascii: "0") + UInt8(random.next() % 10) }
            if random.next() % 3 == 0 {
                bytes[Int(random.next() % UInt64(length))] = others[Int(random.next() % UInt64(others.count))]
            }
            if random.next() % 4 != 0, bytes[0] == UInt8(ascii: "0"), length > 1 { bytes[0] = UInt8(ascii: "7") }
            var expected: UInt64? = length <= 18 && (bytes[0] != UInt8(ascii: "0") || length == 1) ? 0 : nil
            for byte in bytes {
                guard let value = expected, byte &- UInt8(ascii: "0") < 10 else {
                    expected = nil
                    break
                }
                expected = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            }
            // In a buffer of its own, so that nothing is read past its end.
            let id = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: length)
            defer { id.deallocate() }
            _ = id.initialize(from: bytes)
            XCTAssertEqual(AscendingIDs.value(UnsafeBufferPointer(id)), expected, "\(bytes)")
        }
    }

    func testTextKeepsNoIndexAndFindsEveryLine() throws {
        var list = FriendList()
        let text = Data((1...3000).map { $0 % 7 == 0 ? "" : "Friend \($0 % 50)" }.joined(separator: "\n").utf8)
        try NameLines.readPages(text, source: "standard input", firstPage: 100, largestPage: 400) {
            list.append(FriendBatch($0, sortOrder: .first))
        }
        XCTAssertFalse(list.indexesIDs, "line numbers ascend")
        for line in 1...3000 {
            let position = list.position(ofID: String(line))
            XCTAssertEqual(position.map { list.friends[$0].id }, line % 7 == 0 ? nil : String(line), "line \(line)")
        }
        for id in ["0", "3001", "07", "x", ""] { XCTAssertNil(list.position(ofID: id), id) }
        list._checkInvariants()
    }

    /// Batches of ascending, repeated and other ids, in random turns: the list finds and drops
    /// what a dictionary of the first friend of each id says.
    func testFindingByIDAgreesWithADictionaryWhateverTheIDs() {
        var random = SplitMix64(seed: 31)
        for round in 0..<40 {
            var list = FriendList()
            var first: [String: String] = [:]
            var next = 1 + Int(random.next() % 5)
            for batch in 0..<Int(1 + random.next() % 6) {
                let friends = (0..<Int(1 + random.next() % 30)).map { index -> Friend in
                    let id: String
                    switch (round % 4, random.next() % 10) {
                    case (0, _), (1, 0...8):
                        next += 1 + Int(random.next() % 3)
                        id = String(next)
                    case (2, _): id = String(random.next() % 40)
                    default: id = ["a", "07", "é", "e\u{301}", String(random.next() % 60)][Int(random.next() % 5)]
                    }
                    return Friend(id: id, name: "N\(batch)-\(index)")
                }
                let dropped = list.append(friends)
                var expectedDrops = 0
                for friend in friends {
                    let key = friend.id.precomposedStringWithCanonicalMapping
                    if first[key] == nil { first[key] = friend.name } else { expectedDrops += 1 }
                }
                XCTAssertEqual(dropped, expectedDrops, "round \(round)")
                list._checkInvariants()
            }
            for (id, name) in first {
                XCTAssertEqual(list.position(ofID: id).map { list.friends[$0].name }, name, "round \(round) id \(id)")
            }
            XCTAssertEqual(list.count, first.count)
            if round % 4 == 0 { XCTAssertFalse(list.indexesIDs, "ascending ids need no index") }
        }
    }
}
