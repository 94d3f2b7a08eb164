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

    /// How a name is read: Apple's and Android's `X-PHONETIC-*`, family name first; else vCard
    /// 4's `SORT-AS` on `N`; else a Japanese phone's `SOUND;X-IRMC-N`. Another `SOUND` is a
    /// sound, passed over undecoded.
    func testAVCardKeepsTheNamesReading() throws {
        let apple = try FriendSource.readFile(fixture("apple-japanese.vcf").path)
        XCTAssertEqual(apple.first?.name, "山田 太郎")
        XCTAssertEqual(
            apple.map { $0.card?.reading }.prefix(6), ["やまだ たろう", "やまだ はなこ", "さとう けん", "いとう みさき", "ナカムラ ショウ", nil])
        let cards = """
            BEGIN:VCARD
            VERSION:4.0
            FN:Jean de La Fontaine
            N;SORT-AS="La Fontaine,Jean":de La Fontaine;Jean;;;
            END:VCARD
            BEGIN:VCARD
            VERSION:2.1
            N;CHARSET=UTF-8:山田;太郎;;;
            SOUND;X-IRMC-N;CHARSET=UTF-8:ﾔﾏﾀﾞ;ﾀﾛｳ;;;
            TEL;CELL:090-1234-0001
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Anna Maria Lee
            X-PHONETIC-FIRST-NAME:Anna
            X-PHONETIC-MIDDLE-NAME:Maria
            X-PHONETIC-LAST-NAME:Lee
            N;SORT-AS="Lee":Lee;Anna;Maria;;
            SOUND;TYPE=WAVE;ENCODING=b:UklGRiQAAABXQVZFZm10IBAAAAABAAEA
            END:VCARD

            """
        let read = try readLines(Data(cards.utf8), VCardReader.init(source:))
        XCTAssertEqual(read.skipped, 0)
        XCTAssertEqual(read.friends.map { $0.card?.reading }, ["La Fontaine Jean", "ﾔﾏﾀﾞ ﾀﾛｳ", "Lee Maria Anna"])
    }

    /// Google's phonetic columns (older: yomi), and the furigana columns of Japanese address
    /// books.
    func testACSVKeepsTheNamesReading() throws {
        let google = try FriendSource.readFile(fixture("google-phonetic.csv").path)
        XCTAssertEqual(google.map(\.name), ["太郎 山田", "健 佐藤", "一郎 高橋", "Ann Lee"])
        XCTAssertEqual(google.map { $0.card?.reading }, ["やまだ たろう", "サトウ ケン", nil, nil])
        let older = try readLines(
            Data(
                """
                Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,Family Name Yomi,E-mail 1 - Type,E-mail 1 - Value
                山田太郎,太郎,,山田,,たろう,,やまだ,* Home,taro@example.jp
                佐藤健,健,,佐藤,さとう けん,,,,,ken@example.jp

                """.utf8), ContactsCSV.init(source:))
        XCTAssertEqual(older.friends.map { $0.card?.reading }, ["やまだ たろう", "さとう けん"])
        let furigana = try readLines(
            Data("姓,名,姓 (ふりがな),名 (ふりがな),電子メール アドレス\n山田,太郎,やまだ,たろう,taro@example.jp\n".utf8),
            ContactsCSV.init(source:))
        XCTAssertEqual(furigana.friends.first?.card?.reading, "やまだ たろう")
    }
}
