import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// Where `picker login` keeps its session, and how it is written, read and removed.
final class SessionStoreTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("session-store-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private let session = StoredSession(
        token: "tok-STORED-SECRET", origin: "https://graph.example:443", expiresAt: 1_900_000_000, flow: .facebook,
        obtainedAt: 1_700_000_000)

    private func permissions(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func testThePlaceFollowsXDG() {
        XCTAssertEqual(SessionStore(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])?.path, "/c/picker/session")
        XCTAssertEqual(
            SessionStore(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])?.path,
            "/h/.config/picker/session", "a relative XDG_CONFIG_HOME is ignored")
        XCTAssertEqual(SessionStore(environment: ["HOME": "/"])?.path, "/.config/picker/session")
        XCTAssertNil(SessionStore(environment: [:]))
    }

    func testASavedSessionIsReadBackFromAPrivateFileInAPrivateDirectory() throws {
        let store = try XCTUnwrap(
            SessionStore(environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("a/b").path]))
        XCTAssertNil(try store.load(), "none yet")
        try store.save(session)
        XCTAssertEqual(try store.load(), session)
        XCTAssertEqual(try permissions(store.path), 0o600)
        XCTAssertEqual(try permissions(store.directory), 0o700)
        XCTAssertEqual(try permissions(directory.appendingPathComponent("a/b").path), 0o700, "made as XDG asks")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: store.directory), ["session"], "no temporary file left")
        var newer = session
        newer.token = "tok-NEWER-SECRET"
        try store.save(newer)
        XCTAssertEqual(try store.load(), newer, "replaced whole")
        XCTAssertTrue(try store.remove())
        XCTAssertFalse(try store.remove(), "nothing left to remove")
        XCTAssertNil(try store.load())
    }

    func testAnOpenDirectoryIsClosedAndAnUmaskDoesNotOpenTheFile() throws {
        let store = SessionStore(path: directory.appendingPathComponent("picker/session").path)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        chmod(store.directory, 0o755)
        let previous = umask(0)
        defer { umask(previous) }
        try store.save(session)
        XCTAssertEqual(try permissions(store.directory), 0o700)
        XCTAssertEqual(try permissions(store.path), 0o600)
    }

    func testAFileOthersMayReadOrThatPickerDidNotWriteIsNotUsed() throws {
        let store = SessionStore(path: directory.appendingPathComponent("picker/session").path)
        try store.save(session)
        chmod(store.path, 0o644)
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertTrue("\(error)".contains("other users may read it, so it is not used"), "\(error)")
        }
        for text in ["not json", #"{"access_token": "a\nb", "origin": "x", "flow": "rfc8628", "obtained_at": 1}"#] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
            chmod(store.path, 0o600)
            XCTAssertThrowsError(try store.load()) { error in
                XCTAssertTrue("\(error)".contains("is not a session picker stored"), "\(error)")
            }
        }
        try Data(count: SessionStore.maximumBytes + 1).write(to: URL(fileURLWithPath: store.path))
        chmod(store.path, 0o600)
        XCTAssertThrowsError(try store.load())
    }

    /// A FIFO at the session's place is refused at once, not waited on; a directory that is a
    /// symbolic link is not read from, nor written to.
    func testAFIFOOrALinkedDirectoryIsRefusedWithoutWaiting() throws {
        let store = SessionStore(path: directory.appendingPathComponent("picker/session").path)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        chmod(store.directory, 0o700)
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var message = ""
        Thread {
            do {
                _ = try store.load()
            } catch {
                message = "\(error)"
            }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the load returned")
        XCTAssertEqual(message, "\(store.path): is a FIFO (named pipe), not a regular file")

        let linked = SessionStore(path: directory.appendingPathComponent("linked/session").path)
        try FileManager.default.createSymbolicLink(atPath: linked.directory, withDestinationPath: store.directory)
        XCTAssertThrowsError(try linked.load()) { error in
            XCTAssertEqual("\(error)", "\(linked.directory): is a symbolic link, so it is not used")
        }
        XCTAssertThrowsError(try linked.save(session))
    }

    func testLogoutRemovesTheSessionAndIsContentWithNone() throws {
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let store = try XCTUnwrap(SessionStore(environment: environment))
        try store.save(session)
        XCTAssertEqual(Logout(environment: environment).run().status, .printed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
        let again = Logout(environment: environment).run()
        XCTAssertEqual(again.status, .printed)
        XCTAssertEqual(again.report, "no session is stored (\(store.path))")
    }

    func testExpiryAndOrigin() throws {
        XCTAssertTrue(session.isFor(try XCTUnwrap(URL(string: "https://GRAPH.example/v19.0/me/friends"))))
        XCTAssertTrue(session.isFor(try XCTUnwrap(URL(string: "https://graph.example:443/me/friends"))))
        XCTAssertFalse(session.isFor(try XCTUnwrap(URL(string: "https://graph.example:8443/me/friends"))))
        XCTAssertFalse(session.isFor(try XCTUnwrap(URL(string: "http://graph.example/me/friends"))))
        XCTAssertFalse(session.isFor(try XCTUnwrap(URL(string: "https://evil.example/me/friends"))))
        XCTAssertFalse(session.hasExpired(at: 1_899_999_999))
        XCTAssertTrue(session.hasExpired(at: 1_900_000_000))
        XCTAssertEqual(StoredSession.moment(1_900_000_000), "2030-03-17 17:46 UTC")
    }
}
