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
}
