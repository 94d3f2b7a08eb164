import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The record of picks: what it holds, how it stays small, what it does with a bad file.
final class PickHistoryTests: XCTestCase {
    private var directory: URL!
    private var history: PickHistory!
    private let now: Int64 = 1_700_000_000

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("pick-history-\(UUID())")
        history = PickHistory(directory: directory.appendingPathComponent("state/picker").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func friends(_ ids: [String]) -> [Friend] { ids.map { Friend(id: $0, name: "Name \($0)") } }

    func testPicksAreReadBackForTheirSourceAlone() throws {
        try history.record(friends(["1", "2"]), source: "a", keying: .id, now: now)
        try history.record(friends(["1"]), source: "a", keying: .id, now: now)
        try history.record(friends(["3"]), source: "b", keying: .id, now: now)
        let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
        XCTAssertNil(warning)
        XCTAssertEqual(frecency.rankedKeys, ["1", "2"])
        XCTAssertEqual(frecency.score(of: Friend(id: "1", name: "")), 2, accuracy: 1e-6)
        XCTAssertEqual(history.frecency(source: "b", keying: .id, now: now).0.rankedKeys, ["3"])
        XCTAssertTrue(history.frecency(source: "a", keying: .name, now: now).0.isEmpty, "another keying")
        let text = try String(contentsOfFile: history.path, encoding: .utf8)
        XCTAssertFalse(text.contains("Name"), "no name: \(text)")
        let attributes = try FileManager.default.attributesOfItem(atPath: history.path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: history.directory)
        XCTAssertEqual(folder[.posixPermissions] as? Int, 0o700)
    }

    func testTheRecordStaysSmall() throws {
        try history.record(friends((0..<300).map(String.init)), source: "many", keying: .id, now: now)
        try history.record(friends(["299"]), source: "many", keying: .id, now: now + 1)
        let kept = history.frecency(source: "many", keying: .id, now: now).0
        XCTAssertEqual(kept.rankedKeys.count, PickHistory.largestPicks)
        XCTAssertEqual(kept.rankedKeys.first, "299", "the highest score kept")
        for source in 0..<70 {
            try history.record(friends(["1"]), source: "s\(source)", keying: .id, now: now + Int64(source))
        }
        XCTAssertTrue(history.frecency(source: "many", keying: .id, now: now).0.isEmpty, "the least recent source goes")
        XCTAssertFalse(history.frecency(source: "s69", keying: .id, now: now).0.isEmpty)
        // 300 days on, a single pick has faded under 1/1024 and is dropped at the next record.
        let later = now + Int64(301 * 86_400)
        try history.record(friends(["new"]), source: "s69", keying: .id, now: later)
        XCTAssertEqual(history.frecency(source: "s69", keying: .id, now: later).0.rankedKeys, ["new"])
        let size = try FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int ?? 0
        XCTAssertLessThan(size, 64 << 10)
    }

    func testABadRecordIsIgnoredWithAWarningAndReplacedAtTheNextPick() throws {
        try FileManager.default.createDirectory(atPath: history.directory, withIntermediateDirectories: true)
        for bad in ["{", "[]", #"{"format":"picker picks","version":2,"sources":[]}"#, "\u{0}\u{1}"] {
            try Data(bad.utf8).write(to: URL(fileURLWithPath: history.path))
            let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
            XCTAssertTrue(frecency.isEmpty)
            XCTAssertEqual(
                warning, "\(history.path) is not a record of picks this picker reads; picks are recorded afresh")
        }
        try history.record(friends(["1"]), source: "a", keying: .id, now: now)
        let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
        XCTAssertNil(warning)
        XCTAssertEqual(frecency.rankedKeys, ["1"])
    }

    func testARecordOfAnotherUserIsNotRead() throws {
        guard geteuid() == 0 else { throw XCTSkip("changing a file's owner needs root") }
        try history.record(friends(["1"]), source: "a", keying: .id, now: now)
        XCTAssertEqual(chown(history.path, 65534, 65534), 0)
        let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
        XCTAssertTrue(frecency.isEmpty)
        XCTAssertEqual(warning, "\(history.path) is not owned by you; picks are recorded afresh")
    }

    func testAStateFolderOthersCanWriteInIsNotReadFrom() throws {
        try history.record(friends(["1"]), source: "a", keying: .id, now: now)
        XCTAssertEqual(chmod(history.directory, 0o777), 0)
        let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
        XCTAssertTrue(frecency.isEmpty)
        XCTAssertEqual(warning, "\(history.directory): others can write in it, so it is not used; picks are not kept")
        XCTAssertThrowsError(try history.record(friends(["2"]), source: "a", keying: .id, now: now))
        XCTAssertEqual(chmod(history.directory, 0o755), 0)
        XCTAssertEqual(history.frecency(source: "a", keying: .id, now: now).0.rankedKeys, ["1"])
    }

    func testSourcesAreKnownByAHashOfTheirPlace() throws {
        let file = directory.appendingPathComponent("friends.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: file)
        let relative = try XCTUnwrap(PickHistory.sourceKey(.file(directory.path + "/./friends.json")))
        XCTAssertEqual(relative, PickHistory.sourceKey(.file(file.path)), "the path resolved")
        XCTAssertEqual(relative.count, 16)
        let url = try XCTUnwrap(URL(string: "https://graph.example/me/friends"))
        XCTAssertNotEqual(PickHistory.sourceKey(.url(url)), relative)
        XCTAssertNil(PickHistory.sourceKey(.standardInput), "known by its content once read")
        let piped = PickHistory.sourceKey(standardInputDigest: String(repeating: "ab", count: 32))
        XCTAssertEqual(piped.count, 16)
        XCTAssertNotEqual(piped, PickHistory.sourceKey(standardInputDigest: String(repeating: "cd", count: 32)))
        XCTAssertNotEqual(piped, relative)
    }
}
