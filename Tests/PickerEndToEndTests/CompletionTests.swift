import Foundation
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The shell completions, run by the shells themselves.
final class CompletionTests: XCTestCase {
    private let completions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("completions")

    /// What bash completes for the words of `line` (the last one being completed).
    private func bashCompletes(_ words: [String], file: StaticString = #filePath, line: UInt = #line) throws
        -> [String]
    {
        let script = """
            source \(shellQuoted(completions.appendingPathComponent("picker.bash").path))
            COMP_WORDS=(\(words.map(shellQuoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _picker; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runCommand(URL(fileURLWithPath: "/bin/bash"), ["-c", script])
        assertExit(result, 0, file: file, line: line)
        return result.output.split(separator: "\n").map(String.init)
    }

    func testBashCompletesOptionsAndTheirValues() throws {
        XCTAssertEqual(try bashCompletes(["picker", "--so"]), ["--source", "--sort"])
        XCTAssertEqual(
            try bashCompletes(["picker", "--format", ""]),
            ["names", "ids", "tsv", "json", "mutt", "aerc", "address", "tel", "mutt-to"])
        XCTAssertEqual(try bashCompletes(["picker", "--sort", "l"]), ["last"])
        XCTAssertTrue(try bashCompletes(["picker", "--no"]).contains("--no-mouse"))
    }

    func testBashCompletesTheCommandsAndTheirOptions() throws {
        XCTAssertEqual(try bashCompletes(["picker", "log"]), ["login", "logout"])
        XCTAssertEqual(try bashCompletes(["picker", "--query", "log"]), [], "a command comes first")
        XCTAssertEqual(try bashCompletes(["picker", "login", "--fl"]), ["--flow"])
        XCTAssertEqual(try bashCompletes(["picker", "login", "--flow", ""]), ["rfc8628", "facebook"])
        XCTAssertEqual(try bashCompletes(["picker", "login", "--so"]), [], "picker's options are not login's")
        XCTAssertEqual(try bashCompletes(["picker", "logout", "--"]), ["--cache-dir", "--help"])
    }

    /// What fish completes for the command line `line`, one candidate a line (without the
    /// descriptions).
    private func fishCompletes(_ line: String) throws -> [String] {
        let script =
            "source \(shellQuoted(completions.appendingPathComponent("picker.fish").path)); complete -C \(shellQuoted(line))"
        let result = try runCommand(URL(fileURLWithPath: "/usr/bin/fish"), ["--no-config", "-c", script])
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    func testFishCompletesOptionsAndTheirValues() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            throw XCTSkip("fish is not installed (.ci/run installs it)")
        }
        XCTAssertEqual(try fishCompletes("picker --so"), ["--sort", "--source"])
        XCTAssertEqual(Set(try fishCompletes("picker --format ")), Set(OutputFormat.allCases.map(\.rawValue)))
        XCTAssertEqual(try fishCompletes("picker --sort l"), ["last"])
        XCTAssertTrue(try fishCompletes("picker --no").contains("--no-mouse"))
        XCTAssertEqual(try fishCompletes("picker log"), ["login", "logout"])
        XCTAssertEqual(try fishCompletes("picker login --fl"), ["--flow"])
        XCTAssertEqual(Set(try fishCompletes("picker login --flow ")), ["rfc8628", "facebook"])
        XCTAssertFalse(try fishCompletes("picker login --").contains("--source"), "picker's options are not login's")
    }

    func testZshReadsItsCompletion() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            throw XCTSkip("zsh is not installed (.ci/run installs it)")
        }
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/zsh"), ["-n", completions.appendingPathComponent("_picker").path])
        assertExit(result, 0)
    }
}
