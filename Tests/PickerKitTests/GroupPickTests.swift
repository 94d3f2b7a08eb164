import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// A group is a row of its own; picking it picks its members, in `--filter` as in the picker,
/// each member once, with its own preferred address in the mail formats.
final class GroupPickTests: XCTestCase {
    private let friends = [
        Friend(id: "ann", name: "Ann Lee", emails: ["ann@home.example", "ann@work.example"]),
        Friend(id: "bob", name: "Bob Kay"),
        Friend(id: "cai", name: "Cai Wu", emails: ["cai@example.org"]),
        Friend(id: "team", name: "Team", members: ["ann", "bob", "gone", "cai"]),
        Friend(id: "all", name: "Everyone", members: ["team", "ann", "all"]),
    ]

    private func picker(_ part: ContactPart = .contact) -> PickerState {
        var configuration = PickerConfiguration()
        configuration.printedPart = part
        var state = PickerState(size: TerminalSize(rows: 16, columns: 100), configuration: configuration)
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        return state
    }

    private func moveTo(_ name: String, _ state: inout PickerState) {
        state.send(.typed(name))
        state.send(.finishSearch)
    }

    func testMembersAreFoundInTheListEachOnce() {
        let list = FriendList(friends)
        XCTAssertEqual(list.members(of: friends[3]).map(\.id), ["ann", "bob", "cai"], "an unknown id is passed over")
        XCTAssertEqual(list.expandingGroups([friends[4]]).map(\.id), ["ann", "bob", "cai"], "a group in a group")
        XCTAssertEqual(list.expandingGroups([friends[2], friends[3]]).map(\.id), ["cai", "ann", "bob"])
        XCTAssertEqual(list.expandingGroups([friends[1]]).map(\.id), ["bob"])
    }

    func testAMemberIsFoundWithOrWithoutTheURNPrefix() {
        let list = FriendList([
            Friend(id: "4fbe8971", name: "Kari"), Friend(id: "urn:uuid:77aa", name: "Ola"),
            Friend(id: "g", name: "Nordics", members: ["urn:uuid:4fbe8971", "77aa", "urn:uuid:none"]),
        ])
        XCTAssertEqual(list.members(of: list.friends[list.position(ofID: "g")!]).map(\.name), ["Kari", "Ola"])
    }

    func testPickingAGroupPicksItsMembers() {
        var state = picker()
        moveTo("team", &state)
        XCTAssertEqual(state.currentFriend?.id, "team")
        XCTAssertTrue(state.frame().text.contains("Team  group of 3 friends"), state.frame().text)
        XCTAssertEqual(state.send(.done), .finished)
        XCTAssertEqual(state.result.map(\.name), ["Ann Lee", "Bob Kay", "Cai Wu"])
    }

    func testAMailPickOfAGroupPrintsEachMembersAddress() {
        var state = picker(.emailAddress)
        moveTo("team", &state)
        state.send(.toggleDetails)
        let pane = state.frame().lines.compactMap { $0.beside.map { $0.spans.map(\.text).joined() } }
        XCTAssertTrue(pane.contains("│ members   3: Ann Lee, Bob Kay, Cai Wu"), "\(pane)")
        state.send(.toggleCurrent)
        XCTAssertEqual(state.send(.done), .finished)
        XCTAssertEqual(state.result.map(\.emails), [["ann@home.example"], ["cai@example.org"]])
        let text = String(decoding: OutputFormat.aerc.render(state.result, print0: false), as: UTF8.self)
        XCTAssertEqual(text, "ann@home.example\tAnn Lee\ncai@example.org\tCai Wu\n")
    }

    func testTheFilterPrintsAGroupsMembers() {
        let found = FriendFilter.matches(in: FriendList(friends), "team", ranked: true)
        XCTAssertEqual(found.map(\.id), ["ann", "bob", "cai"])
    }
}

/// Categories (a vCard's `CATEGORIES`, a CSV's labels) make groups once the source is read,
/// in `--filter` and in the picker alike.
final class CategoryGroupTests: XCTestCase {
    private let friends = [
        Friend(id: "1", name: "Ann Lee", emails: ["ann@x.org"], card: ContactCard(categories: ["Climbing", "Work"])),
        Friend(id: "2", name: "Bob Kay", emails: ["bob@x.org"], card: ContactCard(categories: ["Work"])),
        Friend(id: "3", name: "Cai Wu"),
        Friend(id: "team", name: "Climbing", members: ["3"]),
    ]

    func testEachCategoryIsAGroupOfTheFriendsFiledUnderIt() {
        let list = FriendList(friends)
        let groups = list.categoryGroups()
        XCTAssertEqual(groups.map(\.name), ["Work"], "Climbing is the name of a group card already")
        XCTAssertEqual(groups.first?.id, "category:Work")
        XCTAssertEqual(groups.first?.members, ["1", "2"])
        var grown = list
        grown.append(FriendBatch(groups))
        XCTAssertTrue(grown.categoryGroups().isEmpty, "a group made once is not made again")
        XCTAssertTrue(FriendList([Friend(id: "1", name: "Ann")]).categoryGroups().isEmpty)
    }

    func testThePickerAddsThemOnceEveryoneHasArrived() {
        var state = PickerState(size: TerminalSize(rows: 12, columns: 80))
        state.send(.friendsArrived(FriendBatch(friends)))
        XCTAssertEqual(state.list.count, 4)
        state.send(.loadingFinished)
        XCTAssertEqual(state.list.count, 5)
        state.send(.typed("work"))
        XCTAssertEqual(state.currentFriend?.name, "Work")
        XCTAssertEqual(state.send(.done), .finished)
        XCTAssertEqual(state.result.map(\.name), ["Ann Lee", "Bob Kay"])
    }
}
