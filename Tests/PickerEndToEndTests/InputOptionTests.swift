import Foundation
import PickerTestSupport
import XCTest

/// `--input`: a source read as the format it is said to be, when its content would be taken for
/// another; a source that is not what it is said to be is an error naming it.
final class InputOptionTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryFolder.make("picker-e2e-input")
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Names written last name first with a title look like a CSV without a header, which
    /// picker refuses; `--input text` reads them as names, from a file, from standard input,
    /// from `PICKER_DEFAULT_OPTS`, and in every one of several sources.
    func testInputTextReadsNamesThatLookLikeACSV() throws {
        let names = "Lee, Ann, Dr.\nStone, Bob, Mr.\n"
        let path = try file("team.txt", names)
        let guessed = try runPicker(["--source", path, "--filter", ""])
        XCTAssertEqual(guessed.status, 2, "taken for a CSV: \(guessed.standardError)")
        assertExit(
            try runPicker(["--source", path, "--input", "text", "--filter", ""]), 0,
            output: "Lee, Ann, Dr.\nStone, Bob, Mr.\n", standardError: "")
        assertExit(
            try runPicker(["--input", "text", "--filter", "bob"], input: Data(names.utf8)), 0,
            output: "Stone, Bob, Mr.\n", standardError: "", "standard input")
        assertExit(
            try runPicker(
                ["--source", path, "--filter", "ann"], environment: ["PICKER_DEFAULT_OPTS": "--input text"]),
            0, output: "Lee, Ann, Dr.\n", "PICKER_DEFAULT_OPTS")
        let more = try file("more.txt", "Kim, Zoë, Prof.\n")
        assertExit(
            try runPicker(
                ["--source", path, "--source", more, "--input", "text", "--no-sort", "--filter", "", "--format", "ids"]
            ),
            0, output: "1:1\n1:2\n2:1\n", standardError: "", "every source")
    }

    /// A file that is not what `--input` says is the error of the reader it was given to,
    /// naming the file (exit 2); an unknown format is a usage error.
    func testAWrongInputIsAnErrorNamingTheFile() throws {
        let json = try file("friends.json", #"{"data": [{"id": "7", "name": "Ann Lee"}]}"#)
        let asCards = try runPicker(["--source", json, "--input", "vcard", "--filter", ""])
        XCTAssertEqual(asCards.status, 2, asCards.standardError)
        XCTAssertTrue(asCards.standardError.hasPrefix("picker: \(json): "), asCards.standardError)
        XCTAssertEqual(asCards.output, "")
        let text = try file("names.txt", "Ann Lee\nBob Stone\n")
        let asJSON = try runPicker(["--source", text, "--input", "json", "--filter", "ann"])
        XCTAssertEqual(asJSON.status, 2, asJSON.standardError)
        XCTAssertTrue(asJSON.standardError.hasPrefix("picker: \(text): "), asJSON.standardError)
        let unknown = try runPicker(["--source", text, "--input", "xml", "--filter", ""])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(
            unknown.standardError.contains("--input must be one of json, vcard, csv, text, facebook, not 'xml'"),
            unknown.standardError)
    }
}
