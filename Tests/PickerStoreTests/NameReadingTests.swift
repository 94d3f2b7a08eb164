import PickerTestSupport
import XCTest

@testable import PickerStore

/// A name written in kanji is sorted and sectioned by its reading where the source gives one
/// (`山田太郎` read `やまだ たろう` is under `や`), found by it as by a nickname; a name
/// without a reading stays under `#`, and a name with a section of its own keeps it.
final class NameReadingTests: XCTestCase {
    private func person(_ id: String, _ name: String, reading: String? = nil) -> Friend {
        Friend(id: id, name: name, card: reading.map { ContactCard(reading: $0) })
    }

    private var friends: [Friend] {
        [
            person("1", "山田 花子", reading: "やまだ はなこ"), person("2", "高橋一郎"),
            person("3", "山田 太郎", reading: "やまだ たろう"), person("4", "さくら"),
            person("5", "佐藤 健", reading: "さとう けん"), person("6", "中村 翔", reading: "ナカムラ ショウ"),
            person("7", "Ann Lee", reading: "あん りー"), person("8", "伊藤 美咲", reading: "ｲﾄｳ ﾐｻｷ"),
            person("9", "山本", reading: "やまもと"), person("10", "王小明", reading: "王"),
            person("11", "やまだ"),
        ]
    }

    func testAKanjiNameIsSortedAndSectionedByItsReading() {
        for sortOrder in [NameOrder.first, .last] {
            let list = FriendList(friends, sortOrder: sortOrder)
            list._checkInvariants()
            XCTAssertEqual(
                list.sections.map(\.letter), [sortOrder == .first ? "A" : "L", "あ", "さ", "な", "や", "#"], "\(sortOrder)")
            XCTAssertEqual(
                Array(list.friends).map(\.name),
                [
                    "Ann Lee", "伊藤 美咲", "さくら", "佐藤 健", "中村 翔", "やまだ", "山田 太郎", "山田 花子", "山本", "王小明",
                    "高橋一郎",
                ],
                "family name's reading first whatever the order; katakana, half width too, read as hiragana; "
                    + "a Latin name keeps its letter; a reading in kanji or none: #")
        }
    }

    func testABatchSortsAsTheListDoesAndJoinsIt() {
        var list = FriendList(Array(friends.prefix(5)))
        list.append(FriendBatch(Array(friends.dropFirst(5)), cores: 2))
        list._checkInvariants()
        XCTAssertEqual(Array(list.friends).map(\.name), Array(FriendList(friends).friends).map(\.name))
        XCTAssertEqual(list.sections.map(\.letter), ["A", "あ", "さ", "な", "や", "#"])
    }

    func testTheReadingFindsTheFriendAfterEveryNameMatch() {
        let list = FriendList(friends)
        func found(_ query: String) -> [String] {
            list.positions(matching: SearchQuery(query), ranked: true).map { list.friends[$0].name }
        }
        XCTAssertEqual(found("やまだ"), ["やまだ", "山田 太郎", "山田 花子"], "a name match first")
        XCTAssertEqual(found("やまだたろう"), ["山田 太郎"], "the reading without its space")
        XCTAssertEqual(found("ヤマダ"), [], "a reading in hiragana is not found in katakana")
        XCTAssertEqual(found("しょう"), ["中村 翔"], "a reading in katakana is found in hiragana")
        XCTAssertEqual(found("ナカムラ"), ["中村 翔"], "and as written")
        XCTAssertEqual(found("みさき"), ["伊藤 美咲"], "half-width katakana too")
        XCTAssertEqual(SearchQuery("やまだ").match(person("3", "山田 太郎", reading: "やまだ たろう"))?.score, 3)
        XCTAssertEqual(SearchQuery("山田").match(person("3", "山田 太郎", reading: "やまだ たろう"))?.score, 0)
        for friend in friends {
            for query in ["やまだ", "たろう", "ナカムラ", "みさき", "あん", "王"] {
                XCTAssertEqual(
                    SearchQuery(query).match(friend).map { Int($0.score) }, ReferenceSearch.score(friend, query: query),
                    "\(query) in \(friend.name)")
            }
        }
    }

    func testTheReadingInHiragana() {
        XCTAssertEqual(NameReading.hiragana("ヤマダ タロウ"), "やまだ たろう")
        XCTAssertEqual(NameReading.hiragana("ﾔﾏﾀﾞ ﾀﾛｳ"), "やまだ たろう", "a sound mark joins the kana before")
        XCTAssertEqual(NameReading.hiragana("ﾊﾟｰｸ"), "ぱーく")
        XCTAssertEqual(NameReading.hiragana("ヴァン Lee"), "ゔぁん Lee")
        XCTAssertEqual(NameReading.searchedForms("やまだ たろう"), ["やまだ たろう", "やまだたろう"])
        XCTAssertEqual(NameReading.searchedForms("ヤマダ"), ["ヤマダ", "やまだ"])
    }

    func testAFriendWithoutAReadingKeepsNothingMore() {
        var withReadings = FriendList(friends)
        let plain = FriendList(friends.map { Friend(id: $0.id, name: $0.name) })
        XCTAssertEqual(plain.keys.storedSortKeys.strings.count, 0, "no sort key kept for a name without a reading")
        XCTAssertEqual(withReadings.keys.storedSortKeys.strings.count, 6, "one for each name sorted by its reading")
        withReadings.append(FriendBatch([Friend(id: "12", name: "鈴木")]))
        XCTAssertEqual(withReadings.keys.storedSortKeys.strings.count, 6)
    }
}
