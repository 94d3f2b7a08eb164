import Foundation
import Glibc
import PickerTestSupport
import XCTest

@testable import PickerSources
@testable import PickerStore

/// The one way picker opens what it reads: what it opens, what it refuses, and that nothing
/// it refuses is waited on or read.
final class InputFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("input-file-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// What `body` returns, run on a thread of its own and given `seconds`: nil when it is
    /// still running then (it is left to finish, or not, on its own).
    private func withinTime<Value: Sendable>(
        _ seconds: Double = 10, _ body: @escaping @Sendable () -> Value
    ) -> Value? {
        let done = DispatchSemaphore(value: 0)
        let box = Box<Value>()
        Thread {
            box.value = body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
    }

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The problem opening and reading `path` whole gives, or nil when it is read.
    private func problem(
        _ path: String, trust: InputFile.Trust, limit: ReadLimit = .source, allowingDirectory: Bool = false
    ) -> String?? {
        withinTime { () -> String? in
            do throws(SourceError) {
                let file = try InputFile.open(path, trust: trust, limit: limit, allowingDirectory: allowingDirectory)
                if file.isDirectory { return nil }
                _ = try file.readAll()
                return nil
            } catch {
                return error.problem
            }
        }
    }

    func testARegularFileIsReadWhole() throws {
        try Data("Ada\n".utf8).write(to: URL(fileURLWithPath: path("names.txt")))
        for trust in [InputFile.Trust.named, .contained] {
            let file = try InputFile.open(path("names.txt"), trust: trust, limit: .source)
            XCTAssertTrue(file.isRegular)
            XCTAssertEqual(file.size, 4)
            XCTAssertEqual(try file.readAll(), Array("Ada\n".utf8))
            XCTAssertEqual(file.bytesRead, 4)
        }
    }

    func testDevicesSocketsAndFoldersAreRefusedSayingWhatTheyAre() throws {
        XCTAssertEqual(problem("/dev/zero", trust: .named), "is a character device, not a regular file")
        XCTAssertEqual(problem("/dev/null", trust: .contained), "is a character device, not a regular file")
        XCTAssertEqual(problem(directory.path, trust: .named), "is a directory, not a regular file")
        XCTAssertEqual(problem(directory.path, trust: .named, allowingDirectory: true), .some(nil))
        XCTAssertEqual(problem(path("missing"), trust: .named), "no such file")
        let socketPath = path("socket")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(problem(socketPath, trust: .named), "is a socket, not a regular file")
    }

    /// A symbolic link is followed where the user named the path, and refused inside what
    /// picker owns or looks into: to /dev/zero it would be read for ever.
    func testASymbolicLinkIsRefusedWhereThePathIsPickersToTrust() throws {
        try FileManager.default.createSymbolicLink(atPath: path("zero"), withDestinationPath: "/dev/zero")
        XCTAssertEqual(problem(path("zero"), trust: .contained), "is a symbolic link, which picker does not follow")
        XCTAssertEqual(problem(path("zero"), trust: .named), "is a character device, not a regular file")
        try Data("Ada\n".utf8).write(to: URL(fileURLWithPath: path("names.txt")))
        try FileManager.default.createSymbolicLink(atPath: path("link.txt"), withDestinationPath: path("names.txt"))
        XCTAssertEqual(problem(path("link.txt"), trust: .named), .some(nil))
        XCTAssertEqual(problem(path("link.txt"), trust: .contained), "is a symbolic link, which picker does not follow")
    }

    /// A FIFO that no one writes to is refused at once inside what picker trusts, not waited
    /// on in `open` for ever; one the user named is read once a writer comes.
    func testAFIFOIsRefusedAtOnceUnlessTheUserNamedIt() throws {
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(problem(fifo, trust: .contained), "is a FIFO (named pipe), not a regular file")
        Thread {
            usleep(100_000)
            let descriptor = open(fifo, O_WRONLY)
            _ = "Ada\n".withCString { write(descriptor, $0, 4) }
            close(descriptor)
        }.start()
        let read = withinTime { () -> [UInt8]? in
            guard let file = try? InputFile.open(fifo, trust: .named, limit: .source) else { return nil }
            return try? file.readAll()
        }
        XCTAssertEqual(read ?? nil, Array("Ada\n".utf8), "the writer's bytes, read after it came")
    }

    func testAFileLargerThanTheLimitIsRefusedBeforeAByteIsRead() throws {
        let limit = ReadLimit(bytes: 1 << 10, bounded: "a test")
        try Data(count: 1025).write(to: URL(fileURLWithPath: path("large")))
        XCTAssertEqual(
            problem(path("large"), trust: .named, limit: limit),
            "is larger than 1 KB, the most picker reads from a test")
        try Data(count: 1024).write(to: URL(fileURLWithPath: path("just")))
        XCTAssertEqual(problem(path("just"), trust: .named, limit: limit), .some(nil))
    }

    /// A stream is stopped as soon as it passes the limit, however much more it would give.
    func testAStreamIsStoppedAtTheLimit() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let writer = Thread {
            let block = [UInt8](repeating: 0x20, count: 4096)
            while block.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
            close(writeEnd)
        }
        signal(SIGPIPE, SIG_IGN)
        writer.start()
        let input = try InputFile.reading(
            readEnd, name: "standard input", limit: ReadLimit(bytes: 10_000, bounded: "a test"))
        XCTAssertThrowsError(try input.readAll()) { error in
            XCTAssertEqual(
                (error as? SourceError)?.description,
                "standard input: holds more than 10000 bytes, the most picker reads from a test")
        }
        XCTAssertLessThanOrEqual(input.bytesRead, 10_001)
    }

    func testLimitsAreNamedInWholeUnits() {
        XCTAssertEqual(ReadLimit.source.shown, "1 GB")
        XCTAssertEqual(ReadLimit.exportFriendsList.shown, "64 MB")
        XCTAssertEqual(ReadLimit.session.shown, "64 KB")
        XCTAssertEqual(ReadLimit(bytes: 1000, bounded: "x").shown, "1000 bytes")
    }
}
