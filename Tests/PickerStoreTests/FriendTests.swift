import PickerTestSupport
import XCTest

@testable import PickerStore

final class FriendTests: XCTestCase {
    func testGivenPartsAreUsed() {
        let friend = Friend(
            id: "1", name: "Ada Lovelace", firstName: "Ada", middleName: "Augusta", lastName: "Lovelace")
        XCTAssertEqual(friend.nameParts, NameParts(first: "Ada", middle: "Augusta", last: "Lovelace"))
    }

    func testPartsAreDerivedFromTheNameWhenAbsent() {
        XCTAssertEqual(
            Friend(id: "1", name: "Gabriel José García Márquez").nameParts,
            NameParts(first: "Gabriel", middle: "José García", last: "Márquez"))
        XCTAssertEqual(
            Friend(id: "2", name: "Ada Lovelace").nameParts, NameParts(first: "Ada", middle: "", last: "Lovelace"))
        XCTAssertEqual(Friend(id: "3", name: "Madonna").nameParts, NameParts(first: "Madonna", middle: "", last: ""))
        XCTAssertEqual(Friend(id: "4", name: "  ").nameParts, NameParts(first: "", middle: "", last: ""))
    }

    func testALastNameAloneIsKeptWithoutDerivingTheRest() {
        XCTAssertEqual(
            Friend(id: "1", name: "王小明", lastName: "王").nameParts, NameParts(first: "", middle: "", last: "王"))
    }
}
