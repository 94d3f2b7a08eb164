import Foundation
import PickerTestSupport
import XCTest

/// A redraw reaches the terminal in one write, not one per line: each write wakes the terminal,
/// which may show half a frame, and costs a system call on both sides.
final class FrameOutputTests: XCTestCase {
    func testEachKeyIsDrawnInOneOrTwoWrites() throws {
        let directory = TemporaryFolder.root.appendingPathComponent("writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("trace").path
        let picker = try PickerPaths.picker().path
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("sample-friends.json").path
        // The bench types the 44 keys of its queries and the key that opens the search, each
        // after the previous redraw is over, then Ctrl-C.
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/strace"),
            [
                "-f", "-e", "trace=write,execve", "-o", trace, try PickerPaths.product("picker-bench").path, "keys",
                "--picker", picker, "--source", sample, "--runs", "1", "--no-in-process",
            ], timeout: 120)
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let started = try XCTUnwrap(lines.first { $0.contains("execve(\"\(picker)\"") && $0.hasSuffix("= 0") })
        let pid = try XCTUnwrap(started.split(separator: " ").first)
        // strace pads short process ids: `812   write(…`.
        let writes = lines.filter { line in
            let fields = line.split(separator: " ", maxSplits: 1)
            return fields.first == pid && fields.last?.trimmingCharacters(in: .whitespaces).hasPrefix("write(") == true
        }
        // One write per redraw; the key that shows the text cursor flushes once more. A few
        // more set the terminal up and restore it.
        XCTAssertGreaterThan(writes.count, 45)
        XCTAssertLessThanOrEqual(writes.count, 2 * 45 + 20, writes.joined(separator: "\n"))
    }
}
