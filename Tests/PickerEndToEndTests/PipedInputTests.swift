import Foundation
import PickerTestSupport
import XCTest

/// Standard input that is not a terminal is the source when none is named, as fzf, fzy and gum
/// read it; the bundled sample only when standard input is the terminal.
final class PipedInputTests: TmuxTestCase {
    func testPipedNamesAreTheSource() throws {
        let picker = try startPicker([], input: Data("Ann\nBob\n".utf8)) { $0.counts == "2/2 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["Ann", "Bob"])
        try picker.press("Down")
        try picker.press("Enter")
        let result = try picker.waitForExit()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Bob\n")
    }

    func testANamedSourceWinsOverPipedInput() throws {
        let picker = try startPicker(["--source", PickerPaths.sample], input: Data("Ann\nBob\n".utf8))
        XCTAssertTrue(try picker.screen().counts.hasPrefix("176/176"))
    }

    /// A pipe is what the user means now: it wins over `PICKER_SOURCE` and a `--source` in
    /// `PICKER_DEFAULT_OPTS`, as fzf's input wins over `FZF_DEFAULT_COMMAND`; a `--source` on
    /// the command line wins over the pipe.
    func testAPipeWinsOverPickerSourceAndDefaultOptions() throws {
        let standing = [
            ["PICKER_SOURCE": PickerPaths.fixture("plain.csv")],
            ["PICKER_DEFAULT_OPTS": "--source \(PickerPaths.fixture("plain.csv"))", "PICKER_SOURCE": nil],
        ]
        for environment in standing {
            let picker = try startPicker([], environment: environment, input: Data("Ann\nBob\n".utf8)) {
                $0.counts == "2/2 · 0 selected"
            }
            XCTAssertEqual(try picker.screen().names, ["Ann", "Bob"], "\(environment)")
            try picker.press("Down")
            try picker.waitForScreen("the cursor on Bob") { $0.cursorName == "Bob" }
            try picker.press("Enter")
            try picker.assertExit(0, output: "Bob\n", standardError: "")
        }
        let named = try startPicker(
            ["--source", PickerPaths.fixture("plain.csv")], environment: standing[1], input: Data("Ann\nBob\n".utf8)
        ) { $0.counts == "2/2 · 0 selected" }
        XCTAssertEqual(try named.screen().names, ["Ada Lovelace  ada@example.org", "Charles Babbage"])
        try named.press("Enter")
        try named.assertExit(0, output: "Ada Lovelace\n")
    }

    /// Names piped in show as they come, as fzf shows lines: a producer that has written one
    /// name and waits before the next does not keep the first off the screen.
    func testPipedNamesShowBeforeTheProducerIsDone() throws {
        let go = TemporaryFolder.root.appendingPathComponent("picker-go-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: go) }
        let producer = "printf 'Ann Lee\\n'; while [ ! -e \"$0\" ]; do sleep 0.05; done; printf 'Bob Stone\\n'"
        let picker = try startPicker(
            [], program: ["sh", "-c", "(\(producer)) | \"$1\"", go.path, try PickerPaths.picker().path]
        ) { $0.names == ["Ann Lee"] }
        XCTAssertFalse(FileManager.default.fileExists(atPath: go.path), "the producer is still writing")
        try Data().write(to: go)
        try picker.waitForScreen("the second name, once written") { $0.names == ["Ann Lee", "Bob Stone"] }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Ann Lee\n")
    }

    func testPipedContactsAreReadByTheirContent() throws {
        let vCard = try Data(contentsOf: URL(fileURLWithPath: PickerPaths.fixture("android.vcf")))
        let picker = try startPicker([], input: vCard) { $0.counts == "2/2 · 0 selected" }
        XCTAssertEqual(try picker.screen().names, ["Jiří Novák  jiri@example.cz", "山田 太郎  taro@example.jp"])
    }

    func testTheSampleWhenStandardInputIsTheTerminal() throws {
        let picker = try startPicker([])
        XCTAssertTrue(try picker.screen().counts.hasPrefix("176/176"))
    }

    func testFilterReadsARedirectedFile() throws {
        let names = Data("Ann Lee\nBob Stone\nCarla Diaz\nDmitri Ivanov\n".utf8)
        let result = try runPicker(["--filter", "an"], input: names, environment: ["PICKER_SOURCE": nil])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.output, "Ann Lee\nDmitri Ivanov\n")
        let everyone = try runPicker(["--filter", ""], input: names, environment: ["PICKER_SOURCE": nil])
        XCTAssertEqual(everyone.output, "Ann Lee\nBob Stone\nCarla Diaz\nDmitri Ivanov\n")
    }
}
