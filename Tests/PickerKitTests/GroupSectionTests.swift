import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// With no query, the groups stand under "Groups", below "Recent" and above the letters, which
/// leave them out; a query finds them by name among everyone.
final class GroupSectionTests: XCTestCase {
    private let now: Int64 = 1_700_000_000

    private let friends =
        ["Ada Lovelace", "Adam Novak", "Bob Stone", "Chloé Martin", "Dmitri Ivanov", "Zoë Adair"].enumerated().map {
            Friend(id: String($0 + 1), name: $1)
        } + [
            Friend(id: "g1", name: "Book club", members: ["1", "3", "6"]),
            Friend(id: "g2", name: "Chess", members: ["2", "4"]),
            Friend(id: "g3", name: "Quiz night", members: ["1", "2", "5"]),
        ]

    private func picker(
        _ friends: [Friend]? = nil, rows: Int = 20, configuration: PickerConfiguration = .init(),
        frecency: Frecency = Frecency()
    ) -> PickerState {
        var state = PickerState(
            size: TerminalSize(rows: rows, columns: 50), configuration: configuration, frecency: frecency)
        state.send(.friendsArrived(FriendBatch(friends ?? self.friends)))
        state.send(.loadingFinished)
        return state
    }

    private func rowNames(_ state: PickerState) -> [String] { state.rows.map { state.list.friends[$0].name } }

