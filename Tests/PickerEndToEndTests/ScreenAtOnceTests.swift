import Foundation
import PickerTestSupport
import XCTest

/// The screen opens at once, before the source has said anything, as fzf's does: the title
/// says what the picker waits for beside a spinner, the query takes keys from the first one,
/// and Esc or Ctrl-C leave at once. A source that fails before delivering anyone is reported
/// on standard error once the screen has closed, with the status it always had.
final class ScreenAtOnceTests: TmuxTestCase {
    /// The file whose creation lets the producer write.
    private var go: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        go = TemporaryFolder.root.appendingPathComponent("picker-go-\(UUID().uuidString)")
        addTeardownBlock { [go] in try? FileManager.default.removeItem(at: go!) }
    }

    /// A picker (with `arguments`) on standard input from a producer that writes nothing until
    /// the test calls ``letTheProducerWrite()``, then `text`; returned once the screen says it
    /// is reading standard input.
    private func pickerOnAWaitingPipe(
        _ text: String, _ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> TmuxSession {
        let input = TemporaryFolder.root.appendingPathComponent("picker-input-\(UUID().uuidString)")
        try Data(text.utf8).write(to: input)
        addTeardownBlock { try? FileManager.default.removeItem(at: input) }
        let script = #"g=$0; i=$1; p=$2; shift 2; (while [ ! -e "$g" ]; do sleep 0.05; done; cat "$i") | "$p" "$@""#
        return try startPicker(
            arguments, program: ["sh", "-c", script, go.path, input.path, try PickerPaths.picker().path], file: file,
            line: line
        ) { $0.title.hasPrefix("Select Friends ") && $0.title.contains(" reading standard input…") }
    }

    private func letTheProducerWrite() throws {
        try Data().write(to: go)
    }

    func testTheScreenOpensBeforeStandardInputSaysAnythingAndTakesTheQuery() throws {
        let picker = try pickerOnAWaitingPipe("Ann Lee\nBob Stone\nCarla Diaz\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: go.path), "nothing written yet")
        XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=1 "), "the screen is open")
        XCTAssertEqual(try picker.screen().counts, "0/0 · 0 selected")
        try picker.type("bo")
        try picker.waitForScreen("the query typed while waiting") { $0.searchBar == "/ bo" }
        let spinner = try picker.screen().title
        try picker.waitForScreen("the spinner turning") { $0.title != spinner && $0.title.contains("reading") }

        try letTheProducerWrite()
        try picker.waitForScreen("the friends, searched") {
            $0.names == ["Bob Stone"] && $0.counts == "1/3 · 0 selected" && !$0.title.contains("reading")
        }
        // Enter finishes (a second one, where Enter first keeps the search, finds the picker gone).
        try picker.press("Enter", "Enter")
        try picker.assertExit(0, output: "Bob Stone\n")
    }

    func testEscAndCtrlCWhileWaitingLeaveAtOnce() throws {
        for (key, what) in [("Escape", "Esc"), ("C-c", "Ctrl-C")] {
            let picker = try pickerOnAWaitingPipe("Ann Lee\n")
            try picker.press(key)
            try picker.waitForModes("the screen closed by \(what) while waiting") { $0.hasPrefix("alternate=0 ") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: go.path), "still nothing written")
            try letTheProducerWrite()
            try picker.assertExit(130, output: "", standardError: "", what)
            try FileManager.default.removeItem(at: go)
        }
    }

    func testASourceThatFailsBeforeDeliveringAnyoneIsReportedOnceTheScreenCloses() throws {
        let picker = try pickerOnAWaitingPipe(#"[{"id": "1", "name": "#)
        try letTheProducerWrite()
        let ended = try picker.assertExit(2, output: "")
        XCTAssertTrue(ended.errors.hasPrefix("picker: standard input: not valid JSON"), ended.errors)
        XCTAssertEqual(ended.errors.filter { $0 == "\n" }.count, 1, ended.errors)
        XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=0 cursor=1 "))
    }

    func testAFileSaysItsNameWhileItIsRead() throws {
        // A named pipe is read as a file is; the title names it while nothing has come.
        let fifo = TemporaryFolder.root.appendingPathComponent("friends-\(UUID().uuidString.prefix(8)).txt")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        addTeardownBlock { try? FileManager.default.removeItem(at: fifo) }
        let picker = try startPicker(["--source", fifo.path]) {
            $0.title.contains(" reading \(fifo.lastPathComponent)…")
        }
        let writer = try FileHandle(forWritingTo: fifo)
        try writer.write(contentsOf: Data("Ann Lee\nBob Stone\n".utf8))
        try writer.close()
        try picker.waitForScreen("the friends") { $0.names == ["Ann Lee", "Bob Stone"] }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ann Lee\n")
    }
}
