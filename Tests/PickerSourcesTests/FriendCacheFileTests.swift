import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The cache file of a source and session: where it is, who may read it, how it goes.
final class FriendCacheFileTests: XCTestCase {
    private var directory: URL!
    private let url = URL(string: "https://graph.example/v19.0/me/friends")!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("friend-cache-\(UUID())")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var folder: String { directory.appendingPathComponent("cache/picker").path }

    private let friends = [Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Zoë Kravchenko")]

    func testTheFileIsNamedForURLAndSessionWithoutTheToken() throws {
        let cache = try FriendCache(directory: folder, url: url, token: "SECRET-TOKEN")
        let name = URL(fileURLWithPath: cache.path).lastPathComponent
        XCTAssertTrue(name.hasPrefix("friends-") && name.hasSuffix(".cache") && name.count == 8 + 64 + 6, name)
        XCTAssertFalse(cache.path.contains("SECRET"))
        XCTAssertEqual(try FriendCache(directory: folder, url: url, token: "SECRET-TOKEN").path, cache.path)
        XCTAssertNotEqual(try FriendCache(directory: folder, url: url, token: "OTHER").path, cache.path)
        let other = try XCTUnwrap(URL(string: "https://graph.example/v20.0/me/friends"))
        XCTAssertNotEqual(try FriendCache(directory: folder, url: other, token: "SECRET-TOKEN").path, cache.path)
    }

    func testWrittenFriendsAreReadBackAndMarkedUsed() throws {
        let cache = try FriendCache(directory: folder, url: url, token: "t")
        guard case .nothing = cache.read() else { return XCTFail("no file yet") }
        try cache.write(FriendList(friends), savedAt: 1_700_000_000, announcedTotal: 2)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int, 0o700)
        let month = Date().addingTimeInterval(-20 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: month], ofItemAtPath: cache.path)
        guard case .friends(let cached) = cache.read() else { return XCTFail("the friends") }
        XCTAssertEqual(cached.savedAt, 1_700_000_000)
        XCTAssertEqual(cached.count, 2)
        let (list, leftOut, total) = try cached.loader.list(sortOrder: .first)
        XCTAssertEqual(Array(list.friends), friends)
        XCTAssertEqual(leftOut, 0)
        XCTAssertEqual(total, 2)
        let used = try XCTUnwrap(
            try FileManager.default.attributesOfItem(atPath: cache.path)[.modificationDate] as? Date)
        XCTAssertGreaterThan(used, Date().addingTimeInterval(-60), "reading marks the file used")
    }

    func testAnotherSessionsFileUnderThisNameIsRefused() throws {
        let mine = try FriendCache(directory: folder, url: url, token: "mine")
        let theirs = try FriendCache(directory: folder, url: url, token: "theirs")
        try theirs.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        try FileManager.default.moveItem(atPath: theirs.path, toPath: mine.path)
        guard case .unusable(let why) = mine.read() else { return XCTFail("refused") }
        XCTAssertEqual(why, "\(mine.path) belongs to another source or session")
    }

    func testASymbolicLinkOrAFolderOthersCanWriteInIsRefused() throws {
        let cache = try FriendCache(directory: folder, url: url, token: "t")
        try cache.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        let target = directory.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(atPath: cache.path, toPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: cache.path, withDestinationPath: target.path)
        guard case .unusable(let why) = cache.read() else { return XCTFail("refused") }
        XCTAssertEqual(why, "\(cache.path) is a symbolic link, which picker does not follow")

        XCTAssertEqual(chmod(folder, 0o777), 0)
        XCTAssertThrowsError(try cache.write(FriendList(friends), savedAt: 1, announcedTotal: nil)) {
            XCTAssertEqual("\($0)", "\(self.folder): others can write in it, so it is not used")
        }
    }

    func testAFolderOthersCanWriteInOrNotTheUsersIsNotReadFrom() throws {
        let cache = try FriendCache(directory: folder, url: url, token: "t")
        try cache.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        for mode: mode_t in [0o777, 0o770, 0o722] {
            XCTAssertEqual(chmod(folder, mode), 0)
            guard case .unusableDirectory(let why) = cache.read() else {
                return XCTFail("mode \(String(mode, radix: 8)): refused")
            }
            XCTAssertEqual(why, "\(folder): others can write in it, so it is not used")
        }
        // Others may read and enter it: it is used, and left as it is.
        XCTAssertEqual(chmod(folder, 0o755), 0)
        guard case .friends = cache.read() else { return XCTFail("read") }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int, 0o755)

        let file = directory.appendingPathComponent("file")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let underAFile = try FriendCache(directory: file.path, url: url, token: "t")
        guard case .unusableDirectory(let why) = underAFile.read() else { return XCTFail("not a directory") }
        XCTAssertEqual(why, "\(file.path): Not a directory")
        guard case .nothing = try FriendCache(directory: folder + "/missing", url: url, token: "t").read() else {
            return XCTFail("a missing folder holds nothing")
        }
        guard geteuid() == 0 else { return }
        XCTAssertEqual(chmod(folder, 0o700), 0)
        XCTAssertEqual(chown(folder, 65534, 65534), 0, "chown to nobody")
        guard case .unusableDirectory(let foreign) = cache.read() else { return XCTFail("another user's") }
        XCTAssertEqual(foreign, "\(folder): not owned by you, so not used")
    }

    /// A cache folder that is a symbolic link (one that another user who can write in its
    /// parent may put there, pointing at any folder of the user's) is neither read, written
    /// nor emptied: the cache files of the folder it points at stay.
    func testACacheFolderThatIsASymbolicLinkIsNeitherReadWrittenNorEmptied() throws {
        let elsewhere = directory.appendingPathComponent("elsewhere").path
        let cache = try FriendCache(directory: elsewhere, url: url, token: "t")
        try cache.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        let old = Date().addingTimeInterval(-60 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.path)
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: folder).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)
        let linked = try FriendCache(directory: folder, url: url, token: "t")
        guard case .unusableDirectory(let why) = linked.read() else { return XCTFail("refused") }
        XCTAssertEqual(why, "\(folder): is a symbolic link, so it is not used")
        XCTAssertThrowsError(try linked.write(FriendList(friends), savedAt: 1, announcedTotal: nil))
        XCTAssertThrowsError(try linked.remove())
        FriendCache.removeUnused(in: folder, now: Int64(Date().timeIntervalSince1970))
        XCTAssertEqual(FriendCache.removeAll(in: folder), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.path), "the folder pointed at is left alone")
    }

    /// A cache file's header is checked before the rest is read: one of another session costs
    /// its 104 bytes, however large it is (counted by the bytes this process reads).
    func testTheHeaderIsCheckedBeforeTheRestIsRead() throws {
        let mine = try FriendCache(directory: folder, url: url, token: "mine")
        let theirs = try FriendCache(directory: folder, url: url, token: "theirs")
        try theirs.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        try FileManager.default.moveItem(atPath: theirs.path, toPath: mine.path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: mine.path))
        try handle.truncate(atOffset: 256 << 20)
        try handle.close()
        func bytesRead() throws -> Int {
            let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
            let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") } ?? ""
            return Int(line.split(separator: " ").last ?? "") ?? 0
        }
        let before = try bytesRead()
        guard case .unusable(let why) = mine.read() else { return XCTFail("refused") }
        let read = try bytesRead() - before
        XCTAssertEqual(why, "\(mine.path) belongs to another source or session")
        XCTAssertLessThan(read, 1 << 20, "read \(read) bytes of a file of 256 MB")
    }

    func testRemovingEveryCacheLeavesOtherFilesAndCountsTheLists() throws {
        let mine = try FriendCache(directory: folder, url: url, token: "mine")
        let theirs = try FriendCache(directory: folder, url: url, token: "theirs")
        try mine.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        try theirs.write(FriendList(friends), savedAt: 1, announcedTotal: nil)
        let other = folder + "/notes.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: other, contents: Data("kept".utf8)))
        XCTAssertEqual(FriendCache.removeAll(in: folder), 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mine.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: theirs.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "only the cache's own files go")
        XCTAssertEqual(FriendCache.removeAll(in: folder), 0)
        XCTAssertEqual(FriendCache.removeAll(in: folder + "/missing"), 0)
    }
}
