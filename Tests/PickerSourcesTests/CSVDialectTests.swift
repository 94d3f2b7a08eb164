import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// Contacts CSVs as their makers write them: separated by commas, semicolons or tabs; headed
/// in English, German, Dutch, Japanese, French or Spanish (Outlook), Thunderbird's or Roundcube's columns; or
/// without a header; never read as one name per line.
final class CSVDialectTests: XCTestCase {
    func testGermanOutlookSeparatedBySemicolonsInWindows1252() throws {
        let friends = try FriendSource.readFixture("outlook-german.csv")
        XCTAssertEqual(
            friends.map(\.name),
            ["Jürgen Karl Weiß", "Zoë Öztürk", "Stadtwerke Süd", "nur.adresse@example.de"],
            "no name: the company, else the address; the row with neither is skipped")
        XCTAssertEqual(friends[0].emails, ["juergen@baeckerei.example", "j.weiss@privat.example"])
        XCTAssertEqual(friends[0].nameParts, NameParts(first: "Jürgen", middle: "Karl", last: "Weiß"))
        XCTAssertEqual(friends[1].emails, ["zoe@example.de", "zoe.oe@example.de"], "E-Mail 3: Adresse")
        XCTAssertEqual(friends[3].emails, ["nur.adresse@example.de"])
        let lines = try readLines(try Data(contentsOf: fixture("outlook-german.csv")), ContactsCSV.init(source:))
        XCTAssertEqual(lines.firstSkipped, SkippedEntry(line: 6, problem: "the record has no name and no address"))
    }

    func testDutchAndJapaneseOutlook() throws {
        let dutch = try FriendSource.readFixture("outlook-dutch.csv")
        XCTAssertEqual(dutch.map(\.name), ["Jan van der Berg"])
        XCTAssertEqual(dutch[0].emails, ["jan@example.nl", "jan.berg@werk.example"])
        let japanese = try FriendSource.readFixture("outlook-japanese.csv")
        XCTAssertEqual(japanese.map(\.nameParts), [NameParts(first: "花子", middle: "", last: "山田")])
        XCTAssertEqual(japanese[0].emails, ["hanako@example.jp", "yamada.h@work.example.jp"])
    }

    /// French Outlook (Open-Xchange's mapping) and Spanish Outlook (Exchange's), both in
    /// Windows-1252 with semicolons; French `Titre`, the salutation and the job title, is not
    /// taken for either.
    func testFrenchAndSpanishOutlook() throws {
        let french = try FriendSource.readFixture("outlook-french.csv")
        XCTAssertEqual(french.map(\.name), ["François Xavier Lefèvre", "Hélène Dubois"])
        XCTAssertEqual(french[0].emails, ["francois@boulangerie.example", "f.lefevre@maison.example"])
        XCTAssertEqual(french[0].nameParts, NameParts(first: "François", middle: "Xavier", last: "Lefèvre"))
        XCTAssertEqual(french[0].card?.organization, "Boulangerie Lefèvre")
        XCTAssertEqual(french[0].card?.phones, ["+33 1 23 45 67 89", "+33 6 12 34 56 78"])
        XCTAssertEqual(french[0].card?.categories, ["Travail"])
        XCTAssertNil(french[0].card?.title)
        XCTAssertEqual(french[1].emails, ["helene@example.fr"])
        let spanish = try FriendSource.readFixture("outlook-spanish.csv")
        XCTAssertEqual(spanish.map(\.name), ["José Luis García Núñez", "Begoña Ibáñez"])
        XCTAssertEqual(spanish[0].emails, ["jose@taller.example", "jl.garcia@casa.example"])
        XCTAssertEqual(spanish[0].card?.organization, "Taller Núñez")
        XCTAssertEqual(spanish[0].card?.title, "Mecánico")
        XCTAssertEqual(spanish[0].card?.categories, ["Trabajo"])
        XCTAssertEqual(spanish[1].emails, ["begona@example.es"], "Dirección del correo electrónico 3")
        XCTAssertEqual(spanish[1].card?.phones, ["+34 600 000 000"])
    }

