import Foundation
import PickerTestSupport
import XCTest

/// JSON as people save it: a Graph answer with its friends edge nested, friends without ids,
/// an element that is no friend among them, and the other files of a Facebook export.
final class SavedJSONTests: XCTestCase {
    /// A new file of the test process's folder (removed when it exits) holding `text`, named
    /// `name` as the exporter names it.
    private func saved(_ name: String, _ text: String) throws -> String {
        let folder = try TemporaryFolder.make("picker-e2e-saved-json")
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `/me?fields=id,name,friends` saved to a file: the friends are read, one without an id
    /// gets one, and the element that is no friend is skipped and told once on standard error.
    func testASavedGraphAnswerWithItsEdgeNested() throws {
        let path = try saved(
            "me.json",
            #"{"id": "1", "name": "Me", "friends": {"data": [{"id": "2", "name": "Ann Lee"}, 42, {"name": "Bob Stone"}], "paging": {"cursors": {"after": "QVFJ"}}}}"#
        )
        let result = try runPicker(["--source", path, "--filter", ""])
        assertExit(
            result, 0, output: "Ann Lee\nBob Stone\n",
            standardError: "picker: \(path): 1 contact skipped at friends.data[1]: expected an object\n")
        let ids = try runPicker(["--source", path, "--filter", "bob", "--format", "ids"])
        XCTAssertEqual(ids.status, 0, ids.standardError)
        XCTAssertEqual(ids.output.count, 17, "an id made of 16 hexadecimal digits: \(ids.output)")
        XCTAssertEqual(try runPicker(["--source", path, "--filter", "bob", "--format", "ids"]).output, ids.output)
    }

    /// Another file of a Facebook export given as a source says where the friends list is.
    func testAnotherFileOfAFacebookExportNamesTheFriendsList() throws {
        let path = try saved(
            "removed_friends.json", #"{"deleted_friends_v2": [{"name": "Ann Lee", "timestamp": 1700000000}]}"#)
        let result = try runPicker(["--source", path, "--filter", ""])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.hasPrefix("picker: \(path): is another file of a Facebook export"))
        XCTAssertTrue(result.standardError.contains("your_friends.json"), result.standardError)
    }
}
