import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The fast JSON reader against Foundation, on random documents, valid and broken.
final class JSONFastPathTests: XCTestCase {
    private struct Generator {
        var random: SplitMix64

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

        mutating func space() -> String { ["", " ", "\n", "\t ", "\r\n  "][below(5)] }

        mutating func string() -> String {
            let pieces = [
                "Ada", "José", "Zoë", "王", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\u00E9", "\\ud83d\\ude00",
                "\\ud83d", "\\udc00", "\\u0000", "\\x", "😀", " ", "'", "\u{7f}", "\\b\\f\\r",
            ]
            return "\"" + (0..<below(4)).map { _ in pieces[below(pieces.count)] }.joined() + "\""
        }

        mutating func number() -> String {
            [
                "0", "7", "-3", "42", "1e3", "1.5", "-0", "0.0", "123456789012345678", "1234567890123456789012", "01",
                "-", "2E-2",
            ][below(13)]
        }

        mutating func value(depth: Int) -> String {
            switch below(depth > 2 ? 4 : 6) {
            case 0: return string()
            case 1: return number()
            case 2: return ["true", "false", "null"][below(3)]
            case 3: return "\"x\""
            case 4:
                return "[" + (0..<below(3)).map { _ in space() + value(depth: depth + 1) }.joined(separator: ",") + "]"
            default:
                return "{"
                    + (0..<below(3)).map { _ in "\(space())\(string()):\(space())\(value(depth: depth + 1))" }.joined(
                        separator: ",") + "}"
            }
        }

        mutating func friend() -> String {
            var fields: [String] = []
            if below(12) != 0 { fields.append("\"id\":" + space() + (below(3) == 0 ? number() : string())) }
            if below(12) != 0 { fields.append("\"name\":" + space() + (below(15) == 0 ? "null" : string())) }
            for key in ["first_name", "middle_name", "last_name"] where below(2) == 0 {
                fields.append("\"\(key)\":" + space() + (below(4) == 0 ? "null" : string()))
            }
            if below(6) == 0 { fields.append("\"picture\":" + space() + value(depth: 1)) }
            if below(20) == 0 { fields.append("\"id\": \"dup\"") }
            if below(20) == 0 { fields.append("\"n\\u0061me\": \"escaped key\"") }
            fields.shuffle(using: &random)
            return "{" + fields.map { space() + $0 + space() }.joined(separator: ",") + "}"
        }

        /// An entry of the Facebook export's friends list.
        mutating func exportEntry() -> String {
            var fields: [String] = []
            if below(12) != 0 { fields.append("\"name\":" + space() + (below(15) == 0 ? "null" : string())) }
            if below(6) != 0 { fields.append("\"timestamp\":" + space() + (below(8) == 0 ? string() : number())) }
            if below(6) == 0 { fields.append("\"contact_info\":" + space() + value(depth: 1)) }
            if below(20) == 0 { fields.append("\"timestamp\": 1") }
            fields.shuffle(using: &random)
            return "{" + fields.map { space() + $0 + space() }.joined(separator: ",") + "}"
        }

        /// The Facebook export's `{"friends_v2": [...]}` or older `{"friends": [...]}`.
        mutating func exportDocument() -> String {
            let entries = (0..<below(5)).map { _ in space() + exportEntry() + space() }.joined(separator: ",")
            var members = [["\"friends_v2\"", "\"friends\""][below(2)] + ":" + space() + "[" + entries + "]"]
            if below(6) == 0 { members.append("\"data\": " + ["[]", "3", "{}"][below(3)]) }
            if below(6) == 0 { members.append("\"other\": " + value(depth: 0)) }
            members.shuffle(using: &random)
            return space() + "{" + members.joined(separator: "," + space()) + "}" + space()
        }

        mutating func document() -> String {
            if below(5) == 0 { return exportDocument() }
            let friends = (0..<below(5)).map { _ in space() + friend() + space() }.joined(separator: ",")
            if below(4) == 0 { return space() + "[" + friends + "]" + space() }
            var members = ["\"data\":" + space() + "[" + friends + "]"]
            if below(2) == 0 {
                members.append(
                    "\"paging\": {\"cursors\": {\"before\": \"a\", \"after\": \"b\"}, \"next\": \"https://x/y?z=1\"}")
            }
            if below(2) == 0 { members.append("\"summary\":{\"total_count\":810}") }
            if below(8) == 0 { members.append("\"data\": []") }
            if below(10) == 0 { members.append("\"other\": " + value(depth: 0)) }
            members.shuffle(using: &random)
            return space() + "{" + members.joined(separator: "," + space()) + "}" + space()
        }

