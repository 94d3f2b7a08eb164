import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// A contact of a later source made one with a friend of an earlier one (``SourceMerge``) is
/// still found by the id it had: picked under it, the friend is recent; selected by it with
/// `--select`, the friend is selected.
final class MergedContactsTests: XCTestCase {
    private let now: Int64 = 1_700_000_000

    /// The picker after the first source gave Ann and others, and the second source gave
    /// Ann again under `2:row-ann`, made one with `1:ann`.
    private func picker(frecency: Frecency = Frecency(), preselected: [String] = []) -> PickerState {
        var state = PickerState(
            preselected: preselected, size: TerminalSize(rows: 24, columns: 60), configuration: PickerConfiguration(),
            frecency: frecency)
        let others = (1...8).map { Friend(id: "1:\($0)", name: "Friend \($0)") }
        state.send(.friendsArrived(FriendBatch([Friend(id: "1:ann", name: "Ann Lee")] + others)))
        var page = FriendPage(friends: [])
        page.amended = [Friend(id: "1:ann", name: "Ann Lee", emails: ["ann@x.org"])]
        page.mergedIDs = ["2:row-ann": "1:ann"]
        state.send(.friendsArrived(FriendBatch(page, sortOrder: .first)))
        state.send(.loadingFinished)
        return state
    }

    func testAFriendPickedUnderTheLaterSourcesIdIsRecent() {
        let state = picker(frecency: Frecency(times: ["2:row-ann": now], keying: .id, now: now))
        XCTAssertEqual(state.recent.map { state.list.friends[$0].name }, ["Ann Lee"])
        XCTAssertEqual(picker().recent, [], "nobody is recent without a pick")
    }

    func testSelectingTheLaterSourcesIdSelectsTheFriend() {
        let state = picker(preselected: ["2:row-ann"])
        XCTAssertEqual(state.selection.orderedIDs, ["1:ann"])
        XCTAssertEqual(state.pendingSelection, [])
    }
}
