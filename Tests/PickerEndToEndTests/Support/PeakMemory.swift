import Glibc
import XCTest

/// Whether this is a run under AddressSanitizer or ThreadSanitizer (`scripts/sanitizers`), whose
/// shadow memory (and ASan's quarantine) multiply what a process holds: peak memory is not
/// checked then.
let runsUnderSanitizer = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

/// Checks that a run's peak memory, `peak` bytes, stayed under `limit`, but under a sanitizer.
func assertPeakMemory(
    _ peak: Int?, below limit: Int, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
    line: UInt = #line
) {
    guard !runsUnderSanitizer else { return }
    XCTAssertLessThan(peak ?? .max, limit, message(), file: file, line: line)
}
