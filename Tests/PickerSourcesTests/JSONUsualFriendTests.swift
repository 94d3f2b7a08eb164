import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// Friends of the usual shape, read at once by the JSON reader, against its general reading.
final class JSONUsualFriendTests: XCTestCase {
    /// Friend objects of the usual shape are read at once, to the friend the general reading
    /// gives; any other object is left where it was, for the general reading.
    func testTheUsualFriendsAreReadAtOnceAsTheGeneralReadingReadsThem() {
        /// Whether the object `text` was read at once (its friend the general reading's).
        func read(_ text: String) -> Bool { read(Array(text.utf8)) }
        func read(_ document: [UInt8]) -> Bool {
            let text = String(decoding: document, as: UTF8.self)
            return document.withUnsafeBufferPointer { bytes in
                var cursor = JSONFriendScanner.Cursor(bytes: bytes, index: 0, lines: JSONFriendScanner.Lines())
                var atOnce = FriendTexts()
                let isPlain = cursor.plainFriend(into: &atOnce)
                guard isPlain else {
                    XCTAssertEqual(cursor.index, 0, text)
                    XCTAssertEqual(cursor.lines, JSONFriendScanner.Lines(), text)
                    XCTAssertEqual(atOnce.count, 0, text)
                    return false
                }
                var general = FriendTexts()
                var reread = JSONFriendScanner.Cursor(bytes: bytes, index: 0, lines: JSONFriendScanner.Lines())
                let path = JSONFriendScanner.Path(list: .data, index: 0)
                let problem = Result { () throws(JSONFriendScanner.Failure) in
                    try reread.friend(into: &general, depth: 2, path: path)
                }
                guard case .success(nil) = problem else {
                    XCTFail("the general reading: \(problem): \(text)")
                    return true
                }
                XCTAssertEqual(cursor.index, reread.index, text)
                XCTAssertEqual(cursor.lines, reread.lines, text)
                XCTAssertEqual(atOnce.friends, general.friends, text)
                return true
            }
        }
        for text in [
            #"{"id":"1","name":"Ada"}"#, "{ \"name\" : \"Zo\u{EB}\",\n\t\"id\": \"2\" }",
            #"{"id": "3", "name": "Ada Lovelace", "first_name": "Ada", "middle_name": "B", "last_name": "Lovelace"}"#,
            #"{"last_name":"","id":"","name":"\#u{7F}"}"#, #"{"id": "1", "n\u0061me": "A"}"#,
        ] {
            XCTAssertTrue(read(text), text)
        }
        for text in [
            #"{"id": 1, "name": "Ada"}"#, #"{"name": "Ada"}"#, #"{"id": "1"}"#, #"{"id": "1", "name": "A\u00e9"}"#,
            #"{"id": "1", "name": "A", "middle_name": null}"#, #"{"id": "1", "name": "A", "id": "2"}"#,
            #"{"id": "1", "name": "A", "picture": "x"}"#, #"{"id": "1", "name": "A",}"#, #"{"id": "1", "name": "A""#,
            #"{"id": "1", "name": "A"   "#, "{\"id\": \"1\", \"name\": \"\u{1}\"}",
            #"{}"#, #"{"id": "1", "name": "A" "last_name": "B"}"#, #"{"id": "1", "name" "A"}"#,
        ] {
            XCTAssertFalse(read(text), text)
        }
        let invalid = Array(#"{"id": "1", "name": "A"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        XCTAssertFalse(read(invalid), "not UTF-8")
        var generator = RandomFriendsJSON(random: SplitMix64(seed: 41))
        var atOnce = 0
        for _ in 0..<20000 {
            let text = generator.friend().replacing("\u{1}", with: "")
            if read(text) { atOnce += 1 }
        }
        XCTAssertGreaterThan(atOnce, 200, "random friends of the usual shape")
    }

    /// The keys of a friend's fields are told by the words they start, and a key that only
    /// begins like one (`"last_names"`, `"idx"`) is not taken for it; with fewer than 16 bytes
    /// left, a key is read as any other.
    func testKeysAreToldByTheirWordsAndOnlyWhole() {
        let keys = [
            "id", "name", "first_name", "last_name", "middle_name", "i", "idx", "nam", "names", "first_nam",
            "first_namex", "last_nam", "last_namex", "middle_nam", "middle_namex", "data", "Id", "first-name",
        ]
        for key in keys {
            for padding in [0, 20] {
                let bytes = Array("\"\(key)\":\"v\"".utf8) + Array(repeating: UInt8(ascii: " "), count: padding)
                let read = bytes.withUnsafeBufferPointer { bytes in
                    var cursor = JSONFriendScanner.Cursor(bytes: bytes, index: 0, lines: JSONFriendScanner.Lines())
                    let field = try? cursor.key()
                    XCTAssertEqual(cursor.index, key.utf8.count + 2, key)
                    return field
                }
                let expected = Array(key.utf8).withUnsafeBufferPointer { JSONFriendScanner.Field($0) }
                XCTAssertEqual(read, expected, "\(key), \(padding) bytes after")
            }
        }
    }
}
