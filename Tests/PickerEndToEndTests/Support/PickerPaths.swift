import Foundation

/// Where the binary under test is.
enum PickerPaths {
    /// The directories that may hold the binaries SwiftPM built with the tests. On Linux the test
    /// bundle is the executable `.build/<triple>/debug/<package>PackageTests.xctest`, in the build
    /// products directory next to `picker` (SwiftPM builds it first, as the test target depends
    /// on `PickerTUI`): `Bundle.main.bundleURL` is that directory; the directory of
    /// `CommandLine.arguments[0]` is the fallback, for a runner that would load the tests from
    /// elsewhere.
    static var buildProductsCandidates: [URL] {
        var candidates = [Bundle.main.bundleURL]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return candidates
    }

    /// The package's root directory.
    static func package() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The bundled sample friends, found from this file's place in the package.
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-friends.json").path

    /// The committed fixture `name` of `Tests/Fixtures` (contacts and exports made for the tests).
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The `picker` binary SwiftPM built for this test run.
    static func picker() throws -> URL { try product("picker") }

    /// The executable `name` SwiftPM built for this test run.
    static func product(_ name: String) throws -> URL {
        let candidates = buildProductsCandidates.map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw HarnessError("no \(name) binary next to the test bundle; looked at \(candidates.map(\.path))")
        }
        return found
    }
}
