import FoundationEssentials
import PickerTestSupport
import XCTest

@testable import PickerStore

/// Sections for the scripts people write names in: each script's index letters after `A`–`Z`,
/// `#` last, names sorted within each as before.
final class ScriptSectionsTests: XCTestCase {
    private let names = [
        "Яна", "Zoë", "王小明", "Ёлка", "Анна", "Ісак", "Игорь", "Ωμέγα", "Ἀλέξανδρος", "דוד", "علي", "أحمد", "अमित",
        "カナ", "かな", "がっこう", "さくら", "김민준", "까치", "한", "1st", "Ada", "Борис",
    ]

    func testEachScriptHasItsLettersAfterLatinAndBeforeHash() {
        let list = FriendList(names.enumerated().map { Friend(id: String($0 + 1), name: $1) })
        list._checkInvariants()
        XCTAssertEqual(
            list.sections.map(\.letter),
            ["A", "Z", "Α", "Ω", "А", "Б", "Е", "И", "І", "Я", "ד", "ا", "ع", "अ", "か", "さ", "ㄱ", "ㅎ", "#"])
        XCTAssertEqual(
            Array(list.friends).map(\.name),
            [
                "Ada", "Zoë", "Ἀλέξανδρος", "Ωμέγα", "Анна", "Борис", "Ёлка", "Игорь", "Ісак", "Яна", "דוד", "أحمد",
                "علي", "अमित", "かな", "がっこう", "カナ", "さくら", "김민준", "까치", "한", "1st", "王小明",
            ],
            "ё with е, hiragana and katakana in one row, ㄲ under ㄱ")
    }

    func testFilterSortsAsTheListDoes() throws {
        for sortOrder in [NameOrder.first, .last] {
            let list = FriendList(names.enumerated().map { Friend(id: String($0 + 1), name: $1) }, sortOrder: sortOrder)
            let found = try LineFilter.matches(
                in: Data(names.joined(separator: "\n").utf8), source: "-", matching: "", sortOrder: sortOrder,
                ranked: false)
            XCTAssertEqual(found.friends.map(\.name), Array(list.friends).map(\.name), "\(sortOrder)")
        }
    }

    func testATypedLetterNamesItsSection() {
        let typed: [(Character, Character?)] = [
            ("a", "A"), ("Z", "Z"), ("é", "E"), ("#", "#"), ("ж", "Ж"), ("Ё", "Е"), ("ї", "І"), ("ς", "Σ"),
            ("ά", "Α"), ("ך", "כ"), ("أ", "ا"), ("ک", "ك"), ("क़", "क"), ("が", "か"), ("ヴ", "あ"), ("ｶ", "か"),
            ("ん", "わ"), ("김", "ㄱ"), ("까", "ㄱ"), ("\u{3132}", "ㄱ"), ("\u{1112}", "ㅎ"), ("1", nil), ("王", nil),
            ("ー", nil),
        ]
        for (character, letter) in typed {
            XCTAssertEqual(Section.letter(typed: character), letter, "\(character)")
        }
    }

    func testTheLettersAreDistinctAndEachItsOwnSection() {
        XCTAssertEqual(Set(ScriptSections.letters).count, ScriptSections.letters.count)
        let codes = ScriptSections.letters.indices.map(ScriptSections.code(index:))
        XCTAssertEqual(codes, codes.sorted(), "codes in the letters' order")
        XCTAssertTrue(codes.contains { $0 >> 8 >= ScriptSections.twoByteCodes }, "past a byte's worth, two")
        for code in codes {
            let (high, low) = (UInt8(code >> 8), UInt8(code & 0xFF))
            XCTAssertTrue(high >= 2 && (high < ScriptSections.twoByteCodes ? low == 0 : low >= 2), "no byte 0 or 1")
            XCTAssertEqual(ScriptSections.code(first: high, second: low == 0 ? 0x61 : low), code)
        }
        for (index, letter) in ScriptSections.letters.enumerated() {
            XCTAssertEqual(ScriptSections.letter(code: ScriptSections.code(index: index)), letter)
            XCTAssertEqual(Section.letter(typed: letter), letter, "\(letter) names its own section")
        }
        XCTAssertTrue(Section.precedes("Z", "Α") && Section.precedes("Ω", "А") && Section.precedes("ㅎ", "#"))
        XCTAssertTrue(Section.precedes("Г", "Ґ") && Section.precedes("Ґ", "Д"), "Ґ after Г, as Ukrainian has it")
    }

