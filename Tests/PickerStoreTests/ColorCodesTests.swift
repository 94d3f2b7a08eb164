import XCTest

@testable import PickerStore

/// `--ansi`: SGR sequences read as colours and taken out of the text; nothing else read.
final class ColorCodesTests: XCTestCase {
    func testSGRSequencesAreTakenOutAndOthersKept() {
        XCTAssertEqual(ColorCodes.stripped("\u{1b}[01;34mdir\u{1b}[0m/"), "dir/")
        XCTAssertEqual(ColorCodes.stripped("plain"), "plain")
        XCTAssertEqual(ColorCodes.stripped("\u{1b}[2Jwiped\u{1b}]0;title\u{7}"), "\u{1b}[2Jwiped\u{1b}]0;title\u{7}")
        XCTAssertEqual(ColorCodes.stripped("\u{1b}[31"), "\u{1b}[31", "unfinished: kept, the screen escapes it")
    }

    func testEachCharacterKeepsItsColour() {
        let (text, styles) = ColorCodes.styled(
            "\u{1b}[1;31mré\u{1b}[22m d\u{1b}[38;5;208mx\u{1b}[38;2;0;0;255my\u{1b}[0mz")
        XCTAssertEqual(text, "ré dxyz")
        XCTAssertEqual(
            styles,
            [
                .init(foreground: 1, bold: true), .init(foreground: 1, bold: true), .init(foreground: 1),
                .init(foreground: 1), .init(foreground: 208), .init(foreground: 21), .init(),
            ])
        XCTAssertEqual(
            ColorCodes.styled("\u{1b}[92mok\u{1b}[39m").styles, [.init(foreground: 10), .init(foreground: 10)])
        XCTAssertEqual(ColorCodes.styled("\u{1b}[4;48;5;12mu").styles, [.init(underline: true)], "no background")
        XCTAssertEqual(ColorCodes.styled("e\u{301}\u{1b}[31mx").styles.count, 2, "a style per character")
    }

    func testWithAnsiTheSearchAndTheOutputLeaveTheColoursOut() throws {
        var fields = NameFields()
        fields.strippingColors = true
        XCTAssertFalse(fields.searchesWholeName)
        let name = "\u{1b}[31mred\u{1b}[0m file"
        XCTAssertEqual(name.withUTF8Bytes { fields.searchedText($0) }, Array("red file".utf8))
        XCTAssertEqual(fields.printedText(name), "red file")
        XCTAssertEqual(fields.shownText(name), "red file")
    }

    func testTheFieldsShownKeepTheirColours() throws {
        var fields = NameFields()
        fields.strippingColors = true
        fields.shown = try FieldList("2,1", option: "--with-nth")
        let name = "\u{1b}[31mré\u{1b}[0m \u{1b}[32mgo\u{1b}[0m"
        XCTAssertEqual(fields.shownText(name), "goré")
        let (red, green) = (ColorCodes.Style(foreground: 1), ColorCodes.Style(foreground: 2))
        XCTAssertEqual(fields.shownStyles(name), [green, green, red, red], "the blank after ré left off")
        fields.shown = try FieldList("2", option: "--with-nth")
        XCTAssertEqual(fields.shownStyles("\u{1b}[35mleft right"), Array(repeating: .init(foreground: 5), count: 5))
        fields.delimiter = try FieldDelimiter("é")
        fields.shown = try FieldList("1", option: "--with-nth")
        XCTAssertEqual(fields.shownStyles(name), [red], "the delimiter's bytes left off")
    }
}