    /// Outlook in Japan writes CP932 (Shift_JIS with Windows' additions, `～` and `①`): a first
    /// line that is not UTF-8 but a Japanese Outlook header in CP932 has the file read so, and
    /// said; any other header that is not UTF-8 is still read as Windows-1252.
    func testJapaneseOutlookInCP932() throws {
        let friends = try FriendSource.readFixture("outlook-japanese-cp932.csv")
        XCTAssertEqual(friends.map(\.name), ["花子 山田", "一郎 鈴木"])
        XCTAssertEqual(friends[0].nameParts, NameParts(first: "花子", middle: "", last: "山田"))
        XCTAssertEqual(friends[0].emails, ["hanako@example.jp", "yamada.h@work.example.jp"])
        XCTAssertEqual(friends[0].card?.organization, "株式会社サンプル")
        XCTAssertEqual(friends[0].card?.title, "課長")
        XCTAssertEqual(friends[0].card?.note, "～東京本社～")
        XCTAssertEqual(friends[1].card?.note, "①②")
        let list = try FileSourceLoader(path: fixture("outlook-japanese-cp932.csv").path).list(sortOrder: .first).list
        XCTAssertEqual(list.assumedEncoding, "CP932")
        let french = try FileSourceLoader(path: fixture("outlook-french.csv").path).list(sortOrder: .first).list
        XCTAssertEqual(french.assumedEncoding, "Windows-1252", "a French header is not taken for CP932")
    }

    func testThunderbirdTabsAndRoundcubeAddresses() throws {
        let thunderbird = try FriendSource.readFixture("thunderbird.tsv")
        XCTAssertEqual(thunderbird.map(\.name), ["Ann Lee", "noname@example.org"])
        XCTAssertEqual(thunderbird[0].emails, ["ann@example.org", "ann.lee@work.example"], "Secondary Email")
        let roundcube = try FriendSource.readFixture("roundcube.csv")
        XCTAssertEqual(roundcube[0].emails, ["bob@home.example", "bob@work.example", "bob@other.example"])
    }

    func testWithoutAHeaderOrWithAddressesOnly() throws {
        let headerless = try FriendSource.readFixture("thunderbird-headerless.csv")
        XCTAssertEqual(headerless.map(\.name), ["Ann Lee", "Bob Stone"], "Thunderbird's column order")
        XCTAssertEqual(headerless[0].emails, ["ann@example.org", "ann.lee@work.example"])
        XCTAssertEqual(headerless[0].firstName, "Ann")
        let plain = try readLines(
            Data("Ann Lee,ann@example.org\nBob,bob@example.org\n".utf8), ContactsCSV.init(source:))
        XCTAssertEqual(plain.friends.map(\.name), ["Ann Lee", "Bob"])
        XCTAssertEqual(plain.friends.map(\.emails), [["ann@example.org"], ["bob@example.org"]])
        let addresses = try FriendSource.readFixture("addresses-only.csv")
        XCTAssertEqual(addresses.map(\.name), ["ann@example.org", "bob@example.org"])
        XCTAssertEqual(addresses.map(\.emails), [["ann@example.org"], ["bob@example.org"]])
    }

    func testACSVPickerCannotReadIsRefusedNeverReadAsNames() {
        XCTAssertThrowsError(try FriendSource.friends(fromStandardInput: Data("Kunde;Ort;Land\nA;B;C\n".utf8))) {
            XCTAssertEqual(
                ($0 as? SourceError)?.problem,
                "line 1: the header (\"Kunde\", \"Ort\", \"Land\") names no name or address column: expected a header such as Name, First Name, Last Name, E-mail Address (or Vorname, Nachname, E-Mail-Adresse…)"
            )
        }
    }

    func testTheSeparatorIsTheOneTheFirstLineHoldsMostOf() {
        func separator(_ line: String) -> Character {
            var line = line
            return Character(Unicode.Scalar(line.withUTF8 { ContactsCSV.separator(of: $0) }))
        }
        XCTAssertEqual(separator("a,b;c;d"), ";")
        XCTAssertEqual(separator("a\tb\tc,d"), "\t")
        XCTAssertEqual(separator("\"a;b;c\",d"), ",", "not inside quotes")
        XCTAssertEqual(separator("a;b,c"), ",", "a tie goes to the comma")
        XCTAssertEqual(separator("a\tb;c"), ";", "then to the semicolon, whatever the order of hashes")
        XCTAssertEqual(separator("abc"), ",")
    }
}
