import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Friends shown with the same name are told apart on their rows, dimmed: by the day the
/// friendship began, the middle name, or the end of the id, whichever differs.
final class NamesakesTests: XCTestCase {
    private func rows(
        _ friends: [Friend], display: NameOrder = .first, rows: Int = 20, columns: Int = 50,
        preselected: [String] = [], frecency: Frecency = Frecency(), events: [PickerEvent] = []
    ) -> [String] {
        var configuration = PickerConfiguration()
        configuration.displayOrder = display
        var state = PickerState(
            preselected: preselected, size: TerminalSize(rows: rows, columns: columns), configuration: configuration,
            frecency: frecency)
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        for event in events { state.send(event) }
        return state.frame().lines.dropFirst(2).dropLast().map(\.text).filter { $0.contains("[") }
            .map { String($0.dropFirst(6)) }
    }

    func testTheEndOfTheIdLongEnoughToDiffer() {
        let friends = [
            Friend(id: "100000427530573", name: "Alex Kim"), Friend(id: "100000654351352", name: "Alex Kim"),
            Friend(id: "12345", name: "Bo Li"), Friend(id: "2345", name: "Bo Li"),
            Friend(id: "xxaé1", name: "Cy Ng"), Friend(id: "yyaé1", name: "Cy Ng"),
            Friend(id: "ééé1", name: "Di Wu"), Friend(id: "aéé1", name: "Di Wu"),
        ]
        XCTAssertEqual(
            rows(friends),
            [
                "Alex Kim  id …0573", "Alex Kim  id …1352", "Bo Li  id 12345", "Bo Li  id 2345", "Cy Ng  id …xaé1",
                "Cy Ng  id …yaé1", "Di Wu  id ééé1", "Di Wu  id aéé1",
            ],
            "the end of an id is cut between characters, never inside one")
    }

    func testTheMiddleNameWhenItDiffersAndTheDayFirst() {
        let friends = [
            Friend(id: "1", name: "Sam Lee", firstName: "Sam", middleName: "Jo", lastName: "Lee"),
            Friend(id: "2", name: "Sam Lee", firstName: "Sam", middleName: "Jo", lastName: "Lee"),
            Friend(id: "3", name: "Sam Lee", firstName: "Sam", middleName: "Al", lastName: "Lee"),
            Friend(id: "4", name: "Ann Roe", friendsSince: 1_300_000_000),
            Friend(id: "5", name: "Ann Roe", friendsSince: 1_300_000_100),
            Friend(id: "6", name: "Ann Roe", friendsSince: 1_600_000_000),
        ]
        XCTAssertEqual(
            rows(friends),
            [
                "Ann Roe  id 4", "Ann Roe  id 5", "Ann Roe  since 2020-09-13", "Sam Lee  Al", "Sam Lee  id 1",
                "Sam Lee  id 2",
            ],
            "a day or a middle name that another shares does not tell them apart: the id does")
    }

    func testNamesShownDifferentlyNeedNothing() {
        let friends = [
            Friend(id: "1", name: "Alex Kim", firstName: "Alex", middleName: "J", lastName: "Kim"),
            Friend(id: "2", name: "Alex Kim", firstName: "Alex", middleName: "M", lastName: "Kim"),
        ]
        XCTAssertEqual(rows(friends, display: .last), ["Kim Alex J", "Kim Alex M"], "the middle name is shown already")
        XCTAssertEqual(rows(friends), ["Alex Kim  J", "Alex Kim  M"])
    }

    /// A friend far down a long list of namesakes: the rows around it are read, not the list.
    func testAmongManyNamesakesTheRowsAroundAreRead() {
        let friends = (0..<500).map { Friend(id: String(format: "%05d", $0), name: "Jo Doe") }
        let shown = rows(friends, rows: 6, events: [.moveToLast])
        XCTAssertEqual(shown.last, "Jo Doe  id …0499")
        XCTAssertEqual(shown.count, 3)
    }

    /// Two friends named Alex Kim, Zoë between them, and others enough for sections.
    private let alexes = [
        Friend(id: "100000427530573", name: "Alex Kim"), Friend(id: "100000654351352", name: "Alex Kim"),
        Friend(id: "3", name: "Zoë Adair"), Friend(id: "4", name: "Bob Stone"), Friend(id: "5", name: "Chloé Martin"),
        Friend(id: "6", name: "Dmitri Ivanov"),
    ]

    /// The review lists the friends in the order picked: namesakes picked apart are still
    /// told apart.
    func testTheReviewTellsApartNamesakesPickedApart() {
        XCTAssertEqual(
            rows(alexes, preselected: ["100000427530573", "3", "100000654351352"], events: [.toggleReview]),
            ["Alex Kim  id …0573", "Zoë Adair", "Alex Kim  id …1352"])
    }

    /// A friend under "Recent" is told apart from its namesake under its letter, as the two
    /// there are; the same friend listed twice is not its own namesake.
    func testARecentFriendIsToldApartFromItsNamesakeUnderItsLetter() {
        let now: Int64 = 1_700_000_000
        let frecency = Frecency(times: ["100000654351352": now + 30 * 86_400, "3": now], keying: .id, now: now)
        XCTAssertEqual(
            rows(alexes, frecency: frecency),
            [
                "Alex Kim  id …1352", "Zoë Adair", "Alex Kim  id …0573", "Alex Kim  id …1352", "Bob Stone",
                "Chloé Martin", "Dmitri Ivanov", "Zoë Adair",
            ])
        let one = Frecency(times: ["100000427530573": now + 30 * 86_400, "3": now], keying: .id, now: now)
        XCTAssertEqual(
            rows(Array(alexes[0...0] + alexes[2...]) + [Friend(id: "7", name: "Eve Park")], frecency: one).prefix(3),
            ["Alex Kim", "Zoë Adair", "Alex Kim"],
            "a friend listed twice needs nothing")
    }

    /// Namesakes on screen are told apart wherever they stand, not only next to each other.
    func testNamesakesFarApartOnScreenAreToldApart() {
        let between = (0..<10).map { Friend(id: "b\($0)", name: "Bea Nguyen \($0)") }
        let friends = [alexes[0]] + between + [Friend(id: "99", name: "Alex Kim")]
        let shown = rows(friends, rows: 30, preselected: friends.map(\.id), events: [.toggleReview])
        XCTAssertEqual(shown.count, 12)
        XCTAssertEqual(shown.first, "Alex Kim  id …0573")
        XCTAssertEqual(shown.last, "Alex Kim  id 99")
    }
}
