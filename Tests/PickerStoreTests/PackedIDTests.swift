import PickerTestSupport
import XCTest

@testable import PickerStore

/// Ids kept packed: a number as its value, any other id as its bytes, each read back as given.
final class PackedIDTests: XCTestCase {
    func testEveryIdIsReadBackAsGiven() {
        let ids = [
            "0", "7", "42", "100000000000000", "999999999999999999", "1000000000000000000", "18446744073709551616",
            "007", "-1", "1e3", "", "é", "e\u{301}", "ид", "12 ", " 12", "id42",
        ]
        var packed = PackedFriends()
        for (index, id) in ids.enumerated() {
            let friend = Friend(id: id, name: "Friend \(index)", firstName: index % 2 == 0 ? "Friend" : nil)
            _ = friend.withText { packed.append($0) }
        }
        for (index, id) in ids.enumerated() {
            XCTAssertEqual(packed.withID(index) { Array($0) }, Array(id.utf8), id.debugDescription)
            XCTAssertEqual(packed.friend(index).id, id)
            XCTAssertEqual(packed.friend(index).name, "Friend \(index)")
            XCTAssertEqual(packed.friend(index).firstName, index % 2 == 0 ? "Friend" : nil)
            let name = Array("Friend \(index)".utf8)
            let (length, rest, hasParts) = packed.withRecordAfterName(index) { ($0, Array($1), $2) }
            XCTAssertEqual(length, name.count, "the name's length after the id")
            XCTAssertEqual(Array(rest.prefix(name.count)), name, "then its bytes")
            XCTAssertEqual(hasParts, index % 2 == 0)
            let parts: [UInt8] = index % 2 == 0 ? [2, 0, 6, 0, 0] : []
            XCTAssertEqual(Array(rest.dropFirst(name.count)), parts, "then its parts, each a tag and what it says")
        }
    }
}
