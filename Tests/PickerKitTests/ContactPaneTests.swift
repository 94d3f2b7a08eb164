import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The whole contact in the picker: the details pane beside or below the list, following the
/// cursor; one address or number of several chosen for a pick; a friend with nothing to print
/// dimmed and refused.
final class ContactPaneTests: XCTestCase {
    private let friends = [
        Friend(
            id: "1", name: "Ann Lee", emails: ["ann@home.example", "ann@work.example"],
            card: ContactCard(
                nickname: "Annie", organization: "Acme", title: "Engineer", phones: ["+1 555 0100", "555-0199"],
                categories: ["Friends", "Work"], birthday: "1990-02-03", note: "met at the \u{1B}[31mclub")),
        Friend(id: "2", name: "Bob Kay"),
        Friend(id: "3", name: "Cai Wu", emails: ["cai@example.org"]),
    ]

    private func picker(
        _ part: ContactPart = .contact, columns: Int = 100, rows: Int = 16, limit: Int? = nil
    ) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.printedPart = part
        configuration.limit = limit
        var state = PickerState(size: TerminalSize(rows: rows, columns: columns), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        return state
    }

    func testTheKeysAreInTheTable() {
        let keys = KeyMap.standard
        XCTAssertEqual(keys.event(for: .control("o"), in: .browsing), .toggleDetails)
        XCTAssertEqual(keys.event(for: .control("o"), in: .searching), .toggleDetails)
        XCTAssertEqual(keys.event(for: .alt("2"), in: .browsing), .choose(1))
        XCTAssertEqual(keys.event(for: .alt("9"), in: .searching), .choose(8))
        XCTAssertTrue(keys.hints(in: .browsing).contains("Ctrl-O details"))
    }

    func testThePaneStandsBesideAWideListAndFollowsTheCursor() {
        var state = picker()
        XCTAssertFalse(state.frame().text.contains("nickname"))
        state.send(.toggleDetails)
        let frame = state.frame()
        let column = try! XCTUnwrap(state.paneColumn)
        XCTAssertEqual(column, 60, "the list keeps three fifths of 100 columns")
        let pane = frame.lines.compactMap { $0.beside.map { $0.spans.map(\.text).joined() } }
        XCTAssertEqual(
            pane.prefix(12).map { $0.trimmingCharacters(in: .whitespaces) },
            [
                "│ Ann Lee", "│ nickname  Annie", "│ email     ann@home.example", "│ email     ann@work.example",
                "│ phone     +1 555 0100", "│ phone     555-0199", "│ org       Acme", "│ title     Engineer",
                "│ groups    Friends, Work", "│ birthday  1990-02-03", #"│ note      met at the \x1b[31mclub"#,
                "│ id        1",
            ])
        XCTAssertTrue(frame.lines[2].isCursor, "the cursor's row is still the list's")
        XCTAssertLessThanOrEqual(DisplayWidth.of(frame.lines[2].spans.map(\.text).joined()), column)
        state.send(.moveDown)
        let next = state.frame().lines.compactMap { $0.beside.map { $0.spans.map(\.text).joined() } }
        XCTAssertEqual(next.first, "│ Bob Kay", "the pane shows the friend under the cursor in the same frame")
        state.send(.toggleDetails)
        XCTAssertNil(state.frame().lines.first { $0.beside != nil })
    }

