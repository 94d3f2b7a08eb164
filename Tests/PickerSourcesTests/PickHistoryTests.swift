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

    /// The keys `frecency` knows the friends with `ids` by.
    private func keys(_ ids: [String], _ frecency: Frecency) -> [UInt64] {
        ids.map { frecency.key(of: Friend(id: $0, name: "")) }
    }

    func testPicksAreReadBackForTheirSourceAlone() throws {
        try history.record(friends(["1", "2"]), source: "a", keying: .id, now: now)
        try history.record(friends(["1"]), source: "a", keying: .id, now: now)
        try history.record(friends(["3"]), source: "b", keying: .id, now: now)
        let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
        XCTAssertNil(warning)
        XCTAssertEqual(frecency.rankedKeys, keys(["1", "2"], frecency))
        XCTAssertEqual(frecency.score(of: Friend(id: "1", name: "")), 2, accuracy: 1e-6)
        let other = history.frecency(source: "b", keying: .id, now: now).0
        XCTAssertEqual(other.rankedKeys, keys(["3"], other))
        XCTAssertTrue(history.frecency(source: "a", keying: .name, now: now).0.isEmpty, "another keying")
        let text = try String(contentsOfFile: history.path, encoding: .utf8)
        XCTAssertFalse(text.contains("Name"), "no name: \(text)")
        for path in [history.path, history.secretPath] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600, path)
        }
        let folder = try FileManager.default.attributesOfItem(atPath: history.directory)
        XCTAssertEqual(folder[.posixPermissions] as? Int, 0o700)
    }

    func testTheRecordStaysSmall() throws {
        try history.record(friends((0..<300).map(String.init)), source: "many", keying: .id, now: now)
        try history.record(friends(["299"]), source: "many", keying: .id, now: now + 1)
        let kept = history.frecency(source: "many", keying: .id, now: now).0
        XCTAssertEqual(kept.rankedKeys.count, PickHistory.largestPicks)
        XCTAssertEqual(kept.rankedKeys.first, keys(["299"], kept).first, "the highest score kept")
        for source in 0..<70 {
            try history.record(friends(["1"]), source: "s\(source)", keying: .id, now: now + Int64(source))
        }
        XCTAssertTrue(history.frecency(source: "many", keying: .id, now: now).0.isEmpty, "the least recent source goes")
        XCTAssertFalse(history.frecency(source: "s69", keying: .id, now: now).0.isEmpty)
        // 300 days on, a single pick has faded under 1/1024 and is dropped at the next record.
        let later = now + Int64(301 * 86_400)
        try history.record(friends(["new"]), source: "s69", keying: .id, now: later)
        let faded = history.frecency(source: "s69", keying: .id, now: later).0
        XCTAssertEqual(faded.rankedKeys, keys(["new"], faded))
        let size = try FileManager.default.attributesOfItem(atPath: history.path)[.size] as? Int ?? 0
        XCTAssertLessThan(size, 64 << 10)
    }

    func testABadRecordIsIgnoredWithAWarningAndReplacedAtTheNextPick() throws {
        try FileManager.default.createDirectory(atPath: history.directory, withIntermediateDirectories: true)
        for bad in ["{", "[]", #"{"format":"picker picks","version":3,"sources":[]}"#, "\u{0}\u{1}"] {
            try Data(bad.utf8).write(to: URL(fileURLWithPath: history.path))
            let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
            XCTAssertTrue(frecency.isEmpty)
            XCTAssertEqual(
                warning, "\(history.path) is not a record of picks this picker reads; picks are recorded afresh")
        }
        try history.record(friends(["1"]), source: "a", keying: .id, now: now)
        let (frecency, warning) = history.frecency(source: "a", keying: .id, now: now)
        XCTAssertNil(warning)
        XCTAssertEqual(frecency.rankedKeys, keys(["1"], frecency))
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
        let again = history.frecency(source: "a", keying: .id, now: now).0
        XCTAssertEqual(again.rankedKeys, keys(["1"], again))
    }

    func testSourcesAreKnownByTheirPlace() throws {
        let file = directory.appendingPathComponent("friends.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: file)
        let relative = try XCTUnwrap(PickHistory.place(of: .file(directory.path + "/./friends.json")))
        XCTAssertEqual(relative, PickHistory.place(of: .file(file.path)), "the path resolved")
        let url = try XCTUnwrap(URL(string: "https://graph.example/me/friends"))
        XCTAssertNotEqual(PickHistory.place(of: .url(url)), relative)
        XCTAssertNil(PickHistory.place(of: .standardInput), "known by its content once read")
        let piped = PickHistory.place(standardInputDigest: String(repeating: "ab", count: 32))
        XCTAssertNotEqual(piped, PickHistory.place(standardInputDigest: String(repeating: "cd", count: 32)))
        XCTAssertNotEqual(piped, relative)
    }

    /// Whoever has the record without the secret learns nothing by hashing a dictionary: its
    /// keys are neither the ids, nor the unsalted hashes version 1 wrote, and another user's
    /// record of the same picks holds other keys.
    func testTheRecordCannotBeReversedWithoutTheSecret() throws {
        let place = try XCTUnwrap(PickHistory.place(of: .file("/home/ann/friends.json")))
        let picked = [Friend(id: "100004", name: "Zoë Adair")]
        try history.record(picked, source: place, keying: .id, now: now)
        try history.record(picked, source: "standard input", keying: .name, now: now)
        let other = PickHistory(directory: directory.appendingPathComponent("other/picker").path)
        try other.record(picked, source: place, keying: .id, now: now)
        try other.record(picked, source: "standard input", keying: .name, now: now)
        let text = try String(contentsOfFile: history.path, encoding: .utf8)
        for unsalted in [
            "100004", StableID.of(["Zoë Adair"]), StableID.of(["file", "/home/ann/friends.json"]),
            StableID.of(["standard input"]),
        ] {
            XCTAssertFalse(text.contains(unsalted), "\(unsalted) in \(text)")
        }
        let otherText = try String(contentsOfFile: other.path, encoding: .utf8)
        let keys = { (text: String) in Set(text.matches(of: #/"([0-9a-f]{16})"/#).map { String($0.1) }) }
        XCTAssertEqual(keys(text).count, 4, "two sources, a friend each: \(text)")
        XCTAssertTrue(keys(text).isDisjoint(with: keys(otherText)), "another user's secret, other keys")
        XCTAssertNotEqual(
            try Data(contentsOf: URL(fileURLWithPath: history.secretPath)),
            try Data(contentsOf: URL(fileURLWithPath: other.secretPath)))
        let frecency = history.frecency(source: place, keying: .id, now: now).0
        XCTAssertEqual(frecency.score(of: picked[0]), 1, accuracy: 1e-9, "the secret finds them again")
    }
}
