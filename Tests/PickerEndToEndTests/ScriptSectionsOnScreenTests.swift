import Foundation
import XCTest

/// Names in other scripts through the real binary: each script's index letters as sections
/// after `A`–`Z` (Cyrillic `А`–`Я`, kana rows, Hangul initials), `#` last, reached by the
/// section keys as the Latin ones are.
final class ScriptSectionsOnScreenTests: TmuxTestCase {
    /// A mixed address book, one name per line, in no order.
    private let names = Data(
        """
        Яна Белова
        Ada Lovelace
        王小明
        Ёлка Смирнова
        Анна Иванова
        Νίκος Αλεξίου
        佐藤花子
        さくら
        カナ
        김민준
        이서연
        Борис Годунов
        Zoë Adair

        """.utf8)

    func testEachScriptHasItsSectionsAndTheJumpKeysReachThem() throws {
        let picker = try startPicker(["--source", "-"], rows: 40, input: names) { $0.counts == "13/13 · 0 selected" }
        let screen = try picker.screen()
        XCTAssertEqual(
            screen.headers, ["  A", "  Z", "  Ν", "  А", "  Б", "  Е", "  Я", "  か", "  さ", "  ㄱ", "  ㅇ", "  #"])
        XCTAssertEqual(
            screen.names,
            [
                "Ada Lovelace", "Zoë Adair", "Νίκος Αλεξίου", "Анна Иванова", "Борис Годунов", "Ёлка Смирнова",
                "Яна Белова", "カナ", "さくら", "김민준", "이서연", "佐藤花子", "王小明",
            ],
            "Ё with Е, katakana in its kana row, CJK under #")
        // Ctrl-S takes a letter typed in its script; Ж has no names: the next section shown.
        for (typed, expected) in [("б", "Борис Годунов"), ("が", "カナ"), ("ж", "Яна Белова"), ("#", "佐藤花子")] {
            try picker.press("C-s")
            try picker.type(typed)
            try picker.waitForScreen("the section of \(typed)") { $0.cursorName == expected }
        }
        try picker.press("M-p")
        try picker.waitForScreen("ㅇ, the section before #") { $0.cursorName == "이서연" }
        try picker.press("M-p", "M-p", "M-n")
        try picker.waitForScreen("ㄱ, after the kana rows") { $0.cursorName == "김민준" }
    }

    func testFilterSortsTheScriptsAsTheScreenDoes() throws {
        let result = try runPicker(["--filter", ""], input: names, environment: ["PICKER_SOURCE": nil])
        assertExit(
            result, 0,
            output:
                "Ada Lovelace\nZoë Adair\nΝίκος Αλεξίου\nАнна Иванова\nБорис Годунов\nЁлка Смирнова\nЯна Белова\nカナ\n"
                + "さくら\n김민준\n이서연\n佐藤花子\n王小明\n", standardError: "")
    }

    /// An iPhone's contacts, exported as Apple writes them with `X-PHONETIC-*`: each name in
    /// kanji under the kana row of its reading, in the order of the readings; typing a reading
    /// finds its friend; a name without a reading stays under `#`.
    func testKanjiNamesStandUnderTheKanaRowsOfTheirReadings() throws {
        let picker = try startPicker(
            ["--source", PickerPaths.fixture("apple-japanese.vcf"), "--format", "json"], rows: 30
        ) { $0.counts == "8/8 · 0 selected" }
        let screen = try picker.screen()
        XCTAssertEqual(screen.headers, ["  A", "  あ", "  さ", "  な", "  や", "  #"])
        XCTAssertEqual(
            screen.names.map { $0.split(separator: " ").filter { !$0.contains("@") }.joined(separator: " ") },
            ["Ann Lee", "伊藤 美咲", "さくら", "佐藤 健", "中村 翔", "山田 太郎", "山田 花子", "高橋 一郎"])
        try picker.press("C-s")
        try picker.type("や")
        try picker.waitForScreen("the row of やまだ") { $0.cursorName?.hasPrefix("山田 太郎") == true }
        try picker.type("やまだ")
        try picker.waitForScreen("both found by their reading") { $0.counts == "2/8 · 0 selected" }
        try picker.type(" は")
        try picker.waitForScreen("one left") { $0.counts == "1/8 · 0 selected" }
        try picker.press("Enter")
        let output = try picker.assertExit(0, standardError: "").output
        XCTAssertTrue(output.contains(#""name":"山田 花子""#) && output.contains(#""reading":"やまだ はなこ""#), output)
    }

    /// Google Contacts' CSV with its phonetic columns: `--filter` sorts by the readings as the
    /// screen does, and finds a friend by its reading.
    func testFilterSortsAndFindsByTheReadingsOfAGoogleExport() throws {
        let source = ["--source", PickerPaths.fixture("google-phonetic.csv")]
        let all = try runPicker(source + ["--filter", ""], environment: ["PICKER_SOURCE": nil])
        assertExit(all, 0, output: "Ann Lee\n健 佐藤\n太郎 山田\n一郎 高橋\n", standardError: "", "さ, や, then #")
        let found = try runPicker(source + ["--filter", "やまだ"], environment: ["PICKER_SOURCE": nil])
        assertExit(found, 0, output: "太郎 山田\n", standardError: "")
    }
}
