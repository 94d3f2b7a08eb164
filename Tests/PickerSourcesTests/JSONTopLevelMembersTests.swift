import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

final class JSONTopLevelMembersTests: XCTestCase {
    /// The keys and whole members of `json`, as text; nil when it has none.
    private func members(_ json: String) -> [(key: String, whole: String)]? {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            JSONTopLevelMembers.members(of: buffer)?.map { member in
                (
                    String(decoding: bytes[member.key], as: UTF8.self),
                    String(decoding: bytes[member.whole], as: UTF8.self)
                )
            }
        }
    }

    func testEachMemberIsFoundWhateverItsValueHolds() throws {
        let json =
            #" { "data" : [{"name": "a]}\"b", "x": {"y": [1, "}"]}}], "paging":{"next":"n,}"} ,"n": -1.5e3, "t": true ,}"#
        let found = try XCTUnwrap(members(json))
        XCTAssertEqual(found.map(\.key), ["data", "paging", "n", "t"])
        XCTAssertEqual(
            found.map(\.whole),
            [
                #""data" : [{"name": "a]}\"b", "x": {"y": [1, "}"]}}]"#, #""paging":{"next":"n,}"} "#, #""n": -1.5e3"#,
                #""t": true "#,
            ])
        XCTAssertEqual(try XCTUnwrap(members("{}")).count, 0)
        XCTAssertEqual(try XCTUnwrap(members(#"{"k\"ey": null}"#)).map(\.key), [#"k\"ey"#])
    }

    func testATopLevelThatIsNoWholeObjectHasNoMembers() {
        for json in ["", "[]", #""data""#, "3", #"{"data": [1, 2"#, #"{"a": "b"#, #"{"a" 1}"#, "{"] {
            XCTAssertNil(members(json), json)
        }
    }
}
