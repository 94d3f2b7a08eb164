import Foundation
import PickerTestSupport
import XCTest

/// `--filter`, `--format`, `--print0` and the sources, without a screen: the binary runs
/// directly, and its output and status are checked exactly.
final class FilterModeTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent(
            "picker-e2e-filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func testFilterPrintsTheMatchingNamesBestFirst() throws {
        let result = try runPicker(["--filter", "jose"])
        assertExit(
            result, 0, output: "José Álvarez\nGabriel José García Márquez\n", standardError: "",
            "jose finds José, at the start of one name and of the second word of the other")
        XCTAssertEqual(try runPicker(["--filter", "jose", "--format", "names"]).output, result.output)
        let listOrder = try runPicker(["--filter", "jose", "--no-rank"])
        assertExit(listOrder, 0, output: "Gabriel José García Márquez\nJosé Álvarez\n", "in list order")
    }

    /// `--filter` prints at most `--limit` friends, from JSON and from text lines alike; fzf's
    /// short options do the same.
    func testFilterRespectsTheLimitAndTheShortOptions() throws {
        let limited = try runPicker(["--filter", "ada", "--limit", "2"])
        assertExit(limited, 0, output: "Ada Augusta Lovelace\nAdaeze Okafor\n")
        XCTAssertEqual(try runPicker(["-f", "ada", "-m", "2"]).output, limited.output)
        XCTAssertEqual(try runPicker(["-fada", "-m2"]).output, limited.output)
        let lines = try runPicker(
            ["--source", "-", "-f", "", "-m", "2"], input: Data("Zed Zimmer\nAmy Adams\nBob Brown\n".utf8))
        assertExit(lines, 0, output: "Amy Adams\nBob Brown\n", "the first two in list order")
        XCTAssertEqual(try runPicker(["-q", "adam nov", "-1"]).output, "Adam Novak\n")
        XCTAssertEqual(try runPicker(["-q", "zzzz", "-0"]).status, 1)
    }

    func testAnErrorInTheDefaultOptionsSaysItCameFromThere() throws {
        let result = try runPicker(["--filter", "ada"], environment: ["PICKER_DEFAULT_OPTS": "--limit 0"])
        assertExit(
            result, 2, output: "",
            standardError: "picker: PICKER_DEFAULT_OPTS: --limit needs a whole number above 0, not '0'\n")
    }

    func testFormatIDs() throws {
        let result = try runPicker(["--filter", "jose", "--format", "ids"])
        assertExit(result, 0, output: "100002761446579\n100002379016881\n")
    }

    func testFormatTSV() throws {
        let result = try runPicker(["--filter", "jose", "--format", "tsv"])
        assertExit(
            result, 0, output: "100002761446579\tJosé Álvarez\n100002379016881\tGabriel José García Márquez\n")
    }

    func testFormatJSON() throws {
        let result = try runPicker(["--filter", "jose", "--format=json"])
        assertExit(
            result, 0,
            output:
                #"[{"id":"100002761446579","name":"José Álvarez"},{"id":"100002379016881","name":"Gabriel José García Márquez"}]"#
                + "\n")
        let decoded = try JSONDecoder().decode([[String: String]].self, from: result.standardOutput)
        XCTAssertEqual(decoded.map { $0["name"] }, ["José Álvarez", "Gabriel José García Márquez"])
    }

    func testPrint0EndsEachFriendWithNUL() throws {
        let names = try runPicker(["--filter", "jose", "--print0"])
        assertExit(names, 0)
        XCTAssertEqual(names.standardOutput, Data("José Álvarez\0Gabriel José García Márquez\0".utf8))
        let ids = try runPicker(["--filter", "jose", "--format", "ids", "--print0"])
        XCTAssertEqual(ids.standardOutput, Data("100002761446579\0100002379016881\0".utf8))
    }

    func testEmptyFilterPrintsEveryoneInListOrder() throws {
        let result = try runPicker(["--filter", ""])
        assertExit(result, 0)
        let names = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(names.count, 177, "176 friends, each ending with a newline")
        XCTAssertEqual(names.prefix(3), ["Ada Augusta Lovelace", "Adaeze Okafor", "Adalberto Ruiz"])
        XCTAssertEqual(names.suffix(2), ["佐藤花子", ""])
    }

    /// A Graph document of names alone (each friend an id and a name) is ordered as lines of
    /// text are, without a list: each friend printed with its own id, an id given twice kept
    /// the first time, a name with a line break kept whole, a friend without a name skipped and
    /// both said on standard error; from a file and from standard input alike. One friend with
    /// name parts among them is found with them, in the order a list gives.
    func testJSONNamesAloneKeepTheirIds() throws {
        var friends = [
            #"{"id": "11", "name": "Zoë Adair"}"#, #"{"id": "12", "name": "Ann Lee"}"#,
            #"{"id": "13", "name": "ann lee"}"#, #"{"id": "12", "name": "Anna Twice"}"#,
            #"{"id": "14", "name": "Ann\nLee"}"#, #"{"id": "15"}"#, #"{"id": "16", "name": "José Núñez"}"#,
            #"{"id": "17", "name": "Bob \"Bo\" Stone"}"#, #"{"id": "18", "name": "Ann Lee"}"#,
        ]
        let path = directory.appendingPathComponent("friends.json").path
        try Data(#"{"data": [\#(friends.joined(separator: ",\n"))]}"#.utf8).write(to: URL(fileURLWithPath: path))
        func reports(_ source: String) -> String {
            "picker: \(source): 1 contact skipped at data[5]: \"name\" is missing\n"
                + "picker: \(source): 1 friend left out as given before (the same id, or the same contact twice; the first is kept)\n"
        }
        assertExit(
            try runPicker(["--source", path, "--filter", "an", "--format", "tsv"]), 0,
            output: "12\tAnn Lee\n13\tann lee\n14\tAnn\\x0aLee\n18\tAnn Lee\n", standardError: reports(path),
            "equal names in the order they came")
        assertExit(
            try runPicker(["--source", path, "--filter", "an", "--format", "json"]), 0,
            output:
                #"[{"id":"12","name":"Ann Lee"},{"id":"13","name":"ann lee"},{"id":"14","name":"Ann\nLee"},{"id":"18","name":"Ann Lee"}]"#
                + "\n")
        assertExit(
            try runPicker(["--source", path, "--filter", "an", "--tac", "--format", "ids", "--print0"]), 0,
            output: "18\014\013\012\0")
        assertExit(
            try runPicker(
                ["--filter", "o", "--sort", "last", "--format", "tsv"],
                input: Data(contentsOf: URL(fileURLWithPath: path))),
            0, output: "11\tZoë Adair\n16\tJosé Núñez\n17\tBob \"Bo\" Stone\n", standardError: reports("standard input")
        )
        assertExit(try runPicker(["--source", path, "--filter", "qxz"]), 1, output: "", standardError: reports(path))

        friends.insert(#"{"id": "19", "name": "Ann Abel", "first_name": "Ann", "last_name": "Abel"}"#, at: 2)
        try Data(#"{"data": [\#(friends.joined(separator: ",\n"))]}"#.utf8).write(to: URL(fileURLWithPath: path))
        assertExit(
            try runPicker(["--source", path, "--filter", "an", "--format", "ids"]), 0, output: "19\n12\n13\n14\n18\n",
            standardError: reports(path).replacingOccurrences(of: "data[5]", with: "data[6]"))
    }

    func testFilterMatchingNobodyPrintsNothingWithStatus1() throws {
        let result = try runPicker(["--filter", "xyzzy"])
        assertExit(result, 1, output: "", standardError: "")
    }

    func testMissingSourceFileIsAnErrorNamingTheFile() throws {
        let missing = directory.appendingPathComponent("nobody-here.json").path
        let result = try runPicker(["--source", missing, "--filter", "a"])
        assertExit(result, 2, output: "", standardError: "picker: \(missing): no such file\n")
    }

    func testMalformedJSONIsAnErrorNamingTheFile() throws {
        let malformed = directory.appendingPathComponent("friends.json")
        try Data(#"{"data": [{"id": "1", "name": "Ada"},"#.utf8).write(to: malformed)
        let result = try runPicker(["--source", malformed.path, "--filter", "a"])
        assertExit(result, 2, output: "")
        XCTAssertTrue(
            result.standardError.hasPrefix("picker: \(malformed.path): not valid JSON"),
            "the message names the file and the problem: \(result.standardError)")
    }

    func testPlainTextOnStandardInputNumbersFriendsByLine() throws {
        let input = Data("Zed Zimmer\nAmy Adams\n\nBob Brown\n".utf8)
        let result = try runPicker(["--source", "-", "--filter", "", "--format", "tsv"], input: input)
        assertExit(result, 0, output: "2\tAmy Adams\n4\tBob Brown\n1\tZed Zimmer\n", "list order, ids the line numbers")

        let filtered = try runPicker(["--source", "-", "--filter", "b", "--format", "ids"], input: input)
        XCTAssertEqual(filtered.output, "4\n")
    }

    /// Standard input as a file (mapped), as a pipe (read as it comes) and as a file read in
    /// part before the picker started (read from where it stands) give the same friends.
    func testStandardInputIsReadAsAFileAPipeOrFromWhereItStands() throws {
        let names = directory.appendingPathComponent("names.txt")
        try Data("Skipped Line\nZed Zimmer\nAmy Adams\nBob Brown\n".utf8).write(to: names)
        let picker = try PickerPaths.picker().path
        let fromFile = try runPicker(
            ["--source", "-", "--filter", "", "--format", "tsv"], input: try Data(contentsOf: names))
        XCTAssertEqual(fromFile.output, "3\tAmy Adams\n4\tBob Brown\n1\tSkipped Line\n2\tZed Zimmer\n")
        let fromPipe = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "cat \"$1\" | \"$0\" --source - --filter '' --format tsv", picker, names.path])
        assertExit(fromPipe, 0, output: fromFile.output)
        let afterARead = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "{ read -r skipped; \"$0\" --source - --filter '' --format tsv; } < \"$1\"", picker, names.path])
        XCTAssertEqual(afterARead.output, "2\tAmy Adams\n3\tBob Brown\n1\tZed Zimmer\n", afterARead.standardError)
        let thenCat = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "{ \"$0\" --source - --filter '' >/dev/null; cat; } < \"$1\"", picker, names.path])
        XCTAssertEqual(
            thenCat.output, "", "the picker read standard input to its end, as a reader that consumed it would")
    }

    func testStandardInputThatCannotBeReadIsNamed() throws {
        let result = try runCommand(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" --source - --filter a < /", try PickerPaths.picker().path])
        assertExit(result, 2, output: "", standardError: "picker: standard input: cannot be read (Is a directory)\n")
    }

    func testUnknownOptionIsAnError() throws {
        let result = try runPicker(["--colour"])
        assertExit(result, 2, output: "", standardError: "picker: unknown option '--colour' (see picker --help)\n")
    }
}
