import Foundation
import XCTest

/// Checks that a command run to its end exited with `status` and, where given, wrote exactly
/// `output` on standard output and `standardError` on standard error. A wrong status shows
/// what the command wrote on standard error; every failure points at the caller's line.
func assertExit(
    _ result: CommandResult, _ status: Int32, output: String? = nil, standardError: String? = nil,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    checkExit(
        (result.status, result.output, result.standardError), status, output: output, standardError: standardError,
        message(), file: file, line: line)
}

extension TmuxSession {
    /// Waits for the picker to exit (see ``waitForExit(timeout:file:line:)``) and checks that it
    /// exited with `status` and, where given, wrote exactly `output` on standard output and
    /// `standardError` on standard error; returns what it left, for further checks.
    @discardableResult
    func assertExit(
        _ status: Int32, output: String? = nil, standardError: String? = nil,
        _ message: @autoclosure () -> String = "", timeout: TimeInterval = defaultTimeout,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (status: Int32, output: String, errors: String) {
        let result = try waitForExit(timeout: timeout, file: file, line: line)
        checkExit(result, status, output: output, standardError: standardError, message(), file: file, line: line)
        return result
    }
}

/// The checks of both `assertExit`s on what a process left.
private func checkExit(
    _ result: (status: Int32, output: String, errors: String), _ status: Int32, output: String?,
    standardError: String?, _ message: String, file: StaticString, line: UInt
) {
    let errors = result.errors.isEmpty ? nil : "standard error: \(result.errors)"
    let statusMessage = [message, errors].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")
    XCTAssertEqual(result.status, status, statusMessage, file: file, line: line)
    if let output { XCTAssertEqual(result.output, output, message, file: file, line: line) }
    if let standardError { XCTAssertEqual(result.errors, standardError, message, file: file, line: line) }
}
