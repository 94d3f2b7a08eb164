import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// A group's card is read as a group: vCard 4's `KIND:group` with `MEMBER`s, and the group
/// cards Apple's Contacts and iCloud write, `X-ADDRESSBOOKSERVER-KIND:group` with
/// `X-ADDRESSBOOKSERVER-MEMBER`s; its members are found by their cards' `UID`s.
final class VCardGroupTests: XCTestCase {
    private let book = """
        BEGIN:VCARD
        VERSION:4.0
        UID:urn:uuid:0001
        FN:Ann Lee
        EMAIL:ann@example.org
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        KIND:group
        UID:urn:uuid:g1
        FN:Climbing club
        MEMBER:urn:uuid:0001
        MEMBER:urn:uuid:0002
        MEMBER:mailto:nobody@example.org
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        UID:0002
        FN:Bob Kay
        EMAIL:bob@example.org
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        UID:A9A8-GROUP
        FN:Family
        N:Family;;;;
        X-ADDRESSBOOKSERVER-KIND:group
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0002
        END:VCARD

        """

    func testGroupCardsAreReadAsGroups() throws {
        let read = try readLines(Data(book.utf8), VCardReader.init(source:))
        let byName = Dictionary(uniqueKeysWithValues: read.friends.map { ($0.name, $0) })
        XCTAssertEqual(
            byName["Climbing club"]?.members, ["urn:uuid:0001", "urn:uuid:0002", "mailto:nobody@example.org"])
        XCTAssertEqual(byName["Climbing club"]?.id, "urn:uuid:g1")
        XCTAssertEqual(byName["Family"]?.members, ["urn:uuid:0002"])
        XCTAssertNil(byName["Ann Lee"]?.members, "a person has no members")
        let list = FriendList(read.friends)
        XCTAssertEqual(list.members(of: try XCTUnwrap(byName["Climbing club"])).map(\.name), ["Ann Lee", "Bob Kay"])
        XCTAssertEqual(list.expandingGroups([try XCTUnwrap(byName["Family"])]).map(\.emails), [["bob@example.org"]])
    }

    func testAGroupWithoutMembersIsAnEmptyGroup() throws {
        let card = "BEGIN:VCARD\nVERSION:4.0\nKIND:group\nFN:Nobody yet\nEND:VCARD\n"
        let read = try readLines(Data(card.utf8), VCardReader.init(source:))
        XCTAssertEqual(read.friends.map(\.members), [[]])
        XCTAssertTrue(FriendList(read.friends).expandingGroups(read.friends).isEmpty)
    }
}
