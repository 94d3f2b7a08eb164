import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--history` and `--history-size`: the queries kept as fzf keeps them, recalled with Ctrl-P
/// and Ctrl-N.
final class QueryHistoryTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFolder.root.appendingPathComponent("query-history-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: folder) }

    func testTheLastQueriesAreKeptWithoutEmptyOrRepeatedOnes() throws {
        let history = QueryHistory(path: folder.appendingPathComponent("history").path, size: 4)
        XCTAssertEqual(try history.queries(), [], "no file yet")
        for query in ["00", "11", "", "22", "22", "33", "44"] { try history.record(query) }
        XCTAssertEqual(try history.queries(), ["11", "22", "33", "44"])
        XCTAssertEqual(
            try String(contentsOfFile: history.path, encoding: .utf8), "11\n22\n33\n44\n", "fzf's file, one a line")
        var status = stat()
        XCTAssertEqual(stat(history.path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        let missing = QueryHistory(path: folder.appendingPathComponent("none/history").path)
        XCTAssertThrowsError(try missing.record("x"))
    }

    /// fzf's `test_history`: an entry recalled and edited keeps its edit while the picker runs.
    func testRecallStepsThroughTheQueriesKeepingEdits() {
        var recall = QueryRecall(["22", "33", "44"])
        XCTAssertEqual(recall.step(-1, current: ""), "44")
        XCTAssertEqual(recall.step(-1, current: "44"), "33")
        XCTAssertEqual(recall.step(-1, current: "31"), "22")
        XCTAssertEqual(recall.step(1, current: "22"), "31", "the edit kept")
        XCTAssertEqual(recall.step(1, current: "31"), "44")
        XCTAssertEqual(recall.step(1, current: "44"), "", "the query being typed")
        XCTAssertNil(recall.step(1, current: "new"))
        XCTAssertEqual(recall.step(-3, current: "new"), "22")
        XCTAssertNil(recall.step(-1, current: "22"))
    }

    private func state(history: [String]?) -> PickerState {
        var configuration = PickerConfiguration()
        if let history {
            configuration.recalledQueries = history
            configuration.keyMap = configuration.keyMap.recallingQueries()
        }
        let friends = (1...30).map { Friend(id: String($0), name: String($0)) }
        return PickerState(
            loaded: FriendList(friends), size: TerminalSize(rows: 10, columns: 30), configuration: configuration)
    }

    private func press(_ key: Key, _ state: inout PickerState) {
        if let event = state.configuration.keyMap.event(
            for: key, in: state.phase, queryIsEmpty: state.query.text.isEmpty)
        {
            state.send(event)
        }
    }

    func testCtrlPRecallsWithAHistoryAndMovesWithout() {
        var recalling = state(history: ["11", "22"])
        press(.control("p"), &recalling)
        XCTAssertEqual(recalling.query.text, "22")
        XCTAssertEqual(recalling.phase, .searching, "the query recalled is edited")
        press(.control("p"), &recalling)
        XCTAssertEqual(recalling.query.text, "11")
        press(.control("n"), &recalling)
        press(.control("n"), &recalling)
        XCTAssertEqual(recalling.query.text, "")
        press(.down, &recalling)
        XCTAssertEqual(recalling.cursor, 1, "Down still moves")

        var moving = state(history: nil)
        press(.control("n"), &moving)
        XCTAssertEqual(moving.cursor, 1, "without --history Ctrl-N moves, as in fzf")
        XCTAssertEqual(moving.query.text, "")
    }

    func testAPickRecordsItsQuery() throws {
        let path = folder.appendingPathComponent("history").path
        guard
            case .run(let options) = try Options.parse(
                ["--history", path, "--history-size", "2"], environment: [:], defaultSource: "sample.json",
                standardInputIsTerminal: true)
        else { return XCTFail("no run") }
        var state = state(history: [])
        state.send(.typed("2"))
        state.send(.done)
        _ = LaunchPlan.finish(state, outcome: .finished, options: options)
        _ = LaunchPlan.finish(state, outcome: .cancelled, options: options)
        XCTAssertEqual(try QueryHistory(path: path).queries(), ["2"], "a cancelled pick records nothing")
        XCTAssertThrowsError(
            try Options.parse(["--history-size", "0"], environment: [:], defaultSource: "s.json"))
    }
}
