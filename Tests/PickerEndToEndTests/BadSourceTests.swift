import Foundation
import Glibc
import PickerTestSupport
import XCTest

/// Sources that are missing, unreadable or malformed: a message naming the source, what is
/// wrong and where, exit status 2, and the terminal untouched.
final class BadSourceTests: TmuxTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = TemporaryFolder.root.appendingPathComponent("picker-e2e-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    /// A file named `name` holding `bytes`.
    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

    /// `picker --source path --filter ''`: status 2, nothing printed, one line on standard
    /// error naming `path` and saying `problem`, and, with `located`, where in the file.
    private func assertRejected(
        _ path: String, saying problem: String, located: Bool = true, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let result = try runPicker(["--source", path, "--filter", ""])
        let name = URL(fileURLWithPath: path).lastPathComponent
        let message = result.standardError
        var failures: [String] = []
        if result.status != 2 { failures.append("status \(result.status)") }
        if !result.output.isEmpty { failures.append("printed '\(result.output)'") }
        if !message.hasPrefix("picker: \(path): ") || !message.hasSuffix("\n") || message.dropLast().contains("\n") {
            failures.append("not one line naming the file")
        }
        if !message.contains(problem) { failures.append("does not say '\(problem)'") }
        let location = #"(line \d+, column \d+|byte offset \d+|\[\d+\](\.\w+)?:)"#
        if located && message.range(of: location, options: .regularExpression) == nil {
            failures.append("does not say where")
        }
        XCTAssertEqual(failures, [], "\(name): \(message)", file: file, line: line)
    }

    /// An image, a compressed file, a spreadsheet given as a source is refused naming what it
    /// looks like (exit 2), from a file whatever it is called and from standard input, never
    /// read as names or as text that is not UTF-8.
    func testOtherKindsOfFileAreRefusedNamingWhatTheyLookLike() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8)
        try assertRejected(try file("friends.csv", png), saying: "looks like a PNG image; picker reads", located: false)
        let zipped = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "printf 'Ann Lee\\nBob\\n' | gzip -c > \"$0\"", directory.path + "/names.txt"])
        XCTAssertEqual(zipped.status, 0, zipped.standardError)
        try assertRejected(directory.path + "/names.txt", saying: "looks like a gzip file", located: false)
        let workbook = directory.appendingPathComponent("contacts.csv").path
        let made = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z:\n"
                    + "    z.writestr('[Content_Types].xml', '<Types/>')\n    z.writestr('xl/workbook.xml', '<workbook/>')",
                workbook,
            ])
        XCTAssertEqual(made.status, 0, made.standardError)
        try assertRejected(workbook, saying: "looks like an Excel workbook (.xlsx); picker reads", located: false)
        let piped = try runPicker(["--filter", ""], input: Data(Array("%PDF-1.4\n".utf8) + [0xE2, 0xE3, 0xCF, 0xD3]))
        XCTAssertEqual(piped.status, 2)
        XCTAssertEqual(
            piped.standardError,
            "picker: standard input: looks like a PDF document; picker reads JSON, vCard, CSV, text or a Facebook export's .zip\n"
        )
    }

    func testMissingFile() throws {
        try assertRejected(
            directory.appendingPathComponent("missing.json").path, saying: "no such file", located: false)
    }

    func testAFolderThatIsNotAFacebookExport() throws {
        try assertRejected(
            directory.path, saying: "is a folder without .vcf files and without a Facebook friends list", located: false
        )
    }

    func testUnreadableFile() throws {
        let path = try file("unreadable.json", #"[{"id": "1", "name": "Ada"}]"#)
        chmod(path, 0)
        // Root reads every file: run the picker as nobody then.
        let asNobody = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let command = asNobody + [try PickerPaths.picker().path, "--source", path, "--filter", ""]
        let result = try runCommand(
            URL(fileURLWithPath: command[0]), Array(command.dropFirst()), environment: ["LANG": "C.UTF-8"])
        assertExit(result, 2, standardError: "picker: \(path): cannot be read (permission denied?)\n")
    }

    func testEmptyFile() throws {
        try assertRejected(try file("empty.json", ""), saying: "is empty", located: false)
        try assertRejected(try file("blank.json", " \n\t\n"), saying: "is empty", located: false)
    }

    func testJSONThatBreaksOff() throws {
        try assertRejected(try file("names.txt", "[\"Ada Lovelace\",\n Bob\n"), saying: "not valid JSON")
    }

    func testTruncatedJSON() throws {
        try assertRejected(
            try file("truncated.json", #"{"data": [{"id": "1", "name": "Ada"}, {"id": "2", "na"#),
            saying: "not valid JSON")
    }

    func testAnObjectWithoutAListOfFriends() throws {
        try assertRejected(try file("object.json", #"{"people": []}"#), saying: #""data" is missing"#, located: false)
        try assertRejected(
            try file("two.json", #"{"data": [], "friends_v2": []}"#), saying: "holds more than one list of friends",
            located: false)
    }

    /// A list none of whose elements is a friend names the first (a friend without an id gets
    /// one, and one element that is no friend is skipped among friends).
    func testAListWithoutAFriend() throws {
        try assertRejected(
            try file("nofriend.json", #"[{"id": "1"}, 5]"#),
            saying: #"[0]: "name" is missing (and 1 more skipped, none read)"#)
        try assertRejected(try file("noname.json", #"{"data": [{"id": "1"}]}"#), saying: #"data[0]: "name" is missing"#)
    }

    func testWrongTypesAndNullNames() throws {
        try assertRejected(
            try file("numbername.json", #"[{"id": "1", "name": 42}]"#), saying: "[0].name: expected a string")
        try assertRejected(
            try file("nullname.json", #"[{"id": "1", "name": null}]"#),
            saying: "[0].name: expected a string, found null")
        try assertRejected(
            try file("objectid.json", #"[{"id": {}, "name": "Ada"}]"#), saying: "[0].id: expected a string")
        try assertRejected(
            try file("data.json", #"{"data": "Ada"}"#), saying: "data: expected an array of friends", located: false)
    }

    func testInvalidUTF8() throws {
        try assertRejected(
            try file("latin1.json", Array(#"[{"id": "1", "name": "Jos"#.utf8) + [0xE9] + Array(#""}]"#.utf8)),
            saying: "UTF-8")
        let input = Data("Ada\nJos".utf8) + Data([0xE9]) + Data("\n".utf8)
        let result = try runPicker(["--source", "-", "--filter", ""], input: input)
        assertExit(result, 2, standardError: "picker: standard input: line 2 is not valid UTF-8 (byte offset 7)\n")
    }

    func testAByteOrderMarkIsSkipped() throws {
        let path = try file("bom.json", [0xEF, 0xBB, 0xBF] + Array(#"[{"id": "1", "name": "Ada"}]"#.utf8))
        let result = try runPicker(["--source", path, "--filter", ""])
        assertExit(result, 0, output: "Ada\n")
        let plain = try runPicker(
            ["--source", "-", "--filter", "", "--format", "tsv"],
            input: Data([0xEF, 0xBB, 0xBF] + Array("Zed\nAda\n".utf8)))
        XCTAssertEqual(plain.output, "2\tAda\n1\tZed\n", "no U+FEFF in the first name")
    }

    func testRepeatedIdsKeepTheFirstAndSayHowManyWereLeftOut() throws {
        let path = try file(
            "repeated.json",
            #"[{"id": "1", "name": "Ada"}, {"id": "2", "name": "Bob"}, {"id": "1", "name": "Eve"}, {"id": "2", "name": "Mal"}, {"id": "1", "name": "Oz"}]"#
        )
        let result = try runPicker(["--source", path, "--filter", ""])
        assertExit(
            result, 0, output: "Ada\nBob\n",
            standardError: "picker: \(path): 3 friends left out as given before "
                + "(the same id, or the same contact twice; the first is kept)\n")

        // A query that only the repeats match: the friends who gave their ids first, which it
        // does not match, are the ones kept, from a file and from a pipe alike.
        let piped = try Data(contentsOf: URL(fileURLWithPath: path))
        for (arguments, input, name) in [
            (["--source", path], Data(), path), (["--source", "-"], piped, "standard input"),
        ] {
            for (query, output) in [("eve", ""), ("a", "Ada\n"), ("o", "Bob\n")] {
                let found = try runPicker(arguments + ["--filter", query], input: input)
                assertExit(
                    found, query == "eve" ? 1 : 0, output: output,
                    standardError: "picker: \(name): 3 friends left out as given before "
                        + "(the same id, or the same contact twice; the first is kept)\n")
            }
        }

        let picker = try startPicker(["--source", path]) { $0.counts == "2/2 · 0 selected" }
        try picker.press("Enter")
        let picked = try picker.waitForExit()
        XCTAssertEqual(picked.output, "Ada\n")
        XCTAssertEqual(picked.errors, result.standardError, "said once the terminal is restored")
    }

    func testZeroFriendsShowAnEmptyList() throws {
        let path = try file("zero.json", #"{"data": [], "paging": {}}"#)
        let picker = try startPicker(["--source", path]) { $0.counts == "0/0 · 0 selected" }
        XCTAssertEqual(try picker.screen().listLines, ["  No friends to show"])
        try picker.press("Enter")
        try picker.assertExit(1, standardError: "", "nothing to print")
        assertExit(try runPicker(["--source", path, "--filter", ""]), 1)
    }

    func testAHundredMegabytesOfGarbage() throws {
        let urandom = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom"))
        var garbage = [UInt8](urandom.readData(ofLength: 100 << 20))
        XCTAssertEqual(garbage.count, 100 << 20)
        garbage[0] = UInt8(ascii: "[")
        // Not JSON on its first line, so taken for text, which is not UTF-8.
        try assertRejected(try file("garbage.json", garbage), saying: "is not valid UTF-8")
    }

    func testAMalformedSourceLeavesTheTerminalUntouched() throws {
        let path = try file("truncated-page.json", #"{"data": [{"id": "1""#)
        let picker = try TmuxSession(arguments: ["--source", path], fromShell: true)
        defer { picker.kill() }
        let result = try picker.assertExit(2)
        XCTAssertTrue(result.errors.hasPrefix("picker: \(path): not valid JSON"), result.errors)
        let settings = try picker.terminalSettings()
        XCTAssertEqual(settings.after, settings.before)
        XCTAssertEqual(try picker.screen().lines.first, "$ sh run.sh", "nothing drawn")
        XCTAssertTrue(try picker.terminalModes().hasPrefix("alternate=0 cursor=1 keypad=0 cursorkeys=0 mouse=0"))
    }
}
