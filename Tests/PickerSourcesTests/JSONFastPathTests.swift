import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The fast JSON reader against Foundation, on random documents, valid and broken.
final class JSONFastPathTests: XCTestCase {
    /// A generated document, and the one Foundation reads to the same friends: each id written
    /// as a number that is not a whole number of 64 bits, which the reader keeps as it is
    /// written and the decoder refused, is in quotes in the second.
    private func split(_ generated: String) -> (document: Data, reference: Data) {
        (Data(generated.replacing("\u{1}", with: "").utf8), Data(generated.replacing("\u{1}", with: "\"").utf8))
    }

    private func foundationResult(_ data: Data) -> [Friend]? {
        try? FriendsJSON.decodeWithFoundation(data, source: "test.json")
    }

    /// The friends or the problem of `data`, as the reader and as Foundation read it.
    private func results(_ data: Data, reference: Data) -> (
        reader: Result<[Friend], SourceError>, foundation: Result<[Friend], SourceError>
    ) {
        (
            Result { () throws(SourceError) in try FriendsJSON.decode(data, source: "test.json") },
            Result { () throws(SourceError) in try FriendsJSON.decodeWithFoundation(reference, source: "test.json") }
        )
    }

    /// Of JSON, the reader reads what Foundation reads, to the same friends, and fails where it
    /// fails, saying the same: which friend and field is wrong. The one message that differs is the decoder's for a date
    /// that is not a whole number ("not a friends page"), where the reader says which.
    private func check(_ data: Data, reference: Data, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        // Where the text is not JSON, Foundation's decoder let some of it pass, in values it did
        // not read (an unknown escape, a lone surrogate, `01`): the reader does not, and says
        // what JSONSyntax says (see the next test).
        guard data.withUnsafeBytes({ JSONSyntax.problem(in: $0.bindMemory(to: UInt8.self)) }) == nil else {
            XCTAssertNil(FriendsJSON.scan(data), String(decoding: data, as: UTF8.self), file: file, line: line)
            return false
        }
        let (reader, foundation) = results(data, reference: reference)
        let text = String(decoding: data, as: UTF8.self)
        switch (reader, foundation) {
        case (.success(let read), .success(let decoded)):
            XCTAssertEqual(read, decoded, text, file: file, line: line)
            return true
        case (.failure(let problem), .failure(let expected)):
            if expected.problem != "not a friends page" {
                XCTAssertEqual(problem.problem, expected.problem, text, file: file, line: line)
            } else {
                XCTAssertTrue(
                    problem.problem.contains("timestamp: expected a"), "\(problem): \(text)", file: file, line: line)
            }
        default:
            XCTFail("the reader: \(reader); Foundation: \(foundation): \(text)", file: file, line: line)
        }
        return false
    }

    func testRandomDocumentsReadAsFoundationReadsThem() {
        var generator = RandomFriendsJSON(random: SplitMix64(seed: 1))
        var accepted = 0
        for _ in 0..<4000 {
            let (document, reference) = split(generator.document())
            if check(document, reference: reference) { accepted += 1 }
            let damaged = generator.damaged(String(decoding: reference, as: UTF8.self))
            _ = check(damaged, reference: damaged)
        }
        XCTAssertGreaterThan(accepted, 400, "the reader takes the usual shapes")
    }

