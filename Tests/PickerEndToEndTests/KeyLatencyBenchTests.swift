import Foundation
import Glibc
import PickerTestSupport
import XCTest

/// `picker-bench keys` times the real picker on a pseudo-terminal, and refuses to time a picker
/// that does not draw what was typed: one that hangs, one that draws something else, one that
/// exits. It never hangs itself, and leaves no child behind.
final class KeyLatencyBenchTests: XCTestCase {
    private let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-friends.json").path

    /// The queries the bench types, and the query after each key: every character, two
    /// backspaces, the last two characters again, Ctrl-U.
    private static let queries = ["maria", "lee smith", "zz", "josé", "王"]
    private static func queriesAfterEachKey(_ query: String) -> [String] {
        let typed = (1...query.count).map { String(query.prefix($0)) }
        let erased = (1...min(2, query.count)).map { String(query.dropLast($0)) }
        let again = query.count >= 2 ? [String(query.dropLast()), query] : [query]
        return typed + erased + again + [""]
    }

    private func runBench(picker: String, timeout: TimeInterval = 60, json: String? = nil) throws -> CommandResult {
        var arguments = ["keys", "--picker", picker, "--source", sample, "--runs", "1", "--no-in-process"]
        if let json { arguments += ["--json", json, "--steps"] }
        return try runCommand(try PickerPaths.product("picker-bench"), arguments, timeout: timeout)
    }

    func testEveryKeyOfTheBenchmarkQueriesIsTimedOnTheRealPicker() throws {
        let json = TemporaryFolder.root.appendingPathComponent("keys-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let result = try runBench(picker: try PickerPaths.picker().path, json: json.path)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.output.contains("| 176 | JSON | every key of the queries | 44 |"), result.output)
        // With --steps, each key on its own: the key, the query it leaves and the friends shown.
        XCTAssertTrue(result.output.contains("| ⌫ → `mari` | "), result.output)
        XCTAssertTrue(result.output.contains("| ^U → `` | 176 | "), result.output)

        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        let run = try XCTUnwrap((results.first?["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["friends"] as? Int, 176)
        let steps = try XCTUnwrap(run["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.compactMap { $0["queryAfter"] as? String }, Self.queries.flatMap(Self.queriesAfterEachKey))
        for step in steps {
            let latency = try XCTUnwrap(step["latency"] as? Double)
            XCTAssertTrue(latency > 0 && latency < 5, "\(step)")
            XCTAssertGreaterThan(try XCTUnwrap(step["bytes"] as? Int), 0, "\(step)")
        }
        // The counts the screen showed after each whole query are the friends the query finds.
        for query in Self.queries {
            let filtered = try runCommand(try PickerPaths.picker(), ["--source", sample, "--filter", query])
            let found = filtered.output.split(separator: "\n").count
            let whole = steps.first { $0["query"] as? String == query && $0["queryAfter"] as? String == query }
            XCTAssertEqual(whole?["shown"] as? Int, found, query)
        }
    }

    /// A stand-in for the picker: a shell script drawing `title` and a search bar, then doing
    /// `rest`; its process id is written next to it.
    private func fakePicker(
        title: String = "Select Friends   176/176 · 0 selected", _ rest: String
    ) throws -> (path: String, pidFile: String) {
        let directory = TemporaryFolder.root.appendingPathComponent("fake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("picker")
        let pidFile = directory.appendingPathComponent("pid").path
        try """
        #!/bin/sh
        exec </dev/tty >/dev/tty
        stty raw -echo
        echo $$ > \(pidFile)
        printf '\(title)\\r\\n/ to search'
        \(rest)

        """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return (script.path, pidFile)
    }

    private func assertGone(pidFile: String, line: UInt = #line) throws {
        let pid = try XCTUnwrap(
            Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, 0), -1, "the fake picker \(pid) still runs", line: line)
    }

    func testAPickerThatStopsDrawingFailsTheRunWithinTheKeyDeadline() throws {
        let fake = try fakePicker("exec sleep 600")
        let began = Date()
        let result = try runBench(picker: fake.path, timeout: 30)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("no redraw within 5.0 s of '/'"), result.standardError)
        XCTAssertLessThan(Date().timeIntervalSince(began), 20)
        try assertGone(pidFile: fake.pidFile)
    }

    func testAPickerThatStopsWhileLoadingFailsTheRun() throws {
        // As the picker titles a source that gave no total, and one that did.
        for title in [
            "Select Friends ⠋ loading…   1000/1000 · 0 selected",
            "Select Friends ⠋ loading 1000/5000   1000/1000 · 0 selected",
        ] {
            let fake = try fakePicker(title: title, "exec sleep 600")
            let result = try runBench(picker: fake.path, timeout: 30)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(
                result.standardError.contains("not loaded within 120.0 s, or no output for 5.0 s"), result.standardError
            )
            try assertGone(pidFile: fake.pidFile)
        }
    }

    func testAPickerThatDrawsSomethingElseFailsTheRun() throws {
        // `cat` sends each key back: the screen changes, but not into a search.
        let fake = try fakePicker("exec cat")
        let result = try runBench(picker: fake.path, timeout: 30)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.standardError.contains("after '/' the search line reads '/ to search/', not '/'"),
            result.standardError)
        try assertGone(pidFile: fake.pidFile)
    }

    func testThePickerKeepsNothingInTheUsersDirectories() throws {
        let recorded = TemporaryFolder.root.appendingPathComponent("bench-env-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: recorded) }
        let fake = try fakePicker("env > \(shellQuoted(recorded.path)); exit 3")
        XCTAssertEqual(try runBench(picker: fake.path, timeout: 30).status, 2)
        let lines = try String(contentsOf: recorded, encoding: .utf8).split(separator: "\n")
        let home = try XCTUnwrap(ProcessInfo.processInfo.environment["HOME"])
        for variable in ["XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"] {
            let value = try XCTUnwrap(lines.first { $0.hasPrefix(variable + "=") }?.dropFirst(variable.count + 1))
            XCTAssertTrue(value.hasPrefix(TemporaryFolder.root.path), "\(variable)=\(value)")
            XCTAssertFalse(value.hasPrefix(home + "/"), "\(variable)=\(value)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: String(value)), "\(variable): removed after the run")
        }
    }

    func testAPickerThatExitsFailsTheRun() throws {
        let fake = try fakePicker("exit 3")
        let result = try runBench(picker: fake.path, timeout: 30)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("the program stopped (exit status 3)"), result.standardError)
    }
}
