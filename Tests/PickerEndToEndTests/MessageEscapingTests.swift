import XCTest

/// Messages on standard error quote what the user or a file gave: they are escaped too.
final class MessageEscapingTests: XCTestCase {
    func testOptionsAndPathsInMessagesAreEscaped() throws {
        let option = try runPicker(["--\u{1B}]0;PWNED\u{7}"])
        assertExit(option, 2, standardError: #"picker: unknown option '--\x1b]0;PWNED\x07' (see picker --help)"# + "\n")

        let format = try runPicker(["--format", "\u{1B}[2J"])
        assertExit(format, 2)
        XCTAssertTrue(format.standardError.hasSuffix(#"not '\x1b[2J'"# + "\n"), format.standardError)

        let path = try runPicker(["--source", "/nonexistent/\u{1B}[31mred.json", "--filter", ""])
        XCTAssertEqual(path.standardError, #"picker: /nonexistent/\x1b[31mred.json: no such file"# + "\n")
    }
}
