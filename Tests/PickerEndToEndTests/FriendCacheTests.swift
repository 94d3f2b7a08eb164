import Foundation
import Glibc
import PickerTestSupport
import XCTest

/// A live session's friends cached between runs: shown at once by the next run while the
/// service is asked again, then replaced in one step; kept when the service cannot be reached;
/// removed when it rejects the session; never trusted when it is not whole or not the user's.
final class FriendCacheTests: GraphTestCase {
    /// The directory holding the cache (`cache/picker`) and the picks (`state/picker`) of every
    /// run of the test.
    private var keeping: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        keeping = TemporaryFolder.root.appendingPathComponent("picker-keep-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: keeping)
        super.tearDown()
    }

    /// The environment of every run: the cache, the picks and the stored session in
    /// ``keeping``.
    private var environment: [String: String?] { cleanEnvironment(keepingIn: keeping) }

    private var cacheDirectory: URL { keeping.appendingPathComponent("cache/picker") }

    /// The cache files there are.
    private func cacheFiles() throws -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path)) ?? []
        return names.sorted().map { cacheDirectory.appendingPathComponent($0) }
    }

    /// The one cache file, which must be there.
    private func cacheFile(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let files = try cacheFiles()
        XCTAssertEqual(files.count, 1, "one cache file: \(files)", file: file, line: line)
        return try XCTUnwrap(files.first, file: file, line: line)
    }

    /// A picker on `url` with the test's session, cache and picks.
    private func startPicker(
        _ url: String, _ extra: [String] = [], rows: Int = 24, file: StaticString = #filePath, line: UInt = #line,
        readyWhen ready: @escaping (Screen) -> Bool
    ) throws -> TmuxSession {
        try startPicker(
            ["--session-file", sessionFile, "--source", url] + extra, rows: rows,
            environment: Self.networkVariablesUnset.merging(environment) { $1 }, file: file, line: line,
            readyWhen: ready)
    }

    /// The ids `--offline --filter ''` prints from the cache, or the failure.
    private func offlineIDs(_ url: String) throws -> CommandResult {
        try filterAll(url, ["--offline"], environment: environment)
    }

    private static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try XCTUnwrap(attributes[.posixPermissions] as? Int)
    }

    func testTheNextRunShowsTheCachedListAtOnceThenTheRefreshedOneKeepingCursorAndSelection() throws {
        let key = UUID().uuidString
        let url = try graph().url("revised", key: key)
        // The first run loads friends 1-8 and caches them when it ends (picking nobody for
        // "Recent"); a permissive umask changes nothing of the modes.
        let first = killedAtTheEnd(
            try TmuxSession(
                arguments: ["--session-file", sessionFile, "--source", url, "--no-history"],
                environment: Self.networkVariablesUnset.merging(environment) { $1 }, before: "umask 000"))
        try first.waitForScreen("everyone loaded") { $0.counts == "8/8 · 0 selected" && !$0.title.contains("loading") }
        try first.press("Enter")
        try first.assertExit(0, output: "Bea Graph01\n")
        let cache = try cacheFile()
        XCTAssertTrue(cache.lastPathComponent.hasPrefix("friends-") && cache.lastPathComponent.hasSuffix(".cache"))
        XCTAssertFalse(cache.path.contains(Self.token))
        XCTAssertEqual(try Self.mode(cache), 0o600, "the file is the user's alone")
        XCTAssertEqual(try Self.mode(cacheDirectory), 0o700, "the directory is the user's alone")
        XCTAssertNil(try Data(contentsOf: cache).range(of: Data(Self.token.utf8)), "no token in the file")

        // The second run shows the cached list while the service holds its answer back; the
        // screen is shorter than the list, so that its rows can stay where they were.
        let picker = try startPicker(url, rows: 9) {
            $0.title.contains("cached a moment ago · refreshing") && $0.counts == "8/8 · 0 selected"
        }
        XCTAssertEqual(try picker.screen().cursorName, "Bea Graph01")
        try picker.press("Space")  // Bea, whom the service no longer lists
        try picker.press("Down", "Down", "Space")  // Dov, who stays
        try picker.press("Down")
        try picker.waitForScreen("two selected, the cursor on Eun") {
            $0.counts == "8/8 · 2 selected" && $0.cursorName == "Eun Graph04"
        }
        let row = try picker.screen().lines.firstIndex { $0.hasPrefix("> ") }

        try graph().openGate(key: key, page: 2)
        let refreshed = try picker.waitForScreen("the refreshed list") {
            !$0.title.contains("cached") && $0.counts == "8/8 · 1 selected"
        }
        XCTAssertEqual(refreshed.cursorName, "Eun Graph04", "the cursor stays on its friend")
        XCTAssertEqual(refreshed.lines.firstIndex { $0.hasPrefix("> ") }, row, "and on its row")
        XCTAssertEqual(refreshed.helpLine, "⚠ Bea Graph01 is no longer among your friends: deselected")
        try picker.press("Home")
        try picker.waitForScreen("the top of the list") { $0.cursorName == "Cai Graph02" }
        XCTAssertEqual(try picker.screen().selectedNames, ["Dov Graph03"], "Bea is gone, Dov stays selected")
        try picker.press("End")
        try picker.waitForScreen("the new friend last") { $0.cursorName == "Jun Graph09" }
        try picker.press("Enter")
        try picker.assertExit(0, output: "Dov Graph03\n")

        // The refreshed list is cached in place of the old one.
        assertExit(try offlineIDs(url), 0, output: (9002...9009).map { "\($0)\n" }.joined())
        XCTAssertEqual(try cacheFiles().count, 1, "no temporary file left")
    }

    func testAListReadWholeIsCachedEvenWhenASignalEndsThePicker() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, 129)] {
            let url = try graph().url("pages")
            let picker = try startPicker(url, ["--no-history"]) {
                $0.counts == "5/5 · 0 selected" && !$0.title.contains("loading")
            }
            try picker.send(signal: signal)
            try picker.assertExit(status, output: "")
            assertExit(
                try offlineIDs(url), 0, output: (9001...9005).map { "\($0)\n" }.joined(), standardError: "",
                "signal \(signal): the list was cached as soon as it was whole")
            for cache in try cacheFiles() { try FileManager.default.removeItem(at: cache) }
        }
    }

    func testWhenTheServiceCannotBeReachedTheCachedListStaysWithAWarningAndEnterWorks() throws {
        let url = try graph().url("outage")
        assertExit(try filterAll(url, environment: environment), 0)
        let picker = try startPicker(url) { $0.helpLine.hasPrefix("⚠ offline: list from a moment ago · ") }
        let screen = try picker.screen()
        XCTAssertEqual(screen.counts, "8/8 · 0 selected")
        XCTAssertTrue(screen.title.hasPrefix("Select Friends · cached a moment ago"), screen.title)
        XCTAssertTrue(screen.helpLine.contains("the connection was dropped"), screen.helpLine)
        try picker.press("Down")
        try picker.waitForScreen("the cursor moved") { $0.cursorName == "Cai Graph02" }
        XCTAssertTrue(try picker.screen().helpLine.hasPrefix("⚠ offline: "), "the warning lasts")
        try picker.press("Enter")
        try picker.assertExit(0, output: "Cai Graph02\n")
        assertExit(try offlineIDs(url), 0, output: (9001...9008).map { "\($0)\n" }.joined(), "the cache is kept")
    }

    func testARejectedSessionRemovesItsCacheAndExits3() throws {
        let url = try graph().url("revoked")
        assertExit(try filterAll(url, environment: environment), 0)
        _ = try cacheFile()
        let picker = killedAtTheEnd(
            try TmuxSession(
                arguments: ["--session-file", sessionFile, "--source", url],
                environment: Self.networkVariablesUnset.merging(environment) { $1 }))
        let ended = try picker.assertExit(3, output: "")
        XCTAssertTrue(ended.errors.contains("the session was rejected"), ended.errors)
        XCTAssertTrue(ended.errors.contains("Log in again"), ended.errors)
        XCTAssertEqual(try cacheFiles(), [], "the rejected session's friends are not kept")

        // --filter does the same.
        let other = try graph().url("revoked")
        assertExit(try filterAll(other, environment: environment), 0)
        _ = try cacheFile()
        assertExit(try filterAll(other, environment: environment), 3)
        XCTAssertEqual(try cacheFiles(), [])
    }

    func testSelectOneAndExitZeroAskTheServiceUnlessOffline() throws {
        for option in ["--select-1", "--exit-0"] {
            let url = try graph().url("revoked")
            assertExit(try filterAll(url, environment: environment), 0)
            _ = try cacheFile()
            let query = option == "--exit-0" ? "zed" : "bea"
            let asked = try runPicker(
                ["--session-file", sessionFile, "--source", url, option, "--query", query],
                environment: Self.networkVariablesUnset.merging(environment) { $1 })
            assertExit(asked, 3, output: "", "\(option) asks the service, which rejects the session")
            XCTAssertTrue(asked.standardError.contains("the session was rejected"), asked.standardError)
            XCTAssertEqual(try cacheFiles(), [], "\(option): the rejected session's friends are not kept")
        }

        let url = try graph().url("revoked")
        assertExit(try filterAll(url, environment: environment), 0)
        let requests = try graph().requests().count
        let one = try runPicker(
            ["--session-file", sessionFile, "--source", url, "--offline", "--select-1", "--query", "bea"],
            environment: Self.networkVariablesUnset.merging(environment) { $1 })
        assertExit(one, 0, output: "Bea Graph01\n", standardError: "", "--offline --select-1 uses the cache")
        let none = try runPicker(
            ["--session-file", sessionFile, "--source", url, "--offline", "--exit-0", "--query", "zed"],
            environment: Self.networkVariablesUnset.merging(environment) { $1 })
        assertExit(none, 1, output: "", standardError: "", "--offline --exit-0 uses the cache")
        XCTAssertEqual(try graph().requests().count, requests, "--offline asks the service nothing")
    }

    func testNoCacheNeitherReadsNorWrites() throws {
        let url = try graph().url("outage")
        assertExit(try filterAll(url, environment: environment), 0)
        let cache = try cacheFile()
        let before = try Data(contentsOf: cache)
        // Without the cache, the service failing is the end, as it is on a first run.
        let picker = killedAtTheEnd(
            try TmuxSession(
                arguments: ["--session-file", sessionFile, "--source", url, "--no-cache"],
                environment: Self.networkVariablesUnset.merging(environment) { $1 }))
        let ended = try picker.assertExit(2, output: "")
        XCTAssertTrue(ended.errors.hasPrefix("picker: \(url)"), ended.errors)
        XCTAssertEqual(try Data(contentsOf: cache), before, "--no-cache leaves the cache as it was")

        assertExit(try filterAll(try graph().url("pages"), ["--no-cache"], environment: environment), 0)
        XCTAssertEqual(try cacheFiles(), [cache], "--no-cache writes nothing")

        let refused = try runPicker(
            ["--session-file", sessionFile, "--source", url, "--offline", "--no-cache"], environment: environment)
        assertExit(refused, 2)
        XCTAssertTrue(refused.standardError.contains("--no-cache turns off"), refused.standardError)
    }

    func testOfflineWithoutACacheExitsWithAMessage() throws {
        let url = try graph().url("pages")
        let result = try offlineIDs(url)
        assertExit(result, 2, output: "")
        XCTAssertTrue(
            result.standardError.contains("no cached friends of this source and session"), result.standardError)
        XCTAssertEqual(try graph().requests().count, 0, "--offline asks the service nothing")
        let file = try runPicker(["--source", PickerPaths.sample, "--offline", "--filter", ""])
        assertExit(file, 2)
        XCTAssertTrue(file.standardError.contains("is not one"), file.standardError)
    }

    func testTheCacheDirectoryOptionAndVariableChooseWhereTheCacheIs() throws {
        let url = try graph().url("pages")
        let chosen = keeping.appendingPathComponent("chosen")
        let variable = keeping.appendingPathComponent("variable")
        assertExit(try filterAll(url, ["--cache-dir", chosen.path], environment: environment), 0)
        assertExit(try filterAll(url, environment: environment.merging(["PICKER_CACHE_DIR": variable.path]) { $1 }), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: chosen.path).count, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: variable.path).count, 1)
        XCTAssertEqual(try cacheFiles(), [], "nothing in XDG_CACHE_HOME")
        assertExit(try filterAll(url, ["--offline", "--cache-dir", chosen.path], environment: environment), 0)
    }

    /// Runs `--filter` with a cache file that `spoil` made unusable: it is ignored with a
    /// one-line warning saying `why`, and replaced by a whole one.
    private func assertIgnoredAndReplaced(
        saying why: String, file: StaticString = #filePath, line: UInt = #line, _ spoil: (URL) throws -> Void
    ) throws {
        let url = try graph().url("pages")
        assertExit(try filterAll(url, environment: environment), 0, file: file, line: line)
        let cache = try cacheFile(file: file, line: line)
        try spoil(cache)
        let offline = try offlineIDs(url)
        assertExit(offline, 2, output: "", file: file, line: line)
        let warning = offline.standardError.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertEqual(
            warning, "picker: \(cache.path) \(why); ignored, and replaced once the friends are read", file: file,
            line: line)
        let online = try filterAll(url, environment: environment)
        assertExit(online, 0, output: "9001\n9002\n9003\n9004\n9005\n", file: file, line: line)
        XCTAssertEqual(online.standardError, "", "--filter reads the service, not the cache", file: file, line: line)
        let replaced = try offlineIDs(url)
        assertExit(replaced, 0, output: "9001\n9002\n9003\n9004\n9005\n", standardError: "", file: file, line: line)
        try FileManager.default.removeItem(at: cache)
    }

    func testACorruptTruncatedOtherVersionOrForeignCacheFileIsIgnoredAndReplaced() throws {
        try assertIgnoredAndReplaced(saying: "is corrupt (its checksum does not match)") { cache in
            var bytes = try Data(contentsOf: cache)
            bytes[bytes.count - 3] ^= 0x20
            try bytes.write(to: cache)
        }
        try assertIgnoredAndReplaced(saying: "is truncated (150 of 224 bytes)") { cache in
            try Data(contentsOf: cache).prefix(150).write(to: cache)
        }
        try assertIgnoredAndReplaced(saying: "is of cache format version 2 (this picker reads version 1)") { cache in
            var bytes = try Data(contentsOf: cache)
            bytes[8] = 2
            try bytes.write(to: cache)
        }
        try assertIgnoredAndReplaced(saying: "is not a picker cache file") { cache in
            try Data("{\"friends\": []}".utf8).write(to: cache)
        }
        guard geteuid() == 0 else { throw XCTSkip("changing a file's owner needs root") }
        try assertIgnoredAndReplaced(saying: "is not owned by you") { cache in
            XCTAssertEqual(chown(cache.path, 65534, 65534), 0, "chown to nobody")
        }
    }

    func testACorruptCacheFileOnScreenIsIgnoredAndTheServiceRead() throws {
        let url = try graph().url("pages")
        assertExit(try filterAll(url, environment: environment), 0)
        let cache = try cacheFile()
        var bytes = try Data(contentsOf: cache)
        bytes[120] ^= 1
        try bytes.write(to: cache)
        let picker = try startPicker(url) { $0.counts == "5/5 · 0 selected" && !$0.title.contains("loading") }
        XCTAssertFalse(try picker.screen().title.contains("cached"))
        try picker.press("Enter")
        let ended = try picker.assertExit(0, output: "Bea Graph01\n")
        XCTAssertEqual(
            ended.errors,
            "picker: \(cache.path) is corrupt (its checksum does not match); ignored, and replaced once the friends are read\n"
        )
        assertExit(try offlineIDs(url), 0, standardError: "", "replaced when the picker ended")
    }

    func testACacheFolderOthersCanWriteInIsNotReadFrom() throws {
        let url = try graph().url("pages")
        assertExit(try filterAll(url, environment: environment), 0)
        XCTAssertEqual(chmod(cacheDirectory.path, 0o777), 0)
        let refused = try offlineIDs(url)
        assertExit(refused, 2, output: "")
        XCTAssertEqual(
            refused.standardError.split(separator: "\n").first.map(String.init),
            "picker: \(cacheDirectory.path): others can write in it, so it is not used; the friend cache is off")
        XCTAssertEqual(chmod(cacheDirectory.path, 0o700), 0)
        assertExit(try offlineIDs(url), 0, output: (9001...9005).map { "\($0)\n" }.joined(), standardError: "")
    }

    func testTwoPickersWritingAtOnceLeaveAWholeFile() throws {
        let url = try graph().url("many")
        let scratch = keeping.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for round in 0..<4 {
            // Sorted two ways, the two pickers write different bytes for the same friends.
            let pids = try ["first", "last"].map { sort in
                try spawnProcess(
                    try PickerPaths.picker(),
                    ["--session-file", sessionFile, "--source", url, "--filter", "", "--sort", sort],
                    standardInput: .file("/dev/null"), standardOutput: "/dev/null",
                    standardError: scratch.appendingPathComponent("\(round)-\(sort)").path,
                    environment: Self.networkVariablesUnset.merging(environment) { $1 })
            }
            for pid in pids {
                var status: Int32 = 0
                XCTAssertEqual(waitpid(pid, &status, 0), pid)
                XCTAssertEqual(status, 0, "round \(round)")
            }
            let read = try offlineIDs(url)
            assertExit(read, 0, standardError: "", "round \(round): the cache is whole")
            XCTAssertEqual(read.output.split(separator: "\n").count, 10000)
            XCTAssertEqual(try cacheFiles().count, 1, "round \(round): no temporary file left")
        }
    }

    func testEntriesUnusedFor30DaysAreRemoved() throws {
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        let old = cacheDirectory.appendingPathComponent("friends-" + String(repeating: "0", count: 64) + ".cache")
        let recent = cacheDirectory.appendingPathComponent("friends-" + String(repeating: "1", count: 64) + ".cache")
        let stale = cacheDirectory.appendingPathComponent(".friends-x.cache.1.2.tmp")
        let other = cacheDirectory.appendingPathComponent("notes.txt")
        for file in [old, recent, stale, other] { try Data("x".utf8).write(to: file) }
        let month = Date().addingTimeInterval(-31 * 86_400)
        for file in [old, stale, other] {
            try FileManager.default.setAttributes([.modificationDate: month], ofItemAtPath: file.path)
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-29 * 86_400)], ofItemAtPath: recent.path)
        assertExit(try filterAll(try graph().url("pages"), environment: environment), 0)
        let left = Set(try cacheFiles().map(\.lastPathComponent))
        XCTAssertFalse(left.contains(old.lastPathComponent), "unused for 31 days: removed")
        XCTAssertFalse(left.contains(stale.lastPathComponent), "a temporary file left behind: removed")
        XCTAssertTrue(left.contains(recent.lastPathComponent), "used 29 days ago: kept")
        XCTAssertTrue(left.contains(other.lastPathComponent), "not the picker's: kept")
        XCTAssertEqual(left.count, 3)
    }
}
