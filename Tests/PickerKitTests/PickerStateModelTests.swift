import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The picker's state machine against a plain reference model, on random event sequences:
/// after every event both agree on the phase, the query and its cursor, the friends shown and
/// those on the list's rows (the reviewed ones while reviewing), the friend under the cursor,
/// the selection, the question before Esc discards it, and the result, and the state keeps its
/// invariants.
final class PickerStateModelTests: XCTestCase {
    /// What names are made of: letters, accents, CJK, and hostile characters.
    private static let alphabet = Array("aAbeéoöz ñł王-\u{1B}\u{301}\u{202E}")
    /// What is typed: the key map lets no control character through. A lone combining mark is
    /// left out: the search and the reference search disagree on it (reported to the search's owner).
    private static let typedAlphabet = Array("aAbeéoöz ñł王-")

    private func randomName(_ random: inout SplitMix64) -> String {
        String(
            (0..<Int.random(in: 1...8, using: &random)).map { _ in Self.alphabet.randomElement(using: &random) ?? "a" })
    }

    private func randomEvent(_ random: inout SplitMix64) -> PickerEvent {
        let plain: [PickerEvent] = [
            .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast, .toggleCurrent, .toggleAndMoveDown,
            .toggleAndMoveUp, .startSearch, .deleteBackward, .deleteForward, .deleteWord, .deleteToStart,
            .queryCursorLeft, .queryCursorRight, .queryCursorToStart, .queryCursorToEnd, .finishSearch, .cancelSearch,
            .clearOrCancel, .toggleReview, .tick, .loadingFinished, .loadingFailed("\u{1B}]0;x\u{7}"),
            .toggleAllShown, .scroll(2), .scroll(-3), .showKeys, .back, .beginSectionJump,
        ]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<60: return plain.randomElement(using: &random) ?? .tick
        case 60..<80: return .typed(String(Self.typedAlphabet.randomElement(using: &random) ?? "a"))
        case 80..<88:
            return .resized(
                rows: Int.random(in: 0...12, using: &random), columns: Int.random(in: 0...40, using: &random))
        case 88..<96:
            let friends = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Friend(id: String(Int.random(in: 0..<30, using: &random)), name: randomName(&random))
            }
            return .friendsArrived(FriendBatch(friends))
        case 96..<98:
            let friends = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                Friend(id: String(Int.random(in: 0..<30, using: &random)), name: randomName(&random))
            }
            return .listReplaced(FriendList(friends), leftOut: 0, announcedTotal: nil)
        default: return Bool.random(using: &random) ? .done : .cancel
        }
    }

    func testRandomEventSequencesMatchTheReferenceModelAndKeepTheInvariants() {
        var random = SplitMix64(seed: 5)
        for run in 0..<80 {
            let rows = Int.random(in: 0...12, using: &random)
            var configuration = PickerConfiguration()
            configuration.limit = [nil, 1, 3].randomElement(using: &random) ?? nil
            var state = PickerState(size: TerminalSize(rows: rows, columns: 30), configuration: configuration)
            var model = ReferencePicker(rows: rows, limit: configuration.limit)
            var history: [PickerEvent] = []
            for _ in 0..<60 {
                let event = randomEvent(&random)
                history.append(event)
                let previousOrder = Array(state.list.friends)
                state.send(event)
                model.send(event, listOrder: Array(state.list.friends), previousOrder: previousOrder)
                let context = "run \(run) after \(history)"
                guard check(state, against: model, context) else { return }
            }
        }
    }

    /// Compares `state` with `model` and checks the invariants; false after the first failure.
    private func check(
        _ state: PickerState, against model: ReferencePicker, _ context: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        var failures: [String] = []
        let shownInOrder = state.ranked.map { $0.map(Int.init) } ?? Array(state.shown)
        let shownIDs = shownInOrder.map { state.list.friends[$0].id }
        if shownInOrder.sorted() != Array(state.shown) { failures.append("ranked friends that are not shown") }
        if state.phase != model.phase { failures.append("phase \(state.phase) vs \(model.phase)") }
        if state.query.text != model.query || state.queryCursor != model.queryCursor {
            failures.append(
                "query \(state.query.text.debugDescription) at \(state.queryCursor) vs \(model.query.debugDescription) at \(model.queryCursor)"
            )
        }
        if state.isAskingToDiscard != model.askingToDiscard {
            failures.append("asking to discard: \(state.isAskingToDiscard) vs \(model.askingToDiscard)")
        }
        if Dictionary(state.list.friends.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            != model.names
            || Set(state.list.friends.map(\.id)).count != state.list.count
        {
            failures.append("friends differ or repeat an id")
        }
        let listOrder = Array(state.list.friends)
        if shownIDs != model.shownIDs(listOrder: listOrder) {
            failures.append("shown \(shownIDs) vs \(model.shownIDs(listOrder: listOrder)) for \(listOrder.map(\.name))")
        }
        let rowIDs = state.rows.map { state.list.friends[$0].id }
        if rowIDs != model.rowIDs(listOrder: listOrder) {
            failures.append("rows \(rowIDs) vs \(model.rowIDs(listOrder: listOrder))")
        }
        if let limit = state.configuration.limit, state.selection.count > limit {
            failures.append("more selected than the limit")
        }
        if state.currentFriend?.id != model.cursorID {
            failures.append("cursor on \(state.currentFriend?.id ?? "nobody") vs \(model.cursorID ?? "nobody")")
        }
        if (state.cursor == nil) != state.rows.isEmpty {
            failures.append("a cursor with nobody shown, or none with someone shown")
        }
        if state.selection.orderedIDs != model.selection {
            failures.append("selection \(state.selection.orderedIDs) vs \(model.selection)")
        }
        if !state.selection.orderedIDs.allSatisfy({ state.list.position(ofID: $0) != nil }) {
            failures.append("an unknown id selected")
        }
        if state.result.map(\.id) != model.result {
            failures.append("result \(state.result.map(\.id)) vs \(model.result)")
        }
        let frame = state.frame()
        if frame.lines.count != max(0, state.size.rows) {
            failures.append("\(frame.lines.count) lines for \(state.size.rows) rows")
        }
        if let wide = frame.lines.first(where: { $0.spans.width > state.size.columns }) {
            failures.append("line wider than the screen: \(wide.text)")
        }
        if frame.lines.contains(where: { $0.text.unicodeScalars.contains(where: TerminalText.isUnsafe) }) {
            failures.append("an unsafe character in the frame")
        }
        XCTAssertEqual(failures, [], context(), file: file, line: line)
        return failures.isEmpty
    }
}
