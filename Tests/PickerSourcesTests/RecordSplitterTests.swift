import XCTest

@testable import PickerSources
@testable import PickerStore

/// `--read0`: records ended by NUL, cut as lines are, in chunks of any size.
final class RecordSplitterTests: XCTestCase {
    private func records(_ bytes: [UInt8], separator: UInt8, chunk: Int) throws -> [String] {
        var splitter = LineSplitter(maximumLength: 1 << 20, source: "standard input", separator: separator)
        var found: [String] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            try bytes[start..<end].withUnsafeBufferPointer { (piece) throws(SourceError) in
                try splitter.feed(piece) { line, _, _ in found.append(String(decoding: line, as: UTF8.self)) }
            }
            start = end
        }
        try splitter.finish { line, _, _ in found.append(String(decoding: line, as: UTF8.self)) }
        return found
    }

    func testRecordsEndAtNULAndKeepTheirLineBreaks() throws {
        let bytes = Array("Ann\nLee\u{0}Bob\r\n\u{0}Cy".utf8)
        for chunk in [1, 2, 3, 100] {
            XCTAssertEqual(try records(bytes, separator: 0, chunk: chunk), ["Ann\nLee", "Bob\r\n", "Cy"], "\(chunk)")
            XCTAssertEqual(
                try records(bytes, separator: 0x0A, chunk: chunk), ["Ann", "Lee\u{0}Bob", "\u{0}Cy"], "lines, \(chunk)")
        }
    }

    func testMessagesCallARecordARecord() {
        let long = Array("Ann\u{0}".utf8) + Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)
        for (separator, word) in [(UInt8(0), "record"), (0x0A, "line")] {
            XCTAssertThrowsError(try records(long, separator: separator, chunk: 4096)) { error in
                let expected = separator == 0 ? "record 2" : "line 1"
                XCTAssertEqual("\(error)", "standard input: \(expected) is longer than 1 MB", word)
            }
        }
    }
}