    /// Where the reader finds a document is not JSON, it says what ``JSONSyntax`` says of the
    /// whole document; where it finds no such problem, there is none.
    func testSyntaxProblemsAreTheOnesJSONSyntaxFinds() {
        var generator = RandomFriendsJSON(random: SplitMix64(seed: 3))
        for _ in 0..<4000 {
            let damaged = generator.damaged(String(decoding: split(generator.document()).reference, as: UTF8.self))
            let expected = damaged.withUnsafeBytes { JSONSyntax.problem(in: $0.bindMemory(to: UInt8.self)) }
            var problem: String?
            do {
                _ = try FriendsJSON.decode(damaged, source: "x")
            } catch {
                problem = error.problem
            }
            let text = String(decoding: damaged, as: UTF8.self)
            if damaged.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
                XCTAssertEqual(problem, "is empty: expected a friends page {\"data\": [...]} or an array of friends")
                continue
            }
            guard let expected else {
                XCTAssertFalse(problem?.hasPrefix("not valid JSON") ?? false, "\(problem ?? ""): \(text)")
                continue
            }
            let place = FriendsJSON.place(expected.offset, in: damaged)
            let message =
                expected.truncated
                ? "not valid JSON at \(place), the end of the file: \(expected.reason)"
                : "not valid JSON at \(place): \(expected.reason)"
            XCTAssertEqual(problem, message, text)
        }
    }

    /// Strings are scanned eight bytes at a time: a quote, an escape, a control byte or a byte
    /// past ASCII is found wherever it falls in a word, at every length around a word's.
    func testEveryPlaceInAStringIsScanned() {
        let accepted: [[UInt8]] = [
            Array("\\\"".utf8), Array("\\\\".utf8), Array("\\u00e9".utf8), Array("é".utf8), Array("😀".utf8), [0x7F],
        ]
        let refused: [[UInt8]] = [[0x01], [0x09], [0x1F], [0xFF], [0xC3]]
        for length in 0...19 {
            for place in 0...length {
                for (piece, isAccepted) in accepted.map({ ($0, true) }) + refused.map({ ($0, false) }) {
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

    /// A document read a few bytes at a time gives the friends, and the problem (its line and
    /// column counted across the chunks), of the same bytes read whole.
    func testReadingInChunksGivesTheSameFriendsInPages() {
        var generator = RandomFriendsJSON(random: SplitMix64(seed: 2))
        for round in 0..<3000 {
            var document = split(generator.document()).document
            if round % 2 == 1 { document = generator.damaged(String(decoding: document, as: UTF8.self)) }
            var whole: [Friend] = []
            var wholeProblem: String?
            do {
                whole = try FriendsJSON.decode(document, source: "x")
            } catch {
                wholeProblem = error.problem
            }
            var chunks: [Data] = []
            var start = 0
            while start < document.count {
                let size = 1 + generator.below(12)
                chunks.append(document[start..<min(document.count, start + size)])
                start += size
            }
            var pages: [[Friend]] = []
            let read: (inout [UInt8]) throws(SourceError) -> Bool = { buffer in
                guard !chunks.isEmpty else { return false }
                buffer += chunks.removeFirst()
                return true
            }
            let problem = try? FriendsJSON.scanPages(read: read, firstPage: 1, largestPage: 2) { page, _ in
                pages.append(page.friends)
            }
            let text = String(decoding: document, as: UTF8.self)
            XCTAssertEqual(problem, wholeProblem, text)
            if wholeProblem == nil { XCTAssertEqual(Array(pages.joined()), whole, text) }
        }
    }

    /// A step of the reader appends the friends of the Graph API that follow one another until
    /// their page is full: the pages (friends, entries skipped, the first of them, the bytes
    /// read at each) and the problem are those of a reader that hands each friend on its own,
    /// whatever the chunks, and names of a bare array are handed before the friends after them.
    func testFriendsAppendedAPageAtATimeGiveThePagesOfOneAStep() {
        var generator = RandomFriendsJSON(random: SplitMix64(seed: 37))
        for round in 0..<3000 {
            var text: String
            if round % 3 == 0 {
                // A longer list, friends among names and junk, in a page or a bare array.
                let elements = (0..<generator.below(40)).map { _ in
                    generator.space()
                        + (generator.below(6) == 0
                            ? generator.junk() : generator.below(8) == 0 ? "\"Bo\"" : generator.friend())
                }
                let list = "[" + elements.joined(separator: ",") + "]"
                text = generator.below(2) == 0 ? list : "{\"data\": " + list + "}"
            } else {
                text = generator.document()
            }
            var document = split(text).document
            if round % 2 == 1 { document = generator.damaged(String(decoding: document, as: UTF8.self)) }
            var chunks: [Data] = []
            var start = 0
            while start < document.count {
                let size = 1 + generator.below(round % 4 == 0 ? 200 : 12)
                chunks.append(document[start..<min(document.count, start + size)])
                start += size
            }
            let (first, largest) = (1 + generator.below(3), 1 + generator.below(6))
            func pages(oneFriendAStep: Bool) -> (pages: [FriendPage], consumed: [Int], problem: String?) {
                var rest = chunks[...]
                var pages: [FriendPage] = []
                var consumed: [Int] = []
                let read: (inout [UInt8]) throws(SourceError) -> Bool = { buffer in
                    guard let chunk = rest.popFirst() else { return false }
                    buffer += chunk
                    return true
                }
                let problem = try? FriendsJSON.scanPages(
                    read: read, firstPage: first, largestPage: largest, oneFriendAStep: oneFriendAStep
                ) { page, read in
                    pages.append(page)
                    consumed.append(read)
                }
                return (pages, consumed, problem ?? nil)
            }
            let (batched, alone) = (pages(oneFriendAStep: false), pages(oneFriendAStep: true))
            let message = String(decoding: document, as: UTF8.self)
            XCTAssertEqual(batched.pages, alone.pages, message)
            XCTAssertEqual(batched.consumed, alone.consumed, message)
            XCTAssertEqual(batched.problem, alone.problem, message)
        }
    }

    /// A unit longer than the largest is not read, whatever it is; white space between units is
    /// never held, however long.
    func testAUnitLongerThanTheLargestIsRefusedAndWhiteSpaceIsNotHeld() throws {
        func scan(_ text: String, largestUnit: Int) -> (friends: [Friend], problem: String?, largestBuffer: Int) {
            var rest = Array(text.utf8)[...]
            var friends: [Friend] = []
            var largest = 0
            let read: (inout [UInt8]) throws(SourceError) -> Bool = { buffer in
                guard !rest.isEmpty else { return false }
                buffer += rest.prefix(100)
                rest = rest.dropFirst(100)
                largest = max(largest, buffer.count)
                return true
            }
            let problem = try? FriendsJSON.scanPages(
                read: read, firstPage: 10, largestPage: 10, largestUnit: largestUnit
            ) { page, _ in friends += page.friends }
            return (friends, problem ?? nil, largest)
        }
        let name = String(repeating: "a", count: 5000)
        let long = scan(
            #"{"data": [{"id": "1", "name": "Ada"},"# + "\n" + #"{"id": "2", "name": ""# + name + #""}]}"#,
            largestUnit: 4096)
        XCTAssertEqual(long.friends.map(\.id), ["1"])
        XCTAssertEqual(long.problem, "a value longer than 0 MB at line 2, column 1 (the most picker reads at once)")
        let spaces = String(repeating: " \n\t", count: 100_000)
        let spaced = scan(
            #"{"data": ["# + spaces + #"{"id": "1", "name": "Ada"}"# + spaces + "]" + spaces + "}" + spaces,
            largestUnit: 4096)
        XCTAssertEqual(spaced.friends.map(\.id), ["1"])
        XCTAssertNil(spaced.problem)
        XCTAssertLessThan(spaced.largestBuffer, 1000, "white space is dropped as it is read")
    }

    /// Ids written as numbers: a whole number of 64 bits is its value's digits, however it is
    /// written, as the decoder gave it; any other number is kept as it is written, where the
    /// decoder refused the document. Dates are whole numbers of seconds.
    func testNumbersInEveryFormAreReadWithoutFoundation() throws {
        let page =
            #"{"data": [{"id": 1e3, "name": "A"}, {"id": -0, "name": "B"}, {"id": 1000.0, "name": "C"}, {"id": 1.5, "name": "D"}, {"id": 12345678901234567890123, "name": "E"}, {"id": 2E-2, "name": "F"}, {"id": -9223372036854775808, "name": "G"}, {"id": 9223372036854775808, "name": "H"}, {"id": 120e-1, "name": "I"}]}"#
        XCTAssertEqual(
            try FriendsJSON.decode(Data(page.utf8), source: "x").map(\.id),
            [
                "1000", "0", "1000", "1.5", "12345678901234567890123", "2E-2", "-9223372036854775808",
                "9223372036854775808", "12",
            ])
        let export = #"{"friends_v2": [{"name": "A", "timestamp": 1.7e9}, {"name": "B", "timestamp": null}]}"#
        XCTAssertEqual(
            try FriendsJSON.decode(Data(export.utf8), source: "x").map(\.friendsSince), [1_700_000_000, nil])
        XCTAssertThrowsError(
            try FriendsJSON.decode(Data(#"{"friends_v2": [{"name": "A", "timestamp": 1.5}]}"#.utf8), source: "x")
        ) { XCTAssertEqual(($0 as? SourceError)?.problem, "friends_v2[0].timestamp: expected a whole number") }
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

    func testTheFriendsBeforeAProblemAreDeliveredBeforeItIsTold() throws {
        for (json, ids, problem) in [
            (
                #"{"data": [{"id": "1", "name": "A"}, {"id": "2", "name": "B"}, {"id": 3e0, "name": "C"}]}"#,
                ["1", "2", "3"], nil
            ),
            (
                #"{"data": [{"id": "1", "name": "A"}, {"id": "2", "name": "B"}, {"id": true, "name": "C"}]}"#,
                ["1", "2"], nil
            ),
            (
                #"{"data": [{"id": "1", "name": "A"}, {"id": "2", "name": "B"}, {"id": true, "name": "C"}], x}"#,
                ["1", "2"], "not valid JSON at line 1, column 91: expected a name in quotes"
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

    /// A problem megabytes into a file, long after the bytes before it were read and let go, is
    /// told at its line and column: those the whole text gives, the line ends counted in the
    /// white space and in the values passed over as they were read.
    func testAProblemFarIntoAFileIsToldAtItsLineAndColumn() throws {
        var friends: [String] = []
        for index in 0..<80_000 {
            switch index % 4 {
            case 0: friends.append(#"{"id": "\#(index)", "name": "Friend \#(index)"}"#)
            case 1:
                friends.append("{\n  \"id\": \"\(index)\",\n  \"name\": \"Friend \(index)\"\n}")
            case 2:
                // A value passed over that spans lines.
                friends.append(
                    "{\"id\": \"\(index)\", \"picture\": {\"data\":\n  {\"url\": \"https://x/\(index)\"}\n},\r\n \"name\": \"F\"}"
                )
            default: friends.append("\t{ \"name\" : \"Friend \\u00e9\" , \"id\" : \(index) }")
            }
        }
        let head = "{\"data\": [\n" + friends.joined(separator: ",\n")
        for (tail, reason) in [
            (",\n  {\"id\": \"x\",\n   \"name\": \"Bad\" \"more\"}]}", "expected ',' or '}'"),
            (",\n  {\"id\": \"x\",\n   \"name\": \"Cut", "the end of the file: the JSON stops before it is complete"),
        ] {
            let text = head + tail
            XCTAssertGreaterThan(text.utf8.count, 4 << 20)
            let url = TemporaryFolder.root.appendingPathComponent("far-\(UUID().uuidString).json")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            // The place the whole text gives, counted here byte by byte.
            let bytes = Array(text.utf8)
            let offset = reason.hasPrefix("expected") ? bytes.count - 9 : bytes.count
            let before = bytes[..<offset]
            let line = before.count { $0 == 0x0A } + 1
            let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            XCTAssertEqual(line, 200_003)
            let expected =
                "not valid JSON at line \(line), column \(column)" + (reason.hasPrefix("the end") ? ", " : ": ")
                + reason
            var read = 0
            XCTAssertThrowsError(try FriendsJSON.readPages(path: url.path) { read += $0.friends.count }) {
                XCTAssertEqual(($0 as? SourceError)?.problem, expected)
            }
            XCTAssertEqual(read, 80_000)
            XCTAssertThrowsError(try FriendsJSON.decode(Data(text.utf8), source: "x")) {
                XCTAssertEqual(($0 as? SourceError)?.problem, expected)
            }
        }
    }
}
