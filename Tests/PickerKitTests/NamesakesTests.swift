import XCTest

@testable import PickerKit

/// Friends shown with the same name are told apart on their rows, dimmed: by the day the
/// friendship began, the middle name, or the end of the id, whichever differs.
final class NamesakesTests: XCTestCase {
    private func rows(
        _ friends: [Friend], display: NameOrder = .first, rows: Int = 20, columns: Int = 50,
        events: [PickerEvent] = []
    ) -> [String] {
        var configuration = Configuration()
        configuration.displayOrder = display
        var state = PickerState(size: TerminalSize(rows: rows, columns: columns), configuration: configuration)
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
                "Cy Ng  id …yaé1", "Di Wu  id aéé1", "Di Wu  id ééé1",
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
}
