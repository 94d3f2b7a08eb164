import Foundation
import PickerKit
import XCTest

/// The committed fixture `name` of `Tests/Fixtures`: small files made for these tests in the
/// shapes real exporters write.
package func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
}

extension FriendSource {
    /// The friends in the file (or export folder) at `path`, read by its content as a file
    /// source is.
    /// - Throws: ``SourceError`` when the file is missing, unreadable or malformed.
    package static func readFile(_ path: String) throws(SourceError) -> [Friend] {
        var friends: [Friend] = []
        try FileSourceLoader(path: path).load { friends += $0.friends }
        return friends
    }

    /// The friends in the committed fixture `name` (see ``fixture(_:)``), read as a file source is.
    /// - Throws: ``SourceError`` when the fixture is malformed.
    package static func readFixture(_ name: String) throws(SourceError) -> [Friend] {
        try readFile(fixture(name).path)
    }
}

/// What a line reader made of a source: the friends in order, how many entries it skipped and
/// the first of them.
package struct ReadSource: Equatable {
    package var friends: [Friend]
    package var skipped: Int
    package var firstSkipped: SkippedEntry?
}

/// Reads `data` with a fresh reader that `makeReader` makes, from memory and again from a file
/// read a few bytes at a time, and checks that both give the same friends (or the same error):
/// chunk boundaries must not matter.
package func readLines<Reader: LineReader>(
    _ data: Data, chunkSize: Int = 3, file: StaticString = #filePath, line: UInt = #line,
    _ makeReader: (String) -> Reader
) throws -> ReadSource {
    func read(_ input: LineInput, chunkSize: Int) -> Result<ReadSource, SourceError> {
        var reader = makeReader("contacts")
        var result = ReadSource(friends: [], skipped: 0)
        do throws(SourceError) {
            try reader.readAll(input, source: "contacts", chunkSize: chunkSize) { page in
                result.friends += page.friends
                result.skipped += page.skipped
                result.firstSkipped = result.firstSkipped ?? page.firstSkipped
            }
            return .success(result)
        } catch {
            return .failure(error)
        }
    }
    let path = TemporaryFolder.root.appendingPathComponent("picker-lines-\(UUID().uuidString)")
    try data.write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let fromMemory = read(.bytes(data), chunkSize: chunkSize)
    let fromFile = read(.file(path.path), chunkSize: chunkSize)
    XCTAssertEqual(
        String(describing: fromFile), String(describing: fromMemory), "chunked reading differs", file: file,
        line: line)
    return try fromMemory.get()
}

/// The problem a line reader reports for `data`, or nil when it reads it.
package func problem<Reader: LineReader>(_ data: Data, chunkSize: Int = 3, _ makeReader: (String) -> Reader) -> String?
{
    do {
        _ = try readLines(data, chunkSize: chunkSize, makeReader)
        return nil
    } catch let error as SourceError {
        return error.problem
    } catch {
        return "unexpected \(error)"
    }
}
