import Foundation
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// A Facebook export's `.zip`, read in place: what is read, and what is refused at once with a
/// message (an encrypted archive, a symbolic link, another compression, a bomb, damage).
final class ZipArchiveTests: XCTestCase {
    private var directory: URL!
    private let list =
        #"{"friends_v2": [{"name": "Ann Lee", "timestamp": 1600000000}, {"name": "Zo\u00c3\u00ab Kim", "timestamp": 1}]}"#
    private let layout = "connections/friends/your_friends.json"

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("picker-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// One entry of an archive ``archive(_:zip64:)`` makes.
    private struct Entry: Encodable {
        var name: String
        var data: Data
        var method = "deflated"
        var symlink = false
    }

    /// An archive of `entries`, made with Python's zipfile; with `zip64`, every size and the
    /// end of the central directory written in their ZIP64 forms, as in an archive over 4 GB.
    private func archive(_ entries: [Entry], zip64: Bool = false) throws -> String {
        let path = directory.appendingPathComponent("\(UUID().uuidString).zip").path
        let script = """
            import base64, json, sys, zipfile
            spec = json.load(sys.stdin)
            if spec["zip64"]:
                zipfile.ZIP64_LIMIT = 0
                zipfile.ZIP_FILECOUNT_LIMIT = 0
            methods = {"stored": zipfile.ZIP_STORED, "deflated": zipfile.ZIP_DEFLATED, "bzip2": zipfile.ZIP_BZIP2}
            with zipfile.ZipFile(spec["path"], "w") as z:
                for e in spec["entries"]:
                    info = zipfile.ZipInfo(e["name"], (2024, 1, 1, 0, 0, 0))
                    info.compress_type = methods[e["method"]]
                    if e["symlink"]:
                        info.create_system = 3
                        info.external_attr = 0o120777 << 16
                    z.writestr(info, base64.b64decode(e["data"]))
            """
        struct Spec: Encodable {
            var path: String
            var zip64: Bool
            var entries: [Entry]
        }
        let result = try runScript(
            script, input: try JSONEncoder().encode(Spec(path: path, zip64: zip64, entries: entries)))
        XCTAssertEqual(result, 0)
        return path
    }

    private func runScript(_ script: String, input: Data) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        pipe.fileHandleForWriting.write(input)
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func problem(_ path: String) -> String? {
        do {
            _ = try FacebookExport.readArchive(path)
            return nil
        } catch {
            return error.problem
        }
    }

    func testStoredDeflatedAndZip64ArchivesAreRead() throws {
        for (method, zip64) in [("deflated", false), ("stored", false), ("deflated", true), ("stored", true)] {
            let path = try archive(
                [
                    Entry(name: "facebook-ann/index.html", data: Data("<html>".utf8), method: method),
                    Entry(name: "facebook-ann/" + layout, data: Data(list.utf8), method: method),
                ], zip64: zip64)
            XCTAssertEqual(
                try FacebookExport.readArchive(path).friends.map(\.name), ["Ann Lee", "Zoë Kim"], "\(method) \(zip64)")
        }
    }

    /// A folder named like an option is a name like any other: nothing reads it as one.
    func testAnEntryNamedLikeAnOptionIsReadAsAName() throws {
        for top in ["-x", "-d", "--", "-P"] {
            let path = try archive([
                Entry(name: "\(top)/photos/a.jpg", data: Data([0xFF, 0xD8])),
                Entry(name: "\(top)/" + layout, data: Data(list.utf8)),
            ])
            XCTAssertEqual(try FacebookExport.readArchive(path).friends.count, 2, top)
        }
    }

    /// An encrypted archive is refused at once: no password is asked for, the terminal is not
    /// read (the archive is made with zip -P, as a user would).
    func testAnEncryptedArchiveIsRefusedAtOnce() throws {
        let folder = directory.appendingPathComponent("secret")
        let file = folder.appendingPathComponent(layout)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(list.utf8).write(to: file)
        let path = directory.appendingPathComponent("secret.zip").path
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.arguments = ["-q", "-r", "-P", "hunter2", path, "."]
        zip.currentDirectoryURL = folder
        try zip.run()
        zip.waitUntilExit()
        XCTAssertEqual(zip.terminationStatus, 0)
        let started = Date()
        XCTAssertEqual(
            problem(path),
            "is encrypted (connections/friends/your_friends.json needs a password): picker asks for none; unpack the archive with its password and give the folder"
        )
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    func testWhatCannotBeReadIsRefusedWithAMessage() throws {
        let link = try archive([Entry(name: layout, data: Data("/etc/passwd".utf8), symlink: true)])
        XCTAssertEqual(problem(link), "holds \(layout) as a symbolic link, not a file")
        let bzip2 = try archive([Entry(name: layout, data: Data(list.utf8), method: "bzip2")])
        XCTAssertEqual(
            problem(bzip2),
            "compresses \(layout) with method 12, which picker does not read (only stored and deflated): unpack the archive and give the folder"
        )
        // 100 MB of spaces deflate to some 100 KB: the list is read no further than 64 MB.
        let bomb = try archive([Entry(name: layout, data: Data(repeating: 0x20, count: 100 << 20))])
        XCTAssertEqual(problem(bomb), "its \(layout) unpacks to more than 64 MB")
        let html = try archive([Entry(name: "connections/friends/your_friends.html", data: Data("<html>".utf8))])
        XCTAssertEqual(
            problem(html),
            "is a Facebook export in HTML: picker reads the JSON one (download your information again with Format: JSON)"
        )
    }

    /// Damage anywhere is an error naming what is wrong, never a crash or a read past the file.
    func testADamagedArchiveIsAnError() throws {
        let good = try Data(contentsOf: URL(fileURLWithPath: try archive([Entry(name: layout, data: Data(list.utf8))])))
        let damaged = directory.appendingPathComponent("damaged.zip")
        var flipped = good
        // A byte of the deflated data, just after the local header and the name.
        flipped[30 + layout.utf8.count + 3] ^= 0xFF
        try flipped.write(to: damaged)
        XCTAssertTrue(problem(damaged.path)?.hasPrefix("is a damaged .zip archive: \(layout) cannot be read") ?? false)
        for cut in [0, 10, 22, good.count / 2, good.count - 23, good.count - 1] {
            try Data(good.prefix(cut)).write(to: damaged)
            XCTAssertNotNil(problem(damaged.path), "cut at \(cut)")
        }
        // Every single byte changed, one at a time: an error or the list, never a crash.
        for index in stride(from: 0, to: good.count, by: 3) {
            var changed = good
            changed[index] &+= 0x5B
            try changed.write(to: damaged)
            if let friends = try? FacebookExport.readArchive(damaged.path).friends {
                XCTAssertLessThanOrEqual(friends.count, 2)
            }
        }
    }

    func testANamedPipeOrADirectoryIsNotReadAsAnArchive() throws {
        let fifo = directory.appendingPathComponent("fifo.zip").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let started = Date()
        XCTAssertEqual(problem(fifo), "is not a regular file")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "no wait for a writer")
        XCTAssertEqual(problem(directory.path), "is not a regular file")
    }
}
