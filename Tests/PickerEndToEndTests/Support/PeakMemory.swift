import Glibc
import XCTest

/// Whether this is a run under AddressSanitizer (`scripts/sanitizers`), whose shadow memory and
/// quarantine multiply what a process holds: peak memory is not checked then.
let runsUnderAddressSanitizer = dlsym(nil, "__asan_init") != nil

/// Checks that a run's peak memory, `peak` bytes, stayed under `limit`, but under
/// AddressSanitizer.
func assertPeakMemory(
    _ peak: Int?, below limit: Int, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    guard !runsUnderAddressSanitizer else { return }
    XCTAssertLessThan(peak ?? .max, limit, message(), file: file, line: line)
}