    private func listText(_ state: PickerState) -> [String] {
        let lines = state.frame().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines[2..<(lines.count - 1)]).filter { !$0.isEmpty }
    }

    func testTheGroupsHeadTheListAndTheLettersLeaveThemOut() {
        let state = picker()
        XCTAssertEqual(
            state.frame().lines[0].text, "Select Friends" + String(repeating: " ", count: 20) + "9/9 · 0 selected",
            "the counts count the groups, as before")
        XCTAssertEqual(
            listText(state),
            [
                "  Groups", "> [ ] Book club  group of 3 friends", "  [ ] Chess  group of 2 friends",
                "  [ ] Quiz night  group of 3 friends", "  A", "  [ ] Ada Lovelace", "  [ ] Adam Novak", "  B",
                "  [ ] Bob Stone", "  C", "  [ ] Chloé Martin", "  D", "  [ ] Dmitri Ivanov", "  Z", "  [ ] Zoë Adair",
            ], "no Q: its only row is a group")
        XCTAssertEqual(state.rows.count, 9, "each friend once")
        XCTAssertEqual(
            state.list.groupPositions().map { state.list.friends[$0].name }, ["Book club", "Chess", "Quiz night"])
        XCTAssertEqual(FriendList(Array(friends.prefix(6))).groupPositions(), [])
        XCTAssertEqual(
            state.result.map(\.name), ["Ada Lovelace", "Bob Stone", "Zoë Adair"], "Enter on the first group")
        XCTAssertEqual(state.layout.totalRows, 15)
    }

    func testRecentComesFirstThenTheGroups() {
        let frecency = Frecency(times: ["6": now, "g2": now - 86_400], keying: .id, now: now)
        let state = picker(frecency: frecency)
        XCTAssertEqual(
            Array(listText(state).prefix(8)),
            [
                "  Recent", "> [ ] Zoë Adair", "  [ ] Chess  group of 2 friends", "  Groups",
                "  [ ] Book club  group of 3 friends", "  [ ] Chess  group of 2 friends",
                "  [ ] Quiz night  group of 3 friends", "  A",
            ])
        XCTAssertEqual(
            rowNames(state).prefix(6), ["Zoë Adair", "Chess", "Book club", "Chess", "Quiz night", "Ada Lovelace"])
    }

    func testAQueryRanksTheGroupsAmongTheNamesAndClearingItListsThemApartAgain() {
        var state = picker()
        state.send(.typed("ch"))
        XCTAssertEqual(state.listedGroups, [])
        XCTAssertEqual(rowNames(state), ["Chess", "Chloé Martin"], "a group matches as a name does")
        XCTAssertFalse(state.frame().text.contains("Groups"))
        XCTAssertTrue(state.frame().lines[0].text.hasSuffix("2/9 · 0 selected"))
        state.send(.deleteToStart)
        XCTAssertEqual(rowNames(state).prefix(3), ["Book club", "Chess", "Quiz night"])
        state.send(.typed("quiz"))
        state.send(.cancelSearch)
        XCTAssertEqual(state.currentFriend?.name, "Quiz night", "the cursor stays on its group")
        XCTAssertEqual(state.cursor, 2, "under Groups, where the group is listed")
    }

    func testTheCursorMovesAcrossTheGroupsSectionAndItsSectionJumps() {
        var state = picker(rows: 10)
        for _ in 0..<3 { state.send(.moveDown) }
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace", "from the last group to the first letter")
        XCTAssertEqual(
            state.frame().lines[state.layout.firstListLine + state.layout.row(ofShown: 3) - state.scrollTop].text,
            "> [ ] Ada Lovelace")
        state.send(.moveUp)
        XCTAssertEqual(state.currentFriend?.name, "Quiz night")
        state.send(.moveToFirst)
        state.send(.nextSection)
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
        XCTAssertEqual(state.frame().lines[2].text, "  A", "the section at the top")
        state.send(.previousSection)
        XCTAssertEqual(state.currentFriend?.name, "Book club")
        XCTAssertEqual(state.frame().lines[2].text, "  Groups")
        state.send(.beginSectionJump)
        state.send(.jumpToSection("q"))
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair", "Q holds only a group: the next letter")
        state.send(.beginSectionJump)
        state.send(.jumpToSection("c"))
        XCTAssertEqual(state.currentFriend?.name, "Chloé Martin", "a letter's section, not its group")
        state.send(.moveToLast)
        XCTAssertEqual(state.currentFriend?.name, "Zoë Adair")
    }

    func testTheSourcesOrderAndShortListsKeepTheGroupsAmongTheNames() {
        var configuration = PickerConfiguration()
        configuration.sortsList = false
        let unsorted = picker(configuration: configuration)
        XCTAssertEqual(unsorted.listedGroups, [], "--no-sort: no sections, no Groups")
        XCTAssertEqual(rowNames(unsorted), friends.map(\.name))
        let few = picker(Array(friends.prefix(2)) + [friends[6]])
        XCTAssertEqual(few.listedGroups, [], "fewer than six shown: no sections")
        XCTAssertEqual(rowNames(few), ["Ada Lovelace", "Adam Novak", "Book club"])
    }

    /// Categories become groups once everyone has arrived: under "Groups", with the cursor on
    /// the first row when it was there.
    func testCategoryGroupsArriveUnderGroupsWithTheCursorAtTheTop() {
        let filed = friends.prefix(6).map { friend in
            var friend = friend
            friend.card = ContactCard(categories: friend.id == "3" ? ["Work"] : [])
            return friend
        }
        var state = PickerState(size: TerminalSize(rows: 20, columns: 50))
        state.send(.friendsArrived(FriendBatch(filed)))
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
        state.send(.loadingFinished)
        XCTAssertEqual(Array(listText(state).prefix(3)), ["  Groups", "> [ ] Work  group of 1 friend", "  A"])
        var moved = PickerState(size: TerminalSize(rows: 20, columns: 50))
        moved.send(.friendsArrived(FriendBatch(filed)))
        moved.send(.moveDown)
        moved.send(.loadingFinished)
        XCTAssertEqual(moved.currentFriend?.name, "Adam Novak", "elsewhere the cursor keeps its friend")
    }

    func testRandomEventsKeepEveryFriendListedOnceAndTheRowsInStep() {
        var random = SplitMix64(seed: 39)
        let events: [PickerEvent] = [
            .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast, .previousSection, .nextSection,
            .toggleCurrent, .typed("a"), .typed("o"), .deleteBackward, .cancelSearch, .finishSearch, .scroll(3),
            .resized(rows: 7, columns: 30), .resized(rows: 16, columns: 50), .reviewGroup, .back,
        ]
        for _ in 0..<30 {
            // Every few friends picked once, an hour apart, a few of them listed under "Recent".
            var configuration = PickerConfiguration()
            configuration.recentLimit = Int.random(in: 0...3, using: &random)
            let picked = stride(from: 1, through: 20, by: Int.random(in: 2...5, using: &random))
            var state = PickerState(
                size: TerminalSize(rows: 12, columns: 40), configuration: configuration,
                frecency: Frecency(
                    times: Dictionary(uniqueKeysWithValues: picked.map { (String($0), now - Int64($0) * 3600) }),
                    keying: .id, now: now))
            for step in 0..<80 {
                if step % 10 == 0 {
                    let friends = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                        let number = Int.random(in: 1...20, using: &random)
                        let name = "\(["Ana", "Bo", "Cy", "Ola"][number % 4]) \(number)"
                        return number % 3 == 0
                            ? Friend(id: String(number), name: name, members: [String(number + 1)])
                            : Friend(id: String(number), name: name)
                    }
                    state.send(.friendsArrived(FriendBatch(friends)))
                }
                state.send(events.randomElement(using: &random) ?? .tick)
                let layout = state.layout
                let rows = state.rows
                if let cursor = state.cursor { XCTAssertTrue((0..<rows.count).contains(cursor)) }
                XCTAssertTrue(state.listedGroups.isEmpty || state.query.isEmpty, "no Groups while searching")
                let listed = rows.dropFirst(rows.recentCount).map { $0 }
                if state.review == nil {
                    XCTAssertEqual(listed.sorted(), Array(state.shown), "everyone shown, once, below Recent")
                    for (offset, position) in listed.prefix(rows.groupCount).enumerated() {
                        XCTAssertNotNil(state.list.friends[position].members, "a group under Groups")
                        XCTAssertEqual(rows.index(of: position), rows.recentCount + offset)
                    }
                }
                for index in 0..<rows.count {
                    XCTAssertEqual(layout.item(atRow: layout.row(ofShown: index)), .friend(index))
                    if index >= rows.recentCount { XCTAssertEqual(rows.index(of: rows[index]), index) }
                }
                XCTAssertEqual(
                    layout.totalRows,
                    rows.count + layout.headers.count + (rows.recentCount == 0 ? 0 : 1) + (rows.groupCount == 0 ? 0 : 1)
                )
                if state.review == nil, state.ranked == nil {
                    for header in layout.headers {
                        let position = rows[rows.recentCount + rows.groupCount + header.shownIndex]
                        XCTAssertNil(state.list.friends[position].members, "a letter's section starts with a person")
                    }
                }
            }
        }
    }
}
