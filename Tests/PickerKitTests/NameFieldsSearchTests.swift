import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--nth` and `--with-nth`: a list searched in the fields of its lines, the lines kept whole,
/// and `--filter`'s line scan finding what the list finds.
final class NameFieldsSearchTests: XCTestCase {
    private func fields(_ delimiter: String?, nth: String?, withNth: String?) throws -> NameFields {
        var fields = NameFields()
        if let delimiter { fields.delimiter = try FieldDelimiter(delimiter) }
        fields.searched = try nth.map { try FieldList($0, option: "--nth") }
        fields.shown = try withNth.map { try FieldList($0, option: "--with-nth") }
        return fields
    }

    func testTheLineFilterFindsWhatAListSearchedInFieldsFinds() throws {
        var random = SplitMix64(seed: 41)
        let words = ["Ann", "anna", "Zoë", "zoe", "王", "ann@x.org", " ", "\t", ":", "son", "Johnson", "  "]
        let lines = (0..<1500).map { _ in
            (0..<Int(random.next() % 6)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined()
        }
        let data = Data(lines.joined(separator: random.next() % 2 == 0 ? "\n" : "\r\n").utf8)
        for (delimiter, nth, withNth) in [
            (nil, "1", nil), (nil, "2..", nil), (":", "-1", nil), ("\\t", nil, "2"), (nil, "1", "2.."),
            ("[ :]+", "..2", nil),
        ] {
            let fields = try fields(delimiter, nth: nth, withNth: withNth)
            for inputOrder in [nil, InputOrder.asRead] {
                var list = FriendList(inputOrder: inputOrder, fields: fields)
                try NameLines.readPages(data, source: "standard input") { list.append($0.friends) }
                list._checkInvariants()
                for query in ["", "ann", "zoe", "son", "@x", "^an", "!a", "王"] {
                    let found = try LineFilter.matches(
                        in: data, source: "standard input", matching: query, fields: fields, inputOrder: inputOrder,
                        partMinimum: 256)
                    // A line whose fields are blank too, found by an empty query and by `!a`.
                    let expected = FriendFilter.matches(in: list, query, ranked: true)
                    XCTAssertEqual(
                        found.friends, expected, "\(delimiter ?? "") \(nth ?? "") \(withNth ?? "") \(query)")
                }
            }
        }
    }

    func testOnlyTheFieldsSearchedMatch() throws {
        let friends = ["Ann\ta@x.org", "Bob\tbob@ann.org", "Cy\tcy@x.org"].enumerated().map {
            Friend(id: String($0 + 1), name: $1)
        }
        let byName = FriendList(friends, inputOrder: .asRead, fields: try fields("\t", nth: "1", withNth: nil))
        XCTAssertEqual(byName.positions(matching: SearchQuery("ann"), ranked: true), [0])
        let byAddress = FriendList(friends, inputOrder: .asRead, fields: try fields("\t", nth: "2", withNth: nil))
        XCTAssertEqual(byAddress.positions(matching: SearchQuery("ann"), ranked: true), [1])
        XCTAssertEqual(byAddress.friends[1].name, "Bob\tbob@ann.org", "the line kept whole")
    }

    func testTheScreenShowsTheFieldsShownTabsAsSpaces() throws {
        var configuration = PickerConfiguration()
        configuration.sortsList = false
        configuration.fields = try fields("\t", nth: nil, withNth: "2,1")
        var state = PickerState(size: TerminalSize(rows: 6, columns: 40), configuration: configuration)
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ann Lee\tann@x.org\tFriends")])))
        state.send(.loadingFinished)
        XCTAssertEqual(state.frame().lines[2].text, "> [ ] ann@x.org Ann Lee")
        var whole = PickerState(size: TerminalSize(rows: 6, columns: 40))
        whole.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ann Lee\tann@x.org")])))
        whole.send(.loadingFinished)
        XCTAssertEqual(whole.frame().lines[2].text, "> [ ] Ann Lee ann@x.org")
        XCTAssertEqual(whole.result.map(\.name), ["Ann Lee\tann@x.org"], "the line printed as read")
    }

    func testTheFieldsPrintedAreCutFromTheLineRead() throws {
        var fields = NameFields()
        fields.delimiter = try FieldDelimiter("\t")
        fields.printed = try FieldList("2", option: "--accept-nth")
        let matches = FilterMatches.friends([Friend(id: "1", name: "Ann\tann@x.org")]).printing(fields)
        guard case .friends(let friends) = matches else { return XCTFail("friends") }
        XCTAssertEqual(friends.map(\.name), ["ann@x.org"])
        let lines = try LineFilter.matches(in: Data("Ann\tann@x.org\n".utf8), source: "-", matching: "")
        guard case .friends(let printed) = FilterMatches.lines(lines).printing(fields) else { return XCTFail("lines") }
        XCTAssertEqual(printed.map(\.name), ["ann@x.org"])
        XCTAssertEqual(FilterMatches.lines(lines).printing(NameFields()).count, 1)
    }
}

/// `--ansi` on the screen: the colours of a name drawn, nothing else of an escape read.
final class ColoredNamesTests: XCTestCase {
    func testTheScreenDrawsTheColoursAndEscapesTheRest() {
        var configuration = PickerConfiguration()
        configuration.sortsList = false
        configuration.fields.strippingColors = true
        var state = PickerState(size: TerminalSize(rows: 6, columns: 40), configuration: configuration)
        state.send(
            .friendsArrived(
                FriendBatch([
                    Friend(id: "1", name: "\u{1b}[31mred\u{1b}[0m file"), Friend(id: "2", name: "\u{1b}[2Jwiped"),
                ])))
        state.send(.loadingFinished)
        let lines = state.frame().lines
        XCTAssertEqual(lines[2].text, "> [ ] red file")
        XCTAssertEqual(lines[3].text, #"  [ ] \x1b[2Jwiped"#)
        XCTAssertTrue(lines[2].spans.contains(Frame.Span("red", .colored(ColorCodes.Style(foreground: 1)))))
        XCTAssertEqual(Frame.Role.colored(ColorCodes.Style(foreground: 1, bold: true)).style.paletteColor, 1)
        XCTAssertEqual(TextStyle.shownPaletteColor(9, colors: 8), 1, "a bright colour as its basic twin")
        XCTAssertNil(TextStyle.shownPaletteColor(208, colors: 8))
        state.send(.typed("31"))
        XCTAssertEqual(state.rows.count, 0, "the colour's numbers are not searched")
    }
}
