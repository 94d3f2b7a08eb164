import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// What the launch plan keeps between runs: the cached friends of a URL source, the picks.
final class LaunchPlanPersistenceTests: XCTestCase {
    private var directory: URL!
    private let url = URL(string: "http://127.0.0.1:9/me/friends")!
    private let now: Int64 = 1_700_000_000

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("launch-keep-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var cacheDirectory: String { directory.appendingPathComponent("cache").path }

    /// Options reading `source` (the URL by default) with the session "tok", keeping things in
    /// the test's directory.
    private func options(_ source: FriendSource? = nil, _ change: (inout Options) -> Void = { _ in }) -> Options {
        var options = Options(session: .token("tok-12345678"), source: source ?? .url(url))
        options.cacheDirectory = cacheDirectory
        options.stateDirectory = directory.appendingPathComponent("state").path
        change(&options)
        return options
    }

    private var cache: FriendCache {
        get throws { try FriendCache(directory: cacheDirectory, url: url, token: "tok-12345678") }
    }

    private let friends = [Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Bob Stone")]

    private func cacheFriends(savedAt: Int64) throws {
        try cache.write(FriendList(friends), savedAt: savedAt, announcedTotal: 2)
    }

    func testTheScreenOpensOnTheCachedCopyWithTheSourceToReadBehindIt() throws {
        try cacheFriends(savedAt: now - 7200)
        let plan = LaunchPlan.start(options(), now: now)
        guard case .openScreen(let state, let loader?) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertEqual(plan.reports, [])
        XCTAssertEqual(state.cachedCopyAge, 7200)
        XCTAssertTrue(state.refreshesCachedCopy)
        XCTAssertEqual(Array(try loader.list(sortOrder: .first).list.friends), friends, "the cached friends")
        XCTAssertTrue(plan.refresh is GraphFriendsLoader, "the source, read behind it")
        XCTAssertNotNil(plan.persistence?.cache)
    }

    func testOfflineShowsTheCacheAloneOrExitsWithoutOne() throws {
        let missing = LaunchPlan.start(options { $0.offline = true }, now: now)
        guard case .exit(.error) = missing.action else { return XCTFail("\(missing.action)") }
        XCTAssertEqual(
            missing.reports,
            [
                "\(url): no cached friends of this source and session to show --offline (run picker once without --offline)"
            ])
        try cacheFriends(savedAt: now - 60)
        let plan = LaunchPlan.start(options { $0.offline = true }, now: now)
        guard case .openScreen(let state, _?) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertFalse(state.refreshesCachedCopy)
        XCTAssertNil(plan.refresh)
        let filtered = LaunchPlan.start(
            options {
                $0.offline = true
                $0.filter = "bo"
            }, now: now)
        guard case .print(.friends(let printed)) = filtered.action else { return XCTFail("\(filtered.action)") }
        XCTAssertEqual(printed.map(\.name), ["Bob Stone"])
    }

    func testSelectOneAndExitZeroAskTheSourceUnlessOffline() throws {
        try cacheFriends(savedAt: now - 60)
        /// The plan of `option` (`--select-1` or `--exit-0`) with `query`, `--offline` or not.
        func plan(_ option: WritableKeyPath<Options, Bool>, _ query: String, offline: Bool = false) -> LaunchPlan {
            LaunchPlan.start(
                options {
                    $0[keyPath: option] = true
                    $0.query = query
                    $0.offline = offline
                }, now: now)
        }
        // Nothing listens on the URL's port: asked, the source fails; the cache would answer.
        for asked in [plan(\.selectOne, "bob"), plan(\.exitZero, "zed")] {
            guard case .exit(.error) = asked.action else { return XCTFail("the source was asked: \(asked.action)") }
            XCTAssertTrue(asked.reports.last?.hasPrefix("\(url)") == true, "\(asked.reports)")
        }
        let one = plan(\.selectOne, "bob", offline: true)
        guard case .print(.friends(let printed)) = one.action else { return XCTFail("\(one.action)") }
        XCTAssertEqual(printed.map(\.name), ["Bob Stone"], "--offline --select-1 prints the cached match")
        let none = plan(\.exitZero, "zed", offline: true)
        guard case .exit(.nothingToPrint) = none.action else { return XCTFail("\(none.action)") }
        XCTAssertEqual(none.reports, [])
    }

    func testNoCacheReadsNone() throws {
        try cacheFriends(savedAt: now)
        let plan = LaunchPlan.start(options { $0.usesCache = false }, now: now)
        guard case .openScreen(let state, let loader?) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertNil(state.cachedCopyAge)
        XCTAssertTrue(loader is GraphFriendsLoader)
        XCTAssertNil(plan.refresh)
        XCTAssertNil(plan.persistence?.cache)
    }

    func testAnUnusableCacheIsReportedAndTheSourceRead() throws {
        try cacheFriends(savedAt: now)
        try Data("PKRCACHE".utf8).write(to: URL(fileURLWithPath: try cache.path))
        let plan = LaunchPlan.start(options(), now: now)
        XCTAssertEqual(
            plan.reports,
            ["\(try cache.path) is truncated (8 of 104 bytes); ignored, and replaced once the friends are read"])
        guard case .openScreen(let state, let loader?) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertNil(state.cachedCopyAge)
        XCTAssertTrue(loader is GraphFriendsLoader)
    }

    func testFinishingCachesTheSourcesListReadWholeAndNeverACopy() throws {
        var plan = LaunchPlan.start(options(), now: now)
        guard case .openScreen(var state, _) = plan.action else { return XCTFail("\(plan.action)") }
        state.send(.friendsArrived(FriendBatch(friends), announcedTotal: 40))
        _ = LaunchPlan.finish(state, outcome: .cancelled, options: options(), persistence: plan.persistence)
        guard case .nothing = try cache.read() else { return XCTFail("a list still loading is not cached") }
        state.send(.loadingFinished)
        _ = LaunchPlan.finish(state, outcome: .cancelled, options: options(), persistence: plan.persistence)
        guard case .friends(let cached) = try cache.read() else { return XCTFail("cached") }
        XCTAssertEqual(cached.savedAt, now)
        XCTAssertEqual(try cached.loader.list(sortOrder: .first).announcedTotal, 40)

        // The next run shows that copy; ending on it writes nothing.
        try FileManager.default.removeItem(atPath: try cache.path)
        try cacheFriends(savedAt: now - 100)
        let before = try Data(contentsOf: URL(fileURLWithPath: try cache.path))
        plan = LaunchPlan.start(options(), now: now)
        guard case .openScreen(var copy, _) = plan.action else { return XCTFail("\(plan.action)") }
        copy.send(.friendsArrived(FriendBatch(friends)))
        copy.send(.loadingFailed("offline"))
        _ = LaunchPlan.finish(copy, outcome: .finished, options: options(), persistence: plan.persistence)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: try cache.path)), before)
    }

    func testTheListIsCachedAsSoonAsItIsReadWholeAndOnce() throws {
        let plan = LaunchPlan.start(options(), now: now)
        guard case .openScreen(var state, _) = plan.action else { return XCTFail("\(plan.action)") }
        var persistence = try XCTUnwrap(plan.persistence)
        var reports: [String] = []
        state.send(.friendsArrived(FriendBatch(friends), announcedTotal: 2))
        persistence.storeWhenWhole(state, reports: &reports)
        guard case .nothing = try cache.read() else { return XCTFail("a list still loading is not cached") }
        state.send(.loadingFinished)
        persistence.storeWhenWhole(state, reports: &reports)
        guard case .friends(let cached) = try cache.read() else { return XCTFail("cached before the screen closes") }
        XCTAssertEqual(Array(try cached.loader.list(sortOrder: .first).list.friends), friends)
        XCTAssertEqual(reports, [])

        // Written once: what happens to the file afterwards is not undone by the same run.
        try FileManager.default.removeItem(atPath: try cache.path)
        persistence.storeWhenWhole(state, reports: &reports)
        _ = LaunchPlan.finish(state, outcome: .cancelled, options: options(), persistence: persistence)
        guard case .nothing = try cache.read() else { return XCTFail("written once a run") }
    }

    func testACacheThatCannotBeWrittenIsReportedOnce() throws {
        // A folder where the file would be: read, it is ignored; written, it stays.
        try FileManager.default.createDirectory(
            atPath: try cache.path + "/in-the-way", withIntermediateDirectories: true)
        let plan = LaunchPlan.start(options(), now: now)
        XCTAssertEqual(
            plan.reports,
            ["\(try cache.path) is a directory, not a regular file; ignored, and replaced once the friends are read"])
        guard case .openScreen(var state, _) = plan.action else { return XCTFail("\(plan.action)") }
        var persistence = try XCTUnwrap(plan.persistence)
        state.send(.friendsArrived(FriendBatch(friends)))
        state.send(.loadingFinished)
        var reports: [String] = []
        persistence.storeWhenWhole(state, reports: &reports)
        persistence.storeWhenWhole(state, reports: &reports)
        XCTAssertEqual(reports, ["\(try cache.path): cannot be written (Is a directory)"])
        let finished = LaunchPlan.finish(state, outcome: .cancelled, options: options(), persistence: persistence)
        XCTAssertEqual(finished.reports, [], "not tried again when the screen closes")
    }

    func testAFolderOthersCanWriteInIsSaidOnceAndNeitherReadNorWritten() throws {
        try cacheFriends(savedAt: now - 60)
        let state = directory.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(cacheDirectory, 0o777), 0)
        XCTAssertEqual(chmod(state, 0o777), 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: try cache.path))
        let plan = LaunchPlan.start(options(), now: now)
        XCTAssertEqual(
            plan.reports,
            [
                "\(state): others can write in it, so it is not used; picks are not kept",
                "\(cacheDirectory): others can write in it, so it is not used; the friend cache is off",
            ])
        guard case .openScreen(var screen, let loader?) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertNil(screen.cachedCopyAge, "the cached copy is not shown")
        XCTAssertTrue(loader is GraphFriendsLoader, "the source is read")
        XCTAssertNil(plan.persistence?.cache)
        XCTAssertNil(plan.persistence?.history)
        screen.send(.resized(rows: 20, columns: 40))
        screen.send(.friendsArrived(FriendBatch(friends)))
        screen.send(.loadingFinished)
        let finished = LaunchPlan.finish(screen, outcome: .finished, options: options(), persistence: plan.persistence)
        XCTAssertEqual(finished.reports, [], "said once")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: try cache.path)), before, "nothing written")

        let offline = LaunchPlan.start(options { $0.offline = true }, now: now)
        guard case .exit(.error) = offline.action else { return XCTFail("\(offline.action)") }
        XCTAssertEqual(offline.reports.count, 3, "\(offline.reports)")
    }

    func testARejectedSessionRemovesItsCache() throws {
        try cacheFriends(savedAt: now)
        let plan = LaunchPlan.start(options(), now: now)
        let error = SourceError(source: url.absoluteString, problem: "the session was rejected", rejectsSession: true)
        let failed = LaunchPlan.failed(error, persistence: plan.persistence)
        guard case .exit(.sessionRejected) = failed.action else { return XCTFail("\(failed.action)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: try cache.path))
        try cacheFriends(savedAt: now)
        _ = LaunchPlan.failed(SourceError(source: "x", problem: "refused"), persistence: plan.persistence)
        XCTAssertTrue(FileManager.default.fileExists(atPath: try cache.path), "another failure keeps it")
    }

    func testEnterRecordsThePicksAndTheNextRunListsThem() throws {
        let file = directory.appendingPathComponent("friends.json")
        let seven = (1...7).map { #"{"id": "\#($0)", "name": "Friend \#($0)"}"# }.joined(separator: ",")
        try Data("[\(seven)]".utf8).write(to: file)
        let source = FriendSource.file(file.path)
        for outcome in [PickerState.Outcome.cancelled, .finished] {
            let plan = LaunchPlan.start(
                options(source) {
                    $0.selectOne = true
                    $0.query = "friend"
                }, now: now)
            guard case .openScreen(var state, nil) = plan.action else { return XCTFail("\(plan.action)") }
            state.send(.resized(rows: 20, columns: 40))
            state.send(.moveToLast)
            _ = LaunchPlan.finish(state, outcome: outcome, options: options(source), persistence: plan.persistence)
        }
        let plan = LaunchPlan.start(options(source), now: now + 10)
        guard case .openScreen(var state, let loader?) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertEqual(plan.persistence?.keying, .id)
        try loader.load { state.send(.friendsArrived(FriendBatch($0.friends))) }
        XCTAssertEqual(state.recent.map { state.list.friends[$0].name }, ["Friend 7"], "the finished run alone")

        let none = LaunchPlan.start(options(source) { $0.usesHistory = false }, now: now)
        guard case .openScreen(let plain, _) = none.action else { return XCTFail("\(none.action)") }
        XCTAssertTrue(plain.frecency.isEmpty)
    }

    func testTextWhoseIdsAreLineNumbersIsKeyedByName() throws {
        let text = directory.appendingPathComponent("names.txt")
        try Data("Ann\nBob\n".utf8).write(to: text)
        XCTAssertEqual(LaunchPlan.start(options(.file(text.path)), now: now).persistence?.keying, .name)
        let json = directory.appendingPathComponent("friends.json")
        try Data(#"[{"id": "1", "name": "Ann"}]"#.utf8).write(to: json)
        XCTAssertEqual(LaunchPlan.start(options(.file(json.path)), now: now).persistence?.keying, .id)
    }
}
