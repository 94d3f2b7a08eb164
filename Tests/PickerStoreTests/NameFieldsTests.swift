import XCTest

@testable import PickerStore

/// The fields of a line as fzf 0.74 cuts, takes and joins them (each expectation is what
/// `fzf --filter '' --delimiter … --accept-nth …` prints).
final class NameFieldsTests: XCTestCase {
    private func printed(_ line: String, _ list: String, delimiter: String? = nil) throws -> String {
        var fields = NameFields()
        if let delimiter { fields.delimiter = try FieldDelimiter(delimiter) }
        fields.printed = try FieldList(list, option: "--accept-nth")
        return fields.printedText(line)
    }

    func testFieldsAreTakenAsFzfTakesThem() throws {
        for (line, list, delimiter, expected) in [
            ("a b  c\td", "2..", nil, "b  c\td"),
            ("  a  b  c  ", "1,2", nil, "a  b"),
            ("  a  b  c  ", "3", nil, "c"),
            ("  a  b  c  ", "1,3", nil, "a  c"),
            ("a b c", "5", nil, ""),
            ("a b c", "..2", nil, "a b"),
            ("a b c", "2,1", nil, "b a"),
            ("a b c", "-2..-1", nil, "b c"),
            ("a b c d", "1..2,4", nil, "a b d"),
            ("a b c", "..", nil, "a b c"),
            ("a:b:c", "2..", ":", "b:c"),
            ("a:b:c", "1,3", ":", "a:c"),
            ("a:b:c", "-1", ":", "c"),
            ("a:b:c:", "2..", ":", "b:c"),
            ("a:b:c:", "4", ":", ""),
            ("a:b:c:", "-1", ":", ""),
            ("a1b2", "-1", "[0-9]", "b"),
            ("a::b::c", "2,3", "::", "b::c"),
            ("a.b.c", "2", ".", "b"),
            ("a|b|c", "2", "|", "b"),
            ("a(b(c", "2", "(", "b"),
            ("a1b22c", "1,3", "[0-9]+", "a1c"),
            ("a1b22c", "2..", "[0-9]+", "b22c"),
            ("axbxxc", "2", "x+", "b"),
            ("a.b.c", "2", ".b", ".c"),
            ("a\tb c", "2", "\\t", "b c"),
            ("Zoë\tzoe@x.org", "2", "\t", "zoe@x.org"),
        ] {
            XCTAssertEqual(
                try printed(line, list, delimiter: delimiter), expected, "\(line) \(list) \(delimiter ?? "")")
        }
    }

    func testTheFieldsSearchedAreCountedInThoseShown() throws {
        var fields = NameFields()
        fields.delimiter = try FieldDelimiter(":")
        XCTAssertTrue(fields.searchesWholeName)
        fields.shown = try FieldList("2..", option: "--with-nth")
        fields.searched = try FieldList("1", option: "--nth")
        XCTAssertFalse(fields.searchesWholeName)
        XCTAssertEqual(fields.shownText("a:b:c"), "b:c")
        XCTAssertEqual(Array("a:b:c".utf8).withUnsafeBufferPointer { fields.searchedText($0) }, Array("b".utf8))
        XCTAssertEqual(fields.printedText("a:b:c"), "a:b:c", "printed whole without --accept-nth")
    }

    func testAPatternThatCutsACharacterLeavesUTF8() throws {
        var fields = NameFields()
        fields.delimiter = try FieldDelimiter("[^a]+")
        fields.searched = try FieldList("1", option: "--nth")
        let searched = Array("aé".utf8).withUnsafeBufferPointer { fields.searchedText($0) }
        XCTAssertTrue(searched.withUnsafeBufferPointer(UTF8Text.isValid))
    }

    func testBadListsAndDelimitersAreRefusedByName() {
        for (bad, part) in [
            ("0", "0"), ("", ""), ("a", "a"), ("1,", ""), ("+1", "+1"), ("1...2", "1...2"), ("1..x", "1..x"),
        ] {
            XCTAssertThrowsError(try FieldList(bad, option: "--nth"), bad) { error in
                XCTAssertEqual(
                    (error as? FieldError)?.description,
                    "--nth needs fields from 1, -1 from the end, or ranges such as 2.., ..3, 1..2, not '\(part)'")
            }
        }
        XCTAssertThrowsError(try FieldDelimiter(""))
        XCTAssertThrowsError(try FieldList("\u{1b}[31m", option: "--nth")) { error in
            XCTAssertFalse(String(describing: error).contains("\u{1b}"), "no raw escape in a message")
        }
    }
}
