import Foundation
import Glibc
import PickerTestSupport
import XCTest

/// Files, folders, pipes and neighbours made to hurt: a friends list that is a link to a
/// device or a FIFO, a session file that is a FIFO, a pipe that never ends, a cache folder
/// another user points elsewhere. Each is refused or stopped with a message and exit status 2,
/// at once and in bounded memory; none is waited on or read without end.
final class HostileInputTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("picker-e2e-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// An export folder `name` whose friends list (`connections/friends/your_friends.json`) is
    /// made by `make`, given its path; returns the folder's path.
    private func export(_ name: String, _ make: (String) throws -> Void) throws -> String {
        let folder = path(name)
        try FileManager.default.createDirectory(
            atPath: folder + "/connections/friends", withIntermediateDirectories: true)
        try make(folder + "/connections/friends/your_friends.json")
        return folder
    }

    /// Runs `command` with `arguments` in `directory`; fails the test unless it succeeds.
    private func run(_ command: String, _ arguments: [String]) throws {
        let result = try runCommand(
            URL(fileURLWithPath: command), arguments, workingDirectory: directory, timeout: 30)
        XCTAssertEqual(result.status, 0, "\(command) \(arguments): \(result.standardError)")
    }

    /// A friends list that is a symbolic link to /dev/zero was read until memory ran out (4 GB
    /// in 11 s); now it is refused before a byte is read.
    func testAnExportWhoseFriendsListIsALinkToADeviceIsRefused() throws {
        let folder = try export("linked") {
            try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero")
        }
        let result = try runPicker(["--source", folder, "--filter", ""], measuringMemory: true)
        assertExit(
            result, 2,
            standardError:
                "picker: \(folder)/connections/friends/your_friends.json: is a symbolic link, which picker does not follow\n"
        )
        assertPeakMemory(result.peakMemory, below: 100 << 20)
    }

    /// The same export as a small `.zip` made with `zip --symlinks`, which `unzip` restores
    /// with its link: the folder is refused, and the archive read without following anything.
    func testAnExportUnzippedWithItsLinkIsRefused() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") else { throw XCTSkip("no zip") }
        _ = try export("facebook-ann") {
            try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero")
        }
        try run("/usr/bin/zip", ["-q", "--symlinks", "-r", "export.zip", "facebook-ann"])
        try run("/usr/bin/unzip", ["-q", "export.zip", "-d", "unzipped"])
        let restored = path("unzipped/facebook-ann/connections/friends/your_friends.json")
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: restored), "unzip made the link")
        let result = try runPicker(["--source", path("unzipped"), "--filter", ""], measuringMemory: true)
        assertExit(
            result, 2,
            standardError:
                "picker: \(path("unzipped"))/facebook-ann/connections/friends/your_friends.json: is a symbolic link, which picker does not follow\n"
        )
        assertPeakMemory(result.peakMemory, below: 100 << 20)
        let archive = try runPicker(["--source", path("export.zip"), "--filter", ""], measuringMemory: true)
        XCTAssertEqual(archive.status, 2, archive.standardError)
        assertPeakMemory(archive.peakMemory, below: 100 << 20)
    }

    /// A FIFO as the friends list held `open` for ever; now it is refused at once.
    func testAFIFOAsTheFriendsListIsRefusedWithoutWaiting() throws {
        let folder = try export("fifo") { XCTAssertEqual(mkfifo($0, 0o600), 0) }
        assertExit(
            try runPicker(["--source", folder, "--filter", ""]), 2,
            standardError:
                "picker: \(folder)/connections/friends/your_friends.json: is a FIFO (named pipe), not a regular file\n")
    }

    /// A FIFO where `picker login` keeps the session hung every run with a URL source.
    func testAFIFOAtTheSessionFileIsRefusedWithoutWaiting() throws {
        let config = directory.appendingPathComponent("config/picker")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(config.path, 0o700), 0)
        let session = config.appendingPathComponent("session").path
        XCTAssertEqual(mkfifo(session, 0o600), 0)
        let result = try runPicker(
            ["--source", "https://graph.example/me/friends", "--filter", ""], keepingIn: directory)
        assertExit(
            result, 2,
            standardError:
                "picker: the session of picker login, \(session): is a FIFO (named pipe), not a regular file\n")
    }

    /// A device named as the source, or as the session file, is refused; /dev/zero was read
    /// until memory ran out.
    func testADeviceNamedAsTheSourceOrTheSessionFileIsRefused() throws {
        assertExit(
            try runPicker(["--source", "/dev/zero", "--filter", ""], measuringMemory: true), 2,
            standardError: "picker: /dev/zero: is a character device, not a regular file\n")
        assertExit(
            try runPicker(
                ["--source", "https://graph.example/me/friends", "--session-file", "/dev/zero", "--filter", ""]), 2,
            standardError: "picker: --session-file /dev/zero: is a character device, not a regular file\n")
    }

    /// An endless pipe of JSON white space inside a list: read as it comes, never held, and
    /// stopped at the stated limit (it reached 4 GB in 5–23 s when standard input was read
    /// whole).
    func testAnEndlessPipeOfJSONStopsAtTheLimitInBoundedMemory() throws {
        let result = try runPicker(
            ["--filter", "x"], pipedFrom: #"printf '{"data": ['; yes ' '"#, timeout: 300)
        assertExit(
            result, 2, output: "",
            standardError: "picker: standard input: holds more than 1 GB, the most picker reads from a source\n")
        assertPeakMemory(result.peakMemory, below: 100 << 20)
    }

    /// An endless nesting is told at once, in the reader's own words.
    func testAnEndlessNestingIsToldAtOnce() throws {
        let result = try runPicker(["--filter", "x"], pipedFrom: #"yes '{"id":'"#)
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(
            result.standardError.hasPrefix("picker: standard input: not valid JSON at line "), result.standardError)
        XCTAssertTrue(result.standardError.hasSuffix(": nested deeper than 512\n"), result.standardError)
        assertPeakMemory(result.peakMemory, below: 100 << 20)
    }

    /// An endless vCard card, read a line at a time: a property passed over is never held, and
    /// the pipe is stopped at the limit (a 300 MB vCard took 328 MB from a pipe).
    func testAnEndlessVCardStopsAtTheLimitInBoundedMemory() throws {
        let note = String(repeating: "x", count: 4000)
        let result = try runPicker(
            ["--filter", "x"], pipedFrom: "echo BEGIN:VCARD; echo FN:Ada; yes NOTE:\(note)", timeout: 300)
        assertExit(
            result, 2, output: "",
            standardError: "picker: standard input: holds more than 1 GB, the most picker reads from a source\n")
        assertPeakMemory(result.peakMemory, below: 100 << 20)
    }

    /// One id written `1e3` handed the whole document to Foundation's decoder, many times the
    /// document in memory (this one of 10 MB, of small numbers, took about 250 MB); the reader
    /// reads it as the decoder did, as `1000`, in the memory of the friends read.
    func testAnIdWrittenWithAnExponentIsReadInTheMemoryOfTheFriends() throws {
        let likes = Array(repeating: "0", count: 5000).joined(separator: ",")
        var json = #"{"data": ["#
        for index in 1...1000 {
            json += #"{"id": "f\#(index)", "name": "Friend \#(index)", "likes": [\#(likes)]},"# + "\n"
        }
        json += #"{"id": 1e3, "name": "Exponent Ada"}]}"#
        let file = path("exponent.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        let result = try runPicker(
            ["--source", file, "--filter", "exponent", "--format", "tsv"], measuringMemory: true)
        assertExit(result, 0, output: "1000\tExponent Ada\n")
        assertPeakMemory(result.peakMemory, below: 100 << 20, "a document of \(json.utf8.count >> 20) MB")
    }

    /// Another user who can write in the cache folder's parent puts a symbolic link in its
    /// place, to a folder of the user's: picker followed it, wrote there and removed old
    /// `friends-*.cache` files. Now the link is refused, and nothing there is touched.
    func testACacheFolderAnotherUserLinksElsewhereIsNotFollowed() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root, to act as another user with setpriv")
        }
        let victim = path("victim")
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(victim, 0o700), 0)
        let old = victim + "/friends-" + String(repeating: "0", count: 64) + ".cache"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: old))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-60 * 86_400)], ofItemAtPath: old)
        let shared = path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(directory.path, 0o755), 0)
        XCTAssertEqual(chmod(shared, 0o777), 0)
        let cache = shared + "/picker"
        try run(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/ln", "-s", victim, cache])

        let offline = try runPicker(
            ["--source", "https://graph.example/me/friends", "--session", "token", "--offline", "--filter", ""],
            environment: ["PICKER_CACHE_DIR": cache])
        XCTAssertEqual(offline.status, 2, offline.standardError)
        XCTAssertTrue(
            offline.standardError.contains(
                "picker: \(cache): is a symbolic link, so it is not used; the friend cache is off\n"),
            offline.standardError)
        let logout = try runCommand(
            try PickerPaths.picker(), ["logout", "--cache-dir", cache],
            environment: cleanEnvironment(keepingIn: directory))
        XCTAssertEqual(logout.status, 0, logout.standardError)
        XCTAssertFalse(logout.standardError.contains("removed"), logout.standardError)
        XCTAssertEqual(try String(contentsOfFile: old, encoding: .utf8), "kept", "the folder linked to is untouched")
    }
}
