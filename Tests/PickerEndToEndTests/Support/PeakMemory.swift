import Glibc
import XCTest

/// Checks that a run's peak memory, `peak` bytes, stayed under `limit`, but under a sanitizer.
func assertPeakMemory(
    _ peak: Int?, below limit: Int, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    guard !runsUnderSanitizer else { return }
    XCTAssertLessThan(peak ?? .max, limit, message(), file: file, line: line)
}
