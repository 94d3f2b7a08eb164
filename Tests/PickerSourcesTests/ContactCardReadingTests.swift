import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// What an address book says besides names and addresses, read into each friend's
/// ``ContactCard``: from a vCard's properties, and from the columns of Google's, Outlook's and
/// Thunderbird's CSV.
final class ContactCardReadingTests: XCTestCase {
    func testAVCardFillsTheCard() throws {
        let card = """
            BEGIN:VCARD
            VERSION:4.0
            FN:Ann Lee
            NICKNAME:Annie,Al
            ORG:Acme\\, Inc.;Sales
            TITLE:Head of Sales
            TEL;TYPE=work;VALUE=uri:tel:+1-555-0100
            TEL;TYPE=cell;PREF=1:+1 555 0101
            CATEGORIES:Work,Friends
            CATEGORIES:Work,Sailing
            BDAY:--12-10
            NOTE:Met at the harbour\\nin 2019
            EMAIL:ann@example.org
            END:VCARD

            """
        let read = try readLines(Data(card.utf8), VCardReader.init(source:))
        XCTAssertEqual(
            read.friends.first?.card,
            ContactCard(
                nickname: "Annie", organization: "Acme, Inc.", title: "Head of Sales",
                phones: ["+1 555 0101", "+1-555-0100"], categories: ["Work", "Friends", "Sailing"],
                birthday: "--12-10", note: "Met at the harbour"))
        let plain = try readLines(Data("BEGIN:VCARD\nFN:Bob\nEND:VCARD\n".utf8), VCardReader.init(source:))
        XCTAssertNil(plain.friends.first?.card, "a card that says nothing more")
    }

    func testGoogleColumns() throws {
        let friends = try FriendSource.readFile(fixture("google.csv").path)
        let bob = try XCTUnwrap(friends.first { $0.name == "Bob J. Smith" })
        XCTAssertEqual(bob.card?.organization, "Smith, Sons & Co")
        XCTAssertEqual(bob.card?.note, "Met at the", "the first line of the notes")
        XCTAssertEqual(bob.card?.categories, [], "Google's * groups are not categories")
        let ann = try XCTUnwrap(friends.first { $0.name == "Ann Lee" })
        XCTAssertEqual(ann.card?.phones, ["+1 555 0100"])
    }

    func testOutlookAndThunderbirdColumns() throws {
        let german = try FriendSource.readFile(fixture("outlook-german.csv").path)
        XCTAssertEqual(
            german.first?.card,
            ContactCard(
                organization: "Bäckerei Weiß", title: "Meister", phones: ["+49 170 0000000"], categories: ["Arbeit"]))
        let thunderbird = try FriendSource.readFile(fixture("thunderbird.tsv").path)
        XCTAssertEqual(thunderbird.first?.card?.nickname, "annie")
        let outlook = try readLines(
            Data(
                "First Name,Job Title,Mobile Phone,Business Phone,Categories,Birthday\nAnn,Chief,1,2,A;B,0/0/00\n".utf8),
            ContactsCSV.init(source:))
        XCTAssertEqual(
            outlook.friends.first?.card,
            ContactCard(title: "Chief", phones: ["1", "2"], categories: ["A", "B"]), "Outlook's empty date is none")
    }
}
