import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Ctrl-G on a group shows its members, ticked or unticked one by one as the selection is
/// reviewed, so that some of a group can be picked; Esc or Ctrl-G goes back to the list as it
/// was.
final class GroupReviewTests: XCTestCase {
    private let friends = [
        Friend(id: "ann", name: "Ann Lee", emails: ["ann@example.org"]),
        Friend(id: "bob", name: "Bob Kay", emails: ["bob@example.org"]),
        Friend(id: "cai", name: "Cai Wu", emails: ["cai@example.org"]),
        Friend(id: "dan", name: "Dan Orr"),
        Friend(id: "eve", name: "Eve Park", emails: ["eve@example.org"]),
        Friend(id: "team", name: "Team", members: ["cai", "ann", "dan"]),
        Friend(id: "duo", name: "Duo", members: ["bob", "eve"]),
    ]

    private func picker(_ part: ContactPart = .contact, limit: Int? = nil) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.printedPart = part
        configuration.limit = limit
        return PickerState(
            loaded: FriendList(friends), size: TerminalSize(rows: 14, columns: 60), configuration: configuration)
    }

    /// The picker with the cursor on `name`, browsing.
    private func on(_ name: String, _ state: inout PickerState) {
        state.send(.moveToFirst)
        while state.currentFriend?.name != name { state.send(.moveDown) }
    }

    private func rowNames(_ state: PickerState) -> [String] { state.rows.map { state.list.friends[$0].name } }

    private func listText(_ state: PickerState) -> [String] {
        state.frame().text.split(separator: "\n").map(String.init)
    }

    func testTheMembersAreShownInTheGroupsOrderAndEscGoesBack() {
        var state = picker()
        on("Team", &state)
        state.send(.reviewGroup)
        XCTAssertEqual(state.phase, .reviewing)
        XCTAssertEqual(rowNames(state), ["Cai Wu", "Ann Lee", "Dan Orr"])
        XCTAssertEqual(
            Array(listText(state).prefix(5)),
            [
                "Members of Team" + String(repeating: " ", count: 35) + "0 selected",
                "Ctrl-G or Esc: back to the list as it was", "> [ ] Cai Wu  cai@example.org",
                "  [ ] Ann Lee  ann@example.org", "  [ ] Dan Orr",
            ])
        state.send(.back)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.currentFriend?.name, "Team", "the cursor back on its group")
        state.send(.reviewGroup)
        state.send(.reviewGroup)
        XCTAssertEqual(state.phase, .browsing, "Ctrl-G again goes back too")
        XCTAssertEqual(state.currentFriend?.name, "Team")
    }

    func testTickingTwoOfTheThreeMembersPicksThoseTwo() {
        var state = picker(.emailAddress)
        on("Team", &state)
        for event: PickerEvent in [.reviewGroup, .toggleAndMoveDown, .toggleCurrent] { state.send(event) }
        XCTAssertEqual(state.selection.orderedIDs, ["cai", "ann"])
        state.send(.back)
        XCTAssertEqual(listText(state)[4], "> [-] Team  group of 3 friends", "some of the group picked")
        XCTAssertEqual(state.send(.done), .finished)
        XCTAssertEqual(state.result.map(\.emails), [["cai@example.org"], ["ann@example.org"]])
    }

    /// Unticking a member of a group picked whole leaves the group's other members picked, in
    /// its stead.
    func testUntickingAMemberOfAGroupPickedWholeKeepsTheOthers() {
        var state = picker()
        on("Duo", &state)
        state.send(.toggleCurrent)
        on("Team", &state)
        state.send(.toggleCurrent)
        state.send(.reviewGroup)
        XCTAssertEqual(
            Array(listText(state)[2...4]),
            ["> [x] Cai Wu  cai@example.org", "  [x] Ann Lee  ann@example.org", "  [x] Dan Orr"],
            "ticked by their group")
        XCTAssertEqual(state.selection.orderedIDs, ["duo", "team"], "looking changes nothing")
        state.send(.moveDown)
        state.send(.toggleCurrent)
        XCTAssertEqual(state.selection.orderedIDs, ["duo", "cai", "dan"])
        XCTAssertEqual(listText(state)[3], "> [ ] Ann Lee  ann@example.org")
        state.send(.toggleCurrent)
        XCTAssertEqual(state.selection.orderedIDs, ["duo", "cai", "dan", "ann"], "ticked again")
        state.send(.done)
        XCTAssertEqual(state.result.map(\.name), ["Bob Kay", "Eve Park", "Cai Wu", "Dan Orr", "Ann Lee"])
    }

    /// In a mail format a member without an address is not picked in the group's stead, and
    /// the limit holds.
    func testSplittingAGroupKeepsToWhatCanBePickedAndToTheLimit() {
        var mail = picker(.emailAddress)
        on("Team", &mail)
        for event: PickerEvent in [.toggleCurrent, .reviewGroup, .toggleCurrent] { mail.send(event) }
        XCTAssertEqual(mail.selection.orderedIDs, ["ann"], "Cai unticked; Dan has no address")
        XCTAssertEqual(mail.frame().lines[4].text, "  [ ] Dan Orr  no email address")

        var limited = picker(limit: 2)
        on("Team", &limited)
        for event: PickerEvent in [.toggleCurrent, .reviewGroup, .toggleCurrent] { limited.send(event) }
        XCTAssertEqual(limited.selection.orderedIDs, ["team"], "three members would go over the limit")
        XCTAssertEqual(limited.notice, "at most 2 friends can be selected")

        var one = picker(limit: 1)
        on("Team", &one)
        for event: PickerEvent in [.toggleCurrent, .reviewGroup, .moveDown, .toggleCurrent] { one.send(event) }
        XCTAssertEqual(one.selection.orderedIDs, ["ann"], "with a limit of 1, a tick replaces the group")
    }

    func testAltASelectsEveryMemberAndAgainDeselectsThem() {
        var state = picker()
        on("Team", &state)
        state.send(.toggleCurrent)
        state.send(.reviewGroup)
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.orderedIDs, [], "all three ticked by the group: Alt-A unticks them")
        state.send(.toggleAllShown)
        XCTAssertEqual(state.selection.orderedIDs, ["cai", "ann", "dan"])
    }

    func testOnAFriendWhoIsNoGroupNothingOpens() {
        var state = picker()
        on("Ann Lee", &state)
        state.send(.reviewGroup)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.notice, "no group under the cursor")
        state.send(.typed("team"))
        state.send(.reviewGroup)
        XCTAssertEqual(state.phase, .reviewing, "from the search too")
        state.send(.back)
        XCTAssertEqual(state.phase, .searching)
        XCTAssertEqual(state.query.text, "team")
    }

    func testCtrlGIsInTheKeyTableAndBindable() throws {
        let keys = KeyMap.standard
        XCTAssertEqual(keys.event(for: .control("g"), in: .browsing), .reviewGroup)
        XCTAssertEqual(keys.event(for: .control("g"), in: .searching), .reviewGroup)
        XCTAssertEqual(keys.event(for: .control("g"), in: .reviewing), .back)
        XCTAssertTrue(keys.help.contains { $0.keys == "Ctrl-G" })
        let bound = try KeyBindOption.binding("alt-m:review-group", over: keys)
        XCTAssertEqual(bound.event(for: .alt("m"), in: .browsing), .reviewGroup)
    }
}
