import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Plain text read in pages against the reader of standard input.
final class NameLinesTests: XCTestCase {
    func testPagesHoldTheFriendsStandardInputWouldGive() throws {
        var random = SplitMix64(seed: 4)
        let pieces: [[UInt8]] = [
            Array("Ada".utf8), Array("Zoë Kim".utf8), [0x0D], [0x0A], [0x0A], [0x20], [0x09], Array("\u{a0}".utf8),
            Array("王".utf8),
        ]
        for _ in 0..<300 {
            let bytes = (0..<Int(random.next() % 12)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            var paged: [Friend] = []
            try NameLines.readPages(Data(bytes), source: "standard input", firstPage: 1, largestPage: 2) {
                paged += $0.friends
            }
            XCTAssertEqual(
                paged, try FriendSource.friends(fromStandardInput: Data(bytes)),
                String(decoding: bytes, as: UTF8.self).debugDescription)
        }
    }

    func testTheLineFilterFindsWhatTheListFinds() throws {
        var random = SplitMix64(seed: 6)
        let words = [
            "Ann", "anna", "Zoë", "zoe", "José", "Łukasz", "王", "Анна", " ", "\u{a0}", "\t", "e\u{301}", "son",
            "Johnson",
            "ß", "\u{1b}[31m", "\u{202e}", "Ǆ", "\u{0}", "O'Brien", "Jean-", "St.", "Ægir", "क्षि", "a\u{941}",
        ]
        let lines = (0..<3000).map { _ in
            (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined()
        }
        let data = Data(lines.joined(separator: random.next() % 2 == 0 ? "\n" : "\r\n").utf8)
        for sortOrder in NameOrder.allCases {
            var list = FriendList(sortOrder: sortOrder)
            try NameLines.readPages(data, source: "standard input") { list.append($0.friends) }
            for query in [
                "", "a", "an", "zoe", "zoë", "son john", "łu", "王", "xyz", "anna ann", "é", "ss", "ǆ", "e\u{301}",
                "^an",
                "son$", "!a", "!^z an", "^王", "obrien", "jeanst", "o'b", "aegir", "stann",
            ] {
                let expected = FriendFilter.matches(in: list, query, ranked: true)
                let found = try LineFilter.matches(
                    in: data, source: "standard input", matching: query, sortOrder: sortOrder)
                XCTAssertEqual(found.friends, expected, "query \(query.debugDescription), sort \(sortOrder)")
                XCTAssertEqual(
                    found.friends.map(\.id), ReferenceSearch.ranked(list, query: query).map { list.friends[$0].id },
                    "the reference, query \(query.debugDescription)")
                let inParts = try LineFilter.matches(
                    in: data, source: "standard input", matching: query, sortOrder: sortOrder, partMinimum: 64)
                XCTAssertEqual(inParts.friends, expected, "in parts of 64 bytes, query \(query.debugDescription)")
                let inListOrder = try LineFilter.matches(
                    in: data, source: "standard input", matching: query, sortOrder: sortOrder, ranked: false)
                XCTAssertEqual(
                    inListOrder.friends, list.positions(matching: SearchQuery(query)).map { list.friends[$0] },
                    "not ranked, query \(query.debugDescription)")
                for format in OutputFormat.allCases {
                    for toTerminal in [true, false] {
                        XCTAssertEqual(
                            format.render(found, print0: false, toTerminal: toTerminal),
                            format.render(expected, print0: false, toTerminal: toTerminal), "\(format)")
                    }
                }
            }
        }
        XCTAssertThrowsError(
            try LineFilter.matches(in: Data([0x41, 0x0A, 0xFF]), source: "standard input", matching: "a")
        ) { error in
            XCTAssertEqual(
                (error as? SourceError)?.description, "standard input: line 2 is not valid UTF-8 (byte offset 2)")
        }
        // A bad line in a later part is numbered and placed in the whole text.
        var text = Data(String(repeating: "Ann Lee\n", count: 40).utf8)
        text += Data([0x42, 0x6F, 0xC3, 0x28, 0x0A]) + Data(String(repeating: "Bo Kim\n", count: 40).utf8)
        XCTAssertThrowsError(try LineFilter.matches(in: text, source: "standard input", matching: "", partMinimum: 64))
        { error in
            XCTAssertEqual(
                (error as? SourceError)?.description, "standard input: line 41 is not valid UTF-8 (byte offset 322)")
        }
        XCTAssertThrowsError(try NameLines.readPages(text, source: "standard input") { _ in }) { error in
            XCTAssertEqual(
                (error as? SourceError)?.description, "standard input: line 41 is not valid UTF-8 (byte offset 322)")
        }
    }

    /// Enough matches to be printed in pieces, one per core: the pieces join into the output
    /// the friends would give, JSON commas included.
    func testManyMatchesPrintInPiecesAsTheFriendsWould() throws {
        let names = (0..<40_000).map { "Name\($0 % 997) \u{1b}Kim\\\($0)" }
        let matches = try LineFilter.matches(
            in: Data(names.joined(separator: "\n").utf8), source: "standard input", matching: "")
        let friends = matches.friends
        XCTAssertEqual(friends.count, 40_000)
        for format in OutputFormat.allCases {
            for print0 in [false, true] {
                for toTerminal in [true, false] {
                    XCTAssertEqual(
                        format.render(matches, print0: print0, toTerminal: toTerminal),
                        format.render(friends, print0: print0, toTerminal: toTerminal), "\(format)")
                }
            }
        }
    }

    /// A list saved on classic Mac OS ends its lines with CR alone: each CR ends a name, as
    /// the first line end tells, read whole, in chunks, and by the `--filter` line scan alike;
    /// an LF there ends a line too.
    func testLinesEndedByCRAloneAreOneNameEach() throws {
        let data = Data("Ann Lee\rBob Kim\r\rZoë Öz\r\nCy\r".utf8)
        var friends: [Friend] = []
        try NameLines.readPages(data, source: "names.txt") { friends += $0.friends }
        XCTAssertEqual(friends.map(\.name), ["Ann Lee", "Bob Kim", "Zoë Öz", "Cy"])
        XCTAssertEqual(friends.map(\.id), ["1", "2", "4", "6"])
        let path = TemporaryFolder.root.appendingPathComponent("picker-cr-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try data.write(to: URL(fileURLWithPath: path))
        for chunkSize in 1...9 {
            var chunked: [Friend] = []
            try NameLines.readPages(path: path, chunkSize: chunkSize) { chunked += $0.friends }
            XCTAssertEqual(chunked, friends, "chunks of \(chunkSize)")
        }
        var lastField = NameFields()
        lastField.searched = try FieldList("2", option: "--nth")
        for (fields, expected) in [(NameFields(), ["2", "4"]), (lastField, ["4"])] {
            let found = try LineFilter.matches(
                in: data, source: "names.txt", matching: "o", fields: fields, ranked: false)
            XCTAssertEqual(found.friends.map(\.id), expected, "\(fields)")
        }
        let all = try LineFilter.matches(in: data, source: "names.txt", matching: "", ranked: false)
        XCTAssertEqual(all.friends, friends.sorted { $0.name < $1.name })
        XCTAssertEqual(
            try LineFilter.matches(in: Data("Ann\rBob\r".utf8), source: "names.txt", matching: "bob").friends.map(\.id),
            ["2"])
    }

    /// `--filter` over a text file takes the line scan standard input takes (nothing loaded into
    /// a list), and finds what it finds; a file in another format is read as it is (a JSON
    /// document's names alone ordered as lines), and an empty one refused, as before.
    func testATextFileIsSearchedAsStandardInputIs() throws {
        let folder = try TemporaryFolder.make("text-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Data((FriendsJSON.byteOrderMark + Array("Ann Lee\n\nZoë Kim\r\nann lee\nBob\n".utf8)))
        let path = folder.appendingPathComponent("names.txt").path
        try text.write(to: URL(fileURLWithPath: path))
        let found = try FriendFilter.matches(
            in: .file(path), matching: "an", sortOrder: .first, token: nil, timeout: 1
        ).matches
        guard case .lines(let lines) = found else { return XCTFail("the line scan, not a list: \(found)") }
        let piped = try LineFilter.matches(
            in: FriendsJSON.withoutByteOrderMark(text), source: path, matching: "an")
        XCTAssertEqual(lines.friends, piped.friends)
        XCTAssertEqual(lines.friends.map(\.id), ["1", "4"])

        let json = folder.appendingPathComponent("friends.json").path
        try Data(#"{"data": [{"id": "7", "name": "Ann Lee"}]}"#.utf8).write(to: URL(fileURLWithPath: json))
        let loaded = try FriendFilter.matches(
            in: .file(json), matching: "an", sortOrder: .first, token: nil, timeout: 1
        ).matches
        // Names alone, ordered as lines are, each with its id.
        guard case .lines(let names) = loaded else { return XCTFail("names alone: \(loaded)") }
        XCTAssertEqual(names.friends.map(\.id), ["7"])

        let empty = folder.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        XCTAssertThrowsError(
            try FriendFilter.matches(in: .file(empty), matching: "an", sortOrder: .first, token: nil, timeout: 1)
        ) { error in
            XCTAssertEqual((error as? SourceError)?.problem.hasPrefix("is empty"), true, "\(error)")
        }
    }

    /// `--input text` takes the line scan for a file that looks like a CSV; `--input json`
    /// reads a text file as JSON, and fails naming it.
    func testTheDeclaredFormatDecidesTheLineScan() throws {
        let folder = try TemporaryFolder.make("declared-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("names.txt").path
        try Data("Lee, Ann, Dr.\nStone, Bob, Mr.\n".utf8).write(to: URL(fileURLWithPath: path))
        let found = try FriendFilter.matches(
            in: .file(path), matching: "ann", sortOrder: .first, input: .text, token: nil, timeout: 1
        ).matches
        guard case .lines(let lines) = found else { return XCTFail("the line scan, not a list: \(found)") }
        XCTAssertEqual(lines.friends.map(\.name), ["Lee, Ann, Dr."])

        let names = folder.appendingPathComponent("plain.txt").path
        try Data("Ann Lee\nBob Stone\n".utf8).write(to: URL(fileURLWithPath: names))
        XCTAssertThrowsError(
            try FriendFilter.matches(
                in: .file(names), matching: "ann", sortOrder: .first, input: .json, token: nil, timeout: 1)
        ) { error in
            XCTAssertEqual((error as? SourceError)?.source, names, "\(error)")
        }
    }

    func testALineThatIsNotUTF8IsNamed() {
        XCTAssertThrowsError(
            try NameLines.readPages(Data([0x41, 0x0A, 0x42, 0xFF, 0x0A]), source: "standard input") { _ in }
        ) { error in
            XCTAssertEqual(
                (error as? SourceError)?.description, "standard input: line 2 is not valid UTF-8 (byte offset 3)")
        }
    }

    /// A file read a few bytes at a time (the first chunk holds a byte-order mark whole), lines
    /// cut across the chunks, gives the friends, and the error, of the same bytes read whole;
    /// the friends before a bad line are delivered.
    func testAFileReadInChunksGivesWhatItsBytesGive() throws {
        var random = SplitMix64(seed: 9)
        let pieces: [[UInt8]] = [
            Array("Ada".utf8), Array("Zoë Kim".utf8), [0x0D], [0x0A], [0x0A], [0x20], Array("王".utf8), [0xFF],
            FriendsJSON.byteOrderMark, Array("e\u{301}".utf8),
        ]
        let path = TemporaryFolder.root.appendingPathComponent("picker-lines-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        for round in 0..<400 {
            var bytes = round % 3 == 0 ? FriendsJSON.byteOrderMark : []
            bytes += (0..<Int(random.next() % 16)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            func read(_ body: ((FriendPage) -> Void) throws(SourceError) -> Void) -> ([Friend], String?) {
                var friends: [Friend] = []
                do {
                    try body { friends += $0.friends }
                    return (friends, nil)
                } catch {
                    return (friends, error.problem)
                }
            }
            let whole = read { (deliver) throws(SourceError) in
                try NameLines.readPages(Data(bytes), source: path, firstPage: 1, largestPage: 2, deliver)
            }
            let chunked = read { (deliver) throws(SourceError) in
                try NameLines.readPages(
                    path: path, firstPage: 1, largestPage: 2, chunkSize: 3 + Int(random.next() % 5), deliver)
            }
            XCTAssertEqual(chunked.0, whole.0, bytes.description)
            XCTAssertEqual(chunked.1, whole.1, bytes.description)
        }
    }

    /// Text through a pipe, written a few bytes at a time (so that the reader finds the pipe
    /// empty and delivers what came before), its start read to tell its format and then the
    /// rest, gives the friends, and the error, of the same bytes read whole.
    func testTextThroughAPipeGivesWhatItsBytesGive() throws {
        var random = SplitMix64(seed: 10)
        let pieces: [[UInt8]] = [
            Array("Ada".utf8), Array("Zoë Kim".utf8), [0x0D], [0x0A], [0x0A], [0x20], Array("王".utf8), [0xFF],
            FriendsJSON.byteOrderMark, Array("e\u{301}".utf8),
        ]
        for round in 0..<150 {
            var bytes = round % 3 == 0 ? FriendsJSON.byteOrderMark : []
            bytes += (0..<Int(random.next() % 16)).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let step = 1 + Int(random.next() % 4)
            var ends: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&ends), 0)
            let rest = bytes
            let writeEnd = ends[1]
            let writer = Thread {
                for start in stride(from: 0, to: rest.count, by: step) {
                    let piece = Array(rest[start..<min(start + step, rest.count)])
                    _ = piece.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                    usleep(200)
                }
                close(writeEnd)
            }
            writer.start()
            var piped: [Friend] = []
            var pipedError: String?
            var seen: [UInt8] = []
            let see = { (chunk: UnsafeBufferPointer<UInt8>) in seen += chunk }
            do {
                let input = try InputFile.reading(ends[0], name: "standard input")
                try input.observing(see) { () throws(SourceError) in
                    let head = try StandardInput.readHead(input)
                    try NameLines.readPages(head: head, input: input, firstPage: 1, largestPage: 2, chunkSize: 3) {
                        piped += $0.friends
                    }
                }
            } catch {
                pipedError = error.problem
            }
            // The writer may still be writing after an error: the pipe is read to its end.
            var drain = [UInt8](repeating: 0, count: 64)
            while read(ends[0], &drain, drain.count) > 0 {}
            close(ends[0])
            var whole: [Friend] = []
            var wholeError: String?
            do {
                try NameLines.readPages(Data(bytes), source: "standard input", firstPage: 1, largestPage: 2) {
                    whole += $0.friends
                }
            } catch {
                wholeError = error.problem
            }
            XCTAssertEqual(piped, whole, bytes.description)
            XCTAssertEqual(pipedError, wholeError, bytes.description)
            if pipedError == nil { XCTAssertEqual(seen, bytes, "every byte read is seen, in order") }
        }
    }
}