    func testThePaneShowsHowTheNameIsRead() {
        var state = PickerState(size: TerminalSize(rows: 16, columns: 100), configuration: PickerConfiguration())
        state.send(
            .friendsArrived(FriendBatch([Friend(id: "1", name: "山田 太郎", card: ContactCard(reading: "やまだ たろう"))])))
        state.send(.loadingFinished)
        state.send(.toggleDetails)
        let pane = state.frame().lines.compactMap { $0.beside.map { $0.spans.map(\.text).joined() } }
        XCTAssertEqual(
            pane.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) },
            ["│ 山田 太郎", "│ reading   やまだ たろう", "│ id        1"])
    }

    func testOnANarrowScreenThePaneStandsBelowTheList() {
        var state = picker(columns: 60, rows: 20)
        let before = state.layout.listRows
        state.send(.toggleDetails)
        let layout = state.layout
        XCTAssertEqual(layout.listRows + layout.paneRows, before)
        XCTAssertEqual(layout.paneRows, 9, "17 lines for the list: 9 go to the pane")
        let text = state.frame().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rule = layout.firstListLine + layout.listRows
        XCTAssertTrue(text[rule].hasPrefix("─ details ─"), text[rule])
        XCTAssertEqual(text[rule + 1], " Ann Lee")
        XCTAssertEqual(text[rule + 2], " nickname  Annie")
        XCTAssertTrue(state.frame().lines.allSatisfy { $0.beside == nil })
    }

    func testAMailPickPrintsThePreferredAddressOrTheOneChosen() {
        var state = picker(.emailAddress)
        XCTAssertEqual(state.frame().lines[2].text, "> [ ] Ann Lee  ann@home.example")
        XCTAssertEqual(state.result.map(\.emails), [["ann@home.example"]], "the preferred address alone")
        state.send(.choose(1))
        XCTAssertEqual(state.selection.orderedIDs, ["1"], "choosing an address picks the friend")
        XCTAssertEqual(state.frame().lines[2].text, "> [x] Ann Lee  ann@work.example", "the row shows what is printed")
        XCTAssertEqual(state.result.map(\.emails), [["ann@work.example"]])
        state.send(.toggleDetails)
        let pane = state.frame().lines.compactMap { $0.beside.map { $0.spans.map(\.text).joined() } }
        XCTAssertEqual(pane[2], "│ email       1 ann@home.example")
        XCTAssertEqual(pane[3], "│ email     ▸ 2 ann@work.example")
        state.send(.choose(2))
        XCTAssertEqual(state.notice, "Ann Lee has 2 email addresses")
        XCTAssertEqual(state.result.map(\.emails), [["ann@work.example"]], "a choice past the last changes nothing")
    }

    func testAFriendWithNothingToPrintIsDimmedAndRefused() {
        var state = picker(.emailAddress)
        state.send(.moveDown)
        let row = state.frame().lines[3]
        XCTAssertEqual(row.text, "> [ ] Bob Kay  no email address")
        XCTAssertTrue(row.spans.contains { $0.text.contains("Bob Kay") && $0.role == .detail }, "\(row.spans)")
        state.send(.toggleCurrent)
        XCTAssertTrue(state.selection.isEmpty)
        XCTAssertEqual(state.notice, "Bob Kay has no email address to print")
        XCTAssertEqual(state.send(.done), .continuing, "Enter on him is refused")
        XCTAssertEqual(state.frame().lines[15].text.hasPrefix("⚠ Bob Kay has no email address to print"), true)
        state.send(.toggleAllShown)
        XCTAssertEqual(
            state.selection.orderedIDs, ["1", "3", "category:Friends", "category:Work"],
            "Alt-A leaves him out, and takes Ann's groups")
        XCTAssertEqual(state.send(.done), .finished, "with a selection, Enter prints it")
        XCTAssertEqual(state.result.map(\.emails), [["ann@home.example"], ["cai@example.org"]])
    }

    func testATelPickPrintsOneNumber() {
        var state = picker(.phoneNumber)
        XCTAssertEqual(state.frame().lines[2].text, "> [ ] Ann Lee  +1 555 0100")
        state.send(.choose(1))
        XCTAssertEqual(state.result.map { $0.card?.phones }, [["555-0199"]])
        let tel = OutputFormat.tel.render(state.result, print0: false)
        XCTAssertEqual(String(decoding: tel, as: UTF8.self), "555-0199\tAnn Lee\n")
    }

    func testOutsideTheMailFormatsEveryoneCanBePickedAndNothingIsChosen() {
        var state = picker()
        state.send(.moveDown)
        XCTAssertEqual(state.frame().lines[3].text, "> [ ] Bob Kay")
        state.send(.choose(0))
        XCTAssertTrue(state.selection.isEmpty)
        XCTAssertEqual(state.notice, "only the mail formats and tel print one address or number of several")
        XCTAssertEqual(state.send(.done), .finished)
        XCTAssertEqual(state.result.map(\.id), ["2"])
    }
}
