import Foundation
import PickerStore
import PickerTestSupport
import XCTest

/// The friends picked most, recorded on Enter and listed under "Recent" above the letters.
final class RecentFriendsTests: TmuxTestCase {
    /// The directory holding the picks (`state/picker`) of every run of the test, and its files.
    private var keeping: URL!
    private var friendsFile: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        keeping = TemporaryFolder.root.appendingPathComponent("picker-keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: keeping, withIntermediateDirectories: true)
        friendsFile = keeping.appendingPathComponent("friends.json")
        let friends = [
            ("11", "Ann Smith"), ("12", "Bob Stone"), ("13", "Cem Aydın"), ("14", "Dan Brown"), ("15", "Eve Adams"),
            ("16", "Zoë Kravchenko"), ("17", "Zed Miller"),
        ]
        let json = "[" + friends.map { #"{"id": "\#($0.0)", "name": "\#($0.1)"}"# }.joined(separator: ", ") + "]"
        try Data(json.utf8).write(to: friendsFile)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: keeping)
        super.tearDown()
    }

    private var picks: URL { keeping.appendingPathComponent("state/picker/picks.json") }

    /// The environment of every run: the picks, the cache and the stored session in
    /// ``keeping``.
    private var environment: [String: String?] { cleanEnvironment(keepingIn: keeping) }

