import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class FriendsJSONTests: XCTestCase {
    private func decode(_ json: String) throws -> [Friend] {
        try FriendsJSON.decode(Data(json.utf8), source: "friends.json")
    }

    private func problem(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch let error as SourceError {
            XCTAssertEqual(error.source, "friends.json", file: file, line: line)
            return error.problem
        } catch {
            return "unexpected \(error)"
        }
    }

    func testReadsAGraphPageIgnoringPagingAndSummary() throws {
        let friends = try decode(
            """
            {"data": [{"id": "10", "name": "Ada Lovelace", "first_name": "Ada", "last_name": "Lovelace"},
                      {"id": "11", "name": "Bob", "middle_name": "X"}],
             "paging": {"cursors": {"before": "a", "after": "b"}, "next": "https://example.invalid/next"},
             "summary": {"total_count": 810}}
            """)
        XCTAssertEqual(
            friends,
            [
                Friend(id: "10", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace"),
                Friend(id: "11", name: "Bob", middleName: "X"),
            ])
    }

    func testReadsABareArrayAndNumericIds() throws {
        XCTAssertEqual(try decode(#"[{"id": 7, "name": "Zoë"}]"#), [Friend(id: "7", name: "Zoë")])
        XCTAssertEqual(try decode(#"  {"data": []}"#), [])
    }

    /// What `jq -r` users make: an array of names, numbered from 1 as lines are; blank ones
    /// passed over; objects among them read as friends. Only a bare array holds them.
    func testAnArrayOfStringsIsNames() throws {
        let friends = try decode(#"["Ann Lee", "  ", " Bob ", {"id": "x", "name": "Cy"}]"#)
        XCTAssertEqual(
            friends, [Friend(id: "1", name: "Ann Lee"), Friend(id: "3", name: "Bob"), Friend(id: "x", name: "Cy")])
        XCTAssertEqual(
            try FriendsJSON.decodeWithFoundation(Data(#"["Ann Lee", "  ", " Bob "]"#.utf8), source: "f"),
            Array(friends.prefix(2)))
        let path = TemporaryFolder.root.appendingPathComponent("picker-names-\(UUID().uuidString).json")
        try Data(#"["Ann", "Bob"]"#.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        var streamed: [Friend] = []
        try FriendsJSON.readPages(path: path.path) { streamed += $0.friends }
        XCTAssertEqual(streamed.map(\.name), ["Ann", "Bob"], "read as it comes, too")
        XCTAssertEqual(problem(#"{"data": ["Ann"]}"#), "data[0]: expected an object")
    }

    func testSyntaxErrorsNameTheLineAndColumn() {
        XCTAssertEqual(
            problem("{\"data\": [\n  {\"id\": \"1\" \"name\": \"A\"}]}"),
            "not valid JSON at line 2, column 14: expected ',' or '}'")
        XCTAssertEqual(
            problem("{\"data\": [{\"id\": \"1\", \"name\": \"A\"}"),
            "not valid JSON at line 1, column 35, the end of the file: the JSON stops before it is complete")
    }

    func testWrongShapesNameTheFriendAndField() {
        XCTAssertEqual(problem(#"{"data": [{"id": "2"}]}"#), #"data[0]: "name" is missing"#)
        XCTAssertEqual(
            problem(#"{"data": [{"id": "1", "name": null}]}"#), "data[0].name: expected a string, found null")
        XCTAssertEqual(problem(#"{"data": [{"id": true, "name": "A"}]}"#), "data[0].id: expected a string")
        XCTAssertEqual(problem(#"{"data": 3}"#), "data: expected an array of friends")
        XCTAssertEqual(problem(#"{"people": []}"#), #"the top level: "data" is missing"#)
        XCTAssertEqual(problem("42"), #"the top level must be a friends page {"data": [...]} or an array of friends"#)
        XCTAssertEqual(problem(""), #"is empty: expected a friends page {"data": [...]} or an array of friends"#)
        XCTAssertEqual(problem(" \n"), #"is empty: expected a friends page {"data": [...]} or an array of friends"#)
        XCTAssertEqual(try decode("\u{FEFF}[]"), [], "a byte-order mark is skipped")
    }

    /// What `/me?fields=id,name,friends` answers: the friends edge nested in the user's object.
    func testANestedFriendsEdgeIsTheList() throws {
        let answer = """
            {"id": "1", "name": "Me", "friends": {"data": [{"id": "2", "name": "Ann Lee"}, {"id": "3", "name": "Bob"}],
             "paging": {"cursors": {"before": "QVFI", "after": "QVFJ"}}, "summary": {"total_count": 2}}}
            """
        XCTAssertEqual(try decode(answer), [Friend(id: "2", name: "Ann Lee"), Friend(id: "3", name: "Bob")])
        XCTAssertEqual(try FriendsJSON.decodeWithFoundation(Data(answer.utf8), source: "f"), try decode(answer))
        let path = TemporaryFolder.root.appendingPathComponent("picker-edge-\(UUID().uuidString).json")
        try Data(answer.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        var streamed: [Friend] = []
        try FriendsJSON.readPages(path: path.path, firstPage: 1) { streamed += $0.friends }
        XCTAssertEqual(streamed.map(\.id), ["2", "3"], "read as it comes, too")
        XCTAssertEqual(problem(#"{"id": "1", "friends": {"summary": {}}}"#), #"friends: "data" is missing"#)
        XCTAssertEqual(
            problem(#"{"id": "1", "friends": {"data": null}}"#),
            "friends.data: expected an array of friends, found null")
        XCTAssertEqual(problem(#"{"friends": {"data": [{"id": 2}]}}"#), #"friends.data[0]: "name" is missing"#)
    }

    /// Older answers (FQL's) and hand-made lists have no `id`: one is made from the name, as
    /// for a CSV record without one, the same in every run.
    func testObjectsWithoutAnIdGetOneMadeFromTheirName() throws {
        let friends = try decode(#"{"data": [{"name": "Ann Lee", "uid": 4}, {"id": null, "name": "Bob"}]}"#)
        XCTAssertEqual(
            friends,
            [Friend(id: StableID.of(["Ann Lee"]), name: "Ann Lee"), Friend(id: StableID.of(["Bob"]), name: "Bob")])
        XCTAssertEqual(try decode(#"[{"name": "Ann Lee"}]"#).map(\.id), [StableID.of(["Ann Lee"])])
    }

    /// An element that is not a friend (a number, a string in a page, an object without a
    /// name) is skipped and counted, the first named, and the rest read; only a list none of
    /// whose elements is a friend is refused, naming the first.
    func testJunkElementsAreSkippedAndCounted() throws {
        let json = #"{"data": [7, {"id": "1", "name": "Ann"}, "Bob", {"id": "3"}, {"id": "4", "name": "Cy"}]}"#
        let page = try FriendsJSON.page(Data(json.utf8), source: "friends.json")
        XCTAssertEqual(page.friends.map(\.name), ["Ann", "Cy"])
        XCTAssertEqual(page.skipped, 3)
        XCTAssertEqual(page.firstSkipped, SkippedEntry(place: "data[0]", problem: "expected an object"))
        XCTAssertEqual(
            SkippedEntry.note(page.skipped, first: page.firstSkipped),
            "3 contacts skipped, first at data[0]: expected an object")
        XCTAssertEqual(try FriendsJSON.decodeWithFoundation(Data(json.utf8), source: "f"), page.friends)

        let path = TemporaryFolder.root.appendingPathComponent("picker-junk-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        var streamed = FriendPage(friends: [])
        try FriendsJSON.readPages(path: path.path, firstPage: 1) { page in
            streamed.friends += page.friends
            streamed.skipped += page.skipped
            streamed.firstSkipped = streamed.firstSkipped ?? page.firstSkipped
        }
        XCTAssertEqual(streamed.friends.map(\.name), ["Ann", "Cy"])
        XCTAssertEqual(streamed.skipped, 3)
        XCTAssertEqual(streamed.firstSkipped, page.firstSkipped)

        let export = #"{"friends_v2": [{"name": "Ann", "timestamp": "x"}, {"name": "Bob", "timestamp": 1700000000}]}"#
        let exportPage = try FriendsJSON.page(Data(export.utf8), source: "friends.json")
        XCTAssertEqual(exportPage.friends.map(\.name), ["Bob"])
        XCTAssertEqual(
            exportPage.firstSkipped, SkippedEntry(place: "friends_v2[0].timestamp", problem: "expected a number"))

        XCTAssertEqual(
            problem(#"{"data": [3, null, {"id": "1"}]}"#), "data[0]: expected an object (and 2 more skipped, none read)"
        )
        XCTAssertEqual(problem(#"[5]"#), "[0]: expected an object")
    }

    /// The other files of a Facebook export, given as a source, say where the friends list is.
    func testOtherFilesOfAFacebookExportNameTheFriendsList() {
        for json in [
            #"{"deleted_friends_v2": [{"name": "Ann Lee", "timestamp": 1700000000}]}"#,
            #"{"received_requests_v2": [{"name": "Bob", "timestamp": 1700000000}]}"#,
            #"{"sent_requests_v2": []}"#, #"{"rejected_requests_v2": []}"#, #"{"following_v3": []}"#,
            #"{"deleted_friends": []}"#, #"{"followers_v2": []}"#,
        ] {
            XCTAssertEqual(problem(json), JSONFriendScanner.otherExportFile, json)
            XCTAssertThrowsError(try FriendsJSON.decodeWithFoundation(Data(json.utf8), source: "f"), json) { error in
                XCTAssertEqual((error as? SourceError)?.problem, JSONFriendScanner.otherExportFile, json)
            }
        }
        XCTAssertTrue(JSONFriendScanner.otherExportFile.contains("your_friends.json"))
        XCTAssertEqual(problem(#"{"people": []}"#), #"the top level: "data" is missing"#)
    }

    func testPlainTextOnStandardInputHasLineNumbersAsIds() throws {
        let friends = try FriendSource.friends(fromStandardInput: Data("Ada\r\n\nZoë Kim\n  \nBob".utf8))
        XCTAssertEqual(
            friends, [Friend(id: "1", name: "Ada"), Friend(id: "3", name: "Zoë Kim"), Friend(id: "5", name: "Bob")])
    }

    func testInvalidUTF8OnStandardInputNamesTheLine() {
        XCTAssertThrowsError(try FriendSource.friends(fromStandardInput: Data([0x41, 0x0A, 0x42, 0xFF, 0x0A]))) {
            error in
            XCTAssertEqual(
                (error as? SourceError)?.description, "standard input: line 2 is not valid UTF-8 (byte offset 3)")
        }
    }

    func testJSONOnStandardInputIsRecognised() throws {
        XCTAssertEqual(
            try FriendSource.friends(fromStandardInput: Data(" [{\"id\":\"9\",\"name\":\"Ann\"}]".utf8)),
            [Friend(id: "9", name: "Ann")])
    }

    func testFileProblemsNameTheFile() {
        XCTAssertThrowsError(try FriendSource.readFile("/nonexistent/friends.json")) { error in
            XCTAssertEqual((error as? SourceError)?.description, "/nonexistent/friends.json: no such file")
        }
        XCTAssertThrowsError(try FriendSource.readFile("/")) { error in
            XCTAssertEqual(
                (error as? SourceError)?.problem,
                "is a folder without .vcf files and without a Facebook friends list (connections/friends/your_friends.json or friends/friends.json); an export in several .zip parts has it in one of them"
            )
        }
    }
}