    /// Thai names under their first consonant `ก`–`ฮ`, after Devanagari: a vowel written before
    /// its consonant (`เ`, `ไ`) is passed over, `ฃ` is under `ข`.
    func testThaiNamesAreUnderTheirFirstConsonant() throws {
        let thai = ["สมชาย", "เอก", "กมล", "ไพโรจน์", "อรุณ", "ฃวด", "ขวัญ", "เ", "นก", "Ada", "अमित", "さくら"]
        for sortOrder in [NameOrder.first, .last] {
            let list = FriendList(thai.enumerated().map { Friend(id: String($0 + 1), name: $1) }, sortOrder: sortOrder)
            list._checkInvariants()
            XCTAssertEqual(list.sections.map(\.letter), ["A", "अ", "ก", "ข", "น", "พ", "ส", "อ", "さ", "#"])
            XCTAssertEqual(
                Array(list.friends).map(\.name),
                ["Ada", "अमित", "กมล", "ขวัญ", "ฃวด", "นก", "ไพโรจน์", "สมชาย", "อรุณ", "เอก", "さくら", "เ"])
            let found = try LineFilter.matches(
                in: Data(thai.joined(separator: "\n").utf8), source: "-", matching: "", sortOrder: sortOrder,
                ranked: false)
            XCTAssertEqual(found.friends.map(\.name), Array(list.friends).map(\.name), "--filter sorts them alike")
        }
        for (typed, letter) in [("ก", "ก"), ("ฃ", "ข"), ("ฮ", "ฮ")] {
            XCTAssertEqual(Section.letter(typed: Character(typed)), Character(letter))
        }
        XCTAssertNil(Section.letter(typed: "เ"))
    }

    /// The other scripts of India, as Devanagari: each name under its first letter, a letter
    /// with a nukta under its letter (and sorted as it, `ਸ਼ਾ` before `ਸਿ`), the scripts in
    /// Unicode's order after Devanagari.
    func testTheScriptsOfIndiaHaveTheirLetters() throws {
        let names = [
            "മോഹൻ", "ಕನ್ನಡ", "రామ", "கமல்", "அருண்", "ଓଡ଼ିଆ", "ગાંધી", "ਸ਼ਾਮ", "ਸਿੰਘ", "ড়িয়া", "রবীন্দ্রনাথ", "অমর্ত্য",
            "अमित", "กมล", "さくら", "김민준", "王",
        ]
        for sortOrder in [NameOrder.first, .last] {
            let list = FriendList(names.enumerated().map { Friend(id: String($0 + 1), name: $1) }, sortOrder: sortOrder)
            list._checkInvariants()
            XCTAssertEqual(
                list.sections.map(\.letter),
                ["अ", "অ", "ড", "র", "ਸ", "ગ", "ଓ", "அ", "க", "ర", "ಕ", "മ", "ก", "さ", "ㄱ", "#"])
            XCTAssertEqual(
                Array(list.friends).map(\.name),
                [
                    "अमित", "অমর্ত্য", "ড়িয়া", "রবীন্দ্রনাথ", "ਸ਼ਾਮ", "ਸਿੰਘ", "ગાંધી", "ଓଡ଼ିଆ", "அருண்", "கமல்", "రామ", "ಕನ್ನಡ",
                    "മോഹൻ", "กมล", "さくら", "김민준", "王",
                ])
            let found = try LineFilter.matches(
                in: Data(names.joined(separator: "\n").utf8), source: "-", matching: "", sortOrder: sortOrder,
                ranked: false)
            XCTAssertEqual(found.friends.map(\.name), Array(list.friends).map(\.name), "--filter sorts them alike")
        }
        for (typed, letter) in [("க", "க"), ("ਸ਼", "ਸ"), ("\u{9DC}", "ড"), ("ഹ", "ഹ"), ("さ", "さ"), ("ㅎ", "ㅎ")] {
            XCTAssertEqual(Section.letter(typed: Character(typed)), Character(letter), typed)
        }
    }
}