        /// `document` with a few bytes cut, repeated or changed.
        mutating func damaged(_ document: String) -> Data {
            var bytes = Array(document.utf8)
            for _ in 0..<(1 + below(2)) where !bytes.isEmpty {
                let at = below(bytes.count)
                switch below(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                case 2:
                    bytes[at] =
                        [UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "}"), 0xFF, 0x01, UInt8(ascii: "x")][
                            below(6)]
                default: bytes.removeSubrange(at...)
                }
            }
            return Data(bytes)
        }
    }

    private func foundationResult(_ data: Data) -> [Friend]? {
        try? FriendsJSON.decodeWithFoundation(data, source: "test.json")
    }

    /// Whatever the fast reader accepts, Foundation reads to the same friends.
    private func check(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let fast = FriendsJSON.scan(data) else { return false }
        XCTAssertEqual(fast, foundationResult(data), String(decoding: data, as: UTF8.self), file: file, line: line)
        return true
    }

    func testRandomDocumentsReadAsFoundationReadsThem() {
        var generator = Generator(random: SplitMix64(seed: 1))
        var accepted = 0
        for _ in 0..<4000 {
            let document = generator.document()
            if check(Data(document.utf8)) { accepted += 1 }
            _ = check(generator.damaged(document))
        }
        XCTAssertGreaterThan(accepted, 400, "the fast reader takes the usual shapes")
    }

    /// Strings are scanned eight bytes at a time: a quote, an escape, a control byte or a byte
    /// past ASCII is found wherever it falls in a word, at every length around a word's.
    func testEveryPlaceInAStringIsScanned() {
        let accepted: [[UInt8]] = [
            Array("\\\"".utf8), Array("\\\\".utf8), Array("\\u00e9".utf8), Array("é".utf8), Array("😀".utf8), [0x7F],
        ]
        let deferred: [[UInt8]] = [[0x01], [0x09], [0x1F], [0xFF], [0xC3]]
        for length in 0...19 {
            for place in 0...length {
                for (piece, isAccepted) in accepted.map({ ($0, true) }) + deferred.map({ ($0, false) }) {
                    let filler = Array("abcdefghijklmnopqrstu".utf8)
                    let name = Array(filler[0..<place]) + piece + Array(filler[place..<length])
                    let document =
                        Array(#"[{"id": "1", "name": ""#.utf8) + name + Array(#"", "last_name": "Ng"}]"#.utf8)
                    let data = Data(document)
                    let fast = FriendsJSON.scan(data)
                    let message = "\(piece) at \(place) of \(length)"
                    if isAccepted {
                        XCTAssertNotNil(fast, message)
                        XCTAssertEqual(fast, foundationResult(data), message)
                    } else {
                        XCTAssertNil(fast, message)
                    }
                }
            }
        }
    }

    func testReadingInChunksGivesTheSameFriendsInPages() {
        var generator = Generator(random: SplitMix64(seed: 2))
        for _ in 0..<1500 {
            let document = Data(generator.document().utf8)
            let whole = FriendsJSON.scan(document)
            var chunks: [Data] = []
            var start = 0
            while start < document.count {
                let size = 1 + generator.below(12)
                chunks.append(document[start..<min(document.count, start + size)])
                start += size
            }
            var pages: [[Friend]] = []
            let read: (inout [UInt8]) -> Bool = { buffer in
                guard !chunks.isEmpty else { return false }
                buffer += chunks.removeFirst()
                return true
            }
            let complete = FriendsJSON.scanPages(read: read, firstPage: 1, largestPage: 2) { page, _ in
                pages.append(FriendPage(page).friends)
            }
            if let whole {
                XCTAssertTrue(complete)
                XCTAssertEqual(Array(pages.joined()), whole)
            } else {
                XCTAssertFalse(complete)
            }
        }
    }

    func testTheUsualShapesTakeTheFastPath() {
        let page =
            #"{"data": [{"id": "10", "name": "Ada Lovelace", "first_name": "Ada", "last_name": "Lovelace"}, {"id": 7, "name": "Zo\u00eb \"Z\"", "middle_name": null}], "paging": {"next": "https://x"}, "summary": {"total_count": 2}}"#
        XCTAssertEqual(
            FriendsJSON.scan(Data(page.utf8)),
            [
                Friend(id: "10", name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace"),
                Friend(id: "7", name: "Zoë \"Z\""),
            ])
        XCTAssertEqual(FriendsJSON.scan(Data(#" [ ] "#.utf8)), [])
    }

    func testAFileIsReadInPagesThatGrow() throws {
        let friends = (0..<5000).map { Friend(id: String($0), name: "Friend \($0)") }
        let json =
            "{\"data\": [" + friends.map { "{\"id\": \"\($0.id)\", \"name\": \"\($0.name)\"}" }.joined(separator: ",\n")
            + "]}"
        let url = TemporaryFolder.root.appendingPathComponent("pages-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var sizes: [Int] = []
        var read: [Friend] = []
        try FriendsJSON.readPages(path: url.path, firstPage: 100, largestPage: 1000) {
            sizes.append($0.friends.count)
            read += $0.friends
        }
        XCTAssertEqual(read, friends)
        XCTAssertEqual(Array(sizes.prefix(5)), [100, 200, 400, 800, 1000])
    }

    func testAFileTheFastReaderLeavesIsReadByFoundationAfterThePagesDelivered() throws {
        for (json, ids, problem) in [
            (
                #"{"data": [{"id": "1", "name": "A"}, {"id": "2", "name": "B"}, {"id": 3e0, "name": "C"}]}"#,
                ["1", "2", "3"], nil
            ),
            (
                #"{"data": [{"id": "1", "name": "A"}, {"id": "2", "name": "B"}, {"id": true, "name": "C"}]}"#,
                ["1", "2"], "data[2].id: expected a string"
            ),
        ] {
            let url = TemporaryFolder.root.appendingPathComponent("exotic-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var read: [Friend] = []
            do {
                try FriendsJSON.readPages(path: url.path, firstPage: 1) { read += $0.friends }
                XCTAssertNil(problem)
            } catch {
                XCTAssertEqual(error.problem, problem)
            }
            XCTAssertEqual(read.map(\.id), ids)
        }
    }
}
