import Foundation
import PickerTestSupport
import XCTest

/// The picker as `scripts/install` installs it, into a temporary prefix, once per test run (the
/// first install builds the release binary in `.build/static`, about a minute and a half from
/// cold; later ones find it built).
enum Installation {
    /// The prefix of the installation of this test run.
    static func prefix() throws -> URL {
        try installed.get()
    }

    private static let installed = Result { () throws -> URL in
        let prefix = TemporaryFolder.root.appendingPathComponent("picker-prefix-\(UUID().uuidString)")
        try install(into: prefix)
        return prefix
    }

    /// Runs `scripts/install` with `arguments` after `--prefix prefix`.
    @discardableResult
    static func install(into prefix: URL, _ arguments: [String] = []) throws -> CommandResult {
        let result = try runCommand(
            PickerPaths.package().appendingPathComponent("scripts/install"), ["--prefix", prefix.path] + arguments,
            timeout: 1800)
        guard result.status == 0 else { throw HarnessError("scripts/install failed: \(result.standardError)") }
        return result
    }

    /// The directory of the toolchain's libraries (`…/usr/lib`, holding `swift/linux/
    /// libswiftCore.so`, Foundation and Dispatch), as this test process has them mapped.
    static func toolchainLibraries() throws -> String {
        // Read to its end: a file of /proc says it is empty, and Foundation reads no further
        // than a first buffer.
        let file = open("/proc/self/maps", O_RDONLY)
        guard file >= 0 else { throw HarnessError("cannot read /proc/self/maps") }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while case let count = read(file, &chunk, chunk.count), count > 0 { bytes += chunk[0..<count] }
        let maps = String(decoding: bytes, as: UTF8.self)
        guard let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let path = line.split(separator: " ").last
        else { throw HarnessError("libswiftCore.so is not mapped in the test process") }
        // …/usr/lib/swift/linux/libswiftCore.so
        return URL(fileURLWithPath: String(path)).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The toolchain's libraries and the package (its build tree with it) out of reach, with
    /// the empty stand-ins in `scratch`.
    static func withoutToolchain(scratch: URL) throws -> PrivateMounts {
        try PrivateMounts(hiding: [try toolchainLibraries(), PickerPaths.package().path], scratch: scratch)
    }
}