    /// A picker on `source` (the friends file by default) with the test's picks, once its list
    /// is there.
    private func open(
        _ extra: [String] = [], source: String? = nil, input: Data? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> TmuxSession {
        let friends = input == nil ? ["--source", source ?? friendsFile.path] : []
        return try startPicker(
            friends + extra, environment: environment, input: input, file: file, line: line,
            readyWhen: { !$0.friendLines.isEmpty && $0.counts.contains(" selected") })
    }

    /// Picks, with Enter, the one friend `query` finds; the picker prints `name`.
    private func pick(
        _ query: String, printing name: String, _ extra: [String] = [], source: String? = nil, input: Data? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let picker = try open(["--query", query] + extra, source: source, input: input, file: file, line: line)
        try picker.press("Enter")
        try picker.assertExit(0, output: name + "\n", file: file, line: line)
    }

    func testTheFriendPickedMostIsFirstUnderRecentAndStaysInItsSection() throws {
        try pick("zoe", printing: "Zoë Kravchenko")
        try pick("ann", printing: "Ann Smith")
        try pick("zoe", printing: "Zoë Kravchenko")
        let picker = try open()
        let screen = try picker.screen()
        XCTAssertEqual(
            Array(screen.listLines.prefix(4)), ["  Recent", "> [ ] Zoë Kravchenko", "  [ ] Ann Smith", "  A"],
            screen.description)
        XCTAssertEqual(screen.names.filter { $0 == "Zoë Kravchenko" }.count, 2, "also under Z: \(screen)")
        XCTAssertEqual(screen.counts, "7/7 · 0 selected", "a friend counts once")
        // Searching lists the matches alone.
        try picker.press("/")
        try picker.type("a")
        try picker.waitForScreen("the search") { !$0.listLines.contains("  Recent") && $0.names.count == 5 }
        try picker.press("Escape")
        try picker.waitForScreen("Recent again") { $0.listLines.first == "  Recent" }
        try picker.press("Home", "Enter")
        try picker.assertExit(0, output: "Zoë Kravchenko\n")

        // What is recorded: keys and times, never names, ids or paths, nor their unsalted hashes.
        let record = try String(contentsOf: picks, encoding: .utf8)
        XCTAssertEqual(record.matches(of: #/"[0-9a-f]{16}":\d+/#).count, 2, "Zoë and Ann, by key: \(record)")
        let resolved = friendsFile.resolvingSymlinksInPath().path
        for plain in [#""16""#, #""11""#, "Zo", "Ann", resolved, StableID.of(["file", resolved])] {
            XCTAssertFalse(record.contains(plain), "\(plain) in \(record)")
        }
        for file in [picks, picks.deletingLastPathComponent().appendingPathComponent("picks.key")] {
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, file.path)
        }
        let directoryMode =
            try FileManager.default.attributesOfItem(
                atPath: picks.deletingLastPathComponent().path)[.posixPermissions] as? Int
        XCTAssertEqual(directoryMode, 0o700)
    }

    func testRecentZeroListsNoneAndRecentOneListsOne() throws {
        try pick("zoe", printing: "Zoë Kravchenko")
        try pick("ann", printing: "Ann Smith")
        let none = try open(["--recent", "0"])
        XCTAssertEqual(try none.screen().listLines.first, "  A")
        XCTAssertEqual(try none.screen().cursorName, "Ann Smith")
        let one = try open(["--recent", "1"])
        XCTAssertEqual(Array(try one.screen().listLines.prefix(3)), ["  Recent", "> [ ] Ann Smith", "  A"])
    }

    func testNoHistoryNeitherReadsNorRecords() throws {
        try pick("zoe", printing: "Zoë Kravchenko")
        let before = try Data(contentsOf: picks)
        try pick("ann", printing: "Ann Smith", ["--no-history"])
        XCTAssertEqual(try Data(contentsOf: picks), before, "--no-history records nothing")
        let picker = try open(["--no-history"])
        XCTAssertEqual(try picker.screen().listLines.first, "  A", "--no-history lists no one under Recent")
    }

    func testCancellingAndFilterRecordNothing() throws {
        try pick("zoe", printing: "Zoë Kravchenko")
        let before = try Data(contentsOf: picks)
        let picker = try open(["--query", "ann"])
        try picker.press("Escape")
        try picker.waitForScreen("the query cleared") { $0.listLines.first == "  Recent" }
        try picker.press("Escape")
        try picker.assertExit(130)
        assertExit(
            try runPicker(["--source", friendsFile.path, "--filter", "ann"], environment: environment), 0,
            output: "Ann Smith\n")
        XCTAssertEqual(try Data(contentsOf: picks), before)
    }

    func testACorruptRecordIsIgnoredWithAWarningAndReplaced() throws {
        try FileManager.default.createDirectory(
            at: picks.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"sources\": [".utf8).write(to: picks)
        let picker = try open(["--query", "ann"])
        XCTAssertFalse(try picker.screen().listLines.contains("  Recent"))
        try picker.press("Enter")
        let ended = try picker.assertExit(0, output: "Ann Smith\n")
        XCTAssertEqual(
            ended.errors,
            "picker: \(picks.path) is not a record of picks this picker reads; picks are recorded afresh\n")
        let again = try open()
        XCTAssertEqual(Array(try again.screen().listLines.prefix(2)), ["  Recent", "> [ ] Ann Smith"])
    }

    func testTextIsKeyedByNameSoAReorderedFileFindsItsPeople() throws {
        let names = ["Ann", "Bob", "Cem", "Dan", "Eve", "Zoë", "Zed"]
        let text = keeping.appendingPathComponent("names.txt")
        try Data(names.joined(separator: "\n").utf8).write(to: text)
        try pick("zoe", printing: "Zoë", source: text.path)
        // Zoë moves from line 6 to line 1; line 6 is now Ann.
        try Data((["Zoë"] + names.filter { $0 != "Zoë" }).joined(separator: "\n").utf8).write(to: text)
        let picker = try open(source: text.path)
        XCTAssertEqual(Array(try picker.screen().listLines.prefix(3)), ["  Recent", "> [ ] Zoë", "  A"])
        XCTAssertFalse(try String(contentsOf: picks, encoding: .utf8).contains("Zo"), "a hash, not the name")
    }

    /// Standard input has no name to be known by: it is known by its content, so that the same
    /// list piped in again lists its picks under "Recent", and another list, even one holding
    /// the name picked, lists none.
    func testStandardInputListsRecentOnlyForTheSameList() throws {
        let list = Data(["Ann", "Bob", "Cem", "Dan", "Eve", "Zoë", "Zed"].joined(separator: "\n").utf8)
        try pick("dan", printing: "Dan", input: list)

        let other = Data(["Kim", "Dan", "Fay", "Gus", "Hal", "Ida", "Jon"].joined(separator: "\n").utf8)
        let unrelated = try open(input: other)
        try unrelated.waitForScreen("the list read whole") { $0.title.hasPrefix("Select Friends  ") }
        let screen = try unrelated.screen()
        XCTAssertEqual(screen.listLines.first, "  D", "no Recent: \(screen)")
        try unrelated.press("Enter")
        try unrelated.assertExit(0, output: "Dan\n")

        let same = try open(input: list)
        try same.waitForScreen("Dan under Recent") { Array($0.listLines.prefix(2)) == ["  Recent", "> [ ] Dan"] }
        try same.press("Enter")
        try same.assertExit(0, output: "Dan\n")
        let record = try String(contentsOf: picks, encoding: .utf8)
        XCTAssertFalse(record.contains("Dan"), record)
    }
}
