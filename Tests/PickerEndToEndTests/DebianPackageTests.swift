import Foundation
import PickerTestSupport
import XCTest

/// `scripts/package-deb`: a package of the installed picker, its manual and completions in
/// Debian's places, that runs where it is unpacked and where dpkg installs it, with the
/// toolchain and the build tree out of reach.
final class DebianPackageTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = TemporaryFolder.root.appendingPathComponent("picker-deb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: output)
        super.tearDown()
    }

    /// Where ``built`` puts the package, removed when the class's tests are over.
    private static let output = TemporaryFolder.root.appendingPathComponent(
        "picker-deb-package-\(UUID().uuidString)")

    /// The package `scripts/package-deb` builds, once for the class's tests, in ``output`` (the
    /// release build in .build/static is shared with the install tests: whichever runs first
    /// builds it).
    private static let built = Result { () throws -> String in
        let built = try runCommand(
            PickerPaths.package().appendingPathComponent("scripts/package-deb"), ["--output", output.path],
            timeout: 1800)
        guard built.status == 0 else { throw HarnessError("scripts/package-deb failed: \(built.standardError)") }
        return built.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func dpkgDeb(_ arguments: [String]) throws -> String {
        let result = try runCommand(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), arguments)
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.output
    }

    /// Runs dpkg with `arguments` on the root `root`: its files, its database
    /// (`var/lib/dpkg`) and its log there, the system's own untouched.
    private func dpkg(root: URL, _ arguments: [String]) throws -> CommandResult {
        try runCommand(
            URL(fileURLWithPath: "/usr/bin/dpkg"),
            [
                "--root=\(root.path)", "--admindir=\(root.path)/var/lib/dpkg", "--log=\(root.path)/var/log/dpkg.log",
                "--force-not-root",
            ] + arguments, timeout: 60)
    }

    func testThePackageUnpacksAndRunsWithItsFilesInDebiansPlaces() throws {
        let package = try Self.built.get()
        XCTAssertTrue(package.hasSuffix("/picker_0.1.0_amd64.deb"), package)

        XCTAssertEqual(try dpkgDeb(["--field", package, "Package"]), "picker\n")
        XCTAssertEqual(try dpkgDeb(["--field", package, "Architecture"]), "amd64\n")
        let depends = try dpkgDeb(["--field", package, "Depends"])
        for library in ["libc6", "libncursesw6", "libtinfo6", "libstdc++6"] {
            XCTAssertTrue(depends.contains(library), depends)
        }
        XCTAssertFalse(depends.contains("swift"), depends)
        let contents = try dpkgDeb(["--contents", package])
        for path in [
            "./usr/bin/picker", "./usr/share/man/man1/picker.1.gz", "./usr/share/bash-completion/completions/picker",
            "./usr/share/zsh/vendor-completions/_picker", "./usr/share/fish/vendor_completions.d/picker.fish",
            "./usr/share/picker/sample-friends.json",
        ] {
            XCTAssertTrue(contents.contains(" \(path)\n"), "\(path) in\n\(contents)")
        }

        let unpacked = scratch.appendingPathComponent("unpacked")
        _ = try dpkgDeb(["--extract", package, unpacked.path])
        let manual = try runCommand(
            URL(fileURLWithPath: "/bin/gzip"),
            ["-dc", unpacked.appendingPathComponent("usr/share/man/man1/picker.1.gz").path])
        XCTAssertEqual(
            manual.standardOutput, try Data(contentsOf: PickerPaths.package().appendingPathComponent("docs/picker.1")))
        let hidden = try Installation.withoutToolchain(scratch: scratch.appendingPathComponent("empty"))
        let result = try hidden.runOnTerminal(
            unpacked.appendingPathComponent("usr/bin/picker").path, ["--filter", "ada"],
            environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasPrefix("Ada Augusta Lovelace\n"), "the package's sample: \(result.output)")
    }

    /// Installed by dpkg itself into a root of the test's (an empty database there, the
    /// libraries it depends on being the system's, which that database does not know), the
    /// program runs from a directory of its own with the toolchain and the build tree out of
    /// reach, on the sample dpkg put beside it; removing the package removes every file.
    func testDpkgInstallsThePackageThatThenRunsFromAnotherDirectoryAndRemovesIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg") else {
            throw XCTSkip("dpkg is not installed")
        }
        let package = try Self.built.get()
        let root = scratch.appendingPathComponent("root")
        for directory in ["var/lib/dpkg/info", "var/lib/dpkg/updates", "var/log"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try Data().write(to: root.appendingPathComponent("var/lib/dpkg/status"))
        let system = ["/var/lib/dpkg/status", "/var/log/dpkg.log"].map { FileManager.default.contents(atPath: $0) }

        let install = try dpkg(root: root, ["--force-depends", "--install", package])
        XCTAssertEqual(install.status, 0, install.standardError)
        let status = try dpkg(root: root, ["--status", "picker"])
        XCTAssertEqual(status.status, 0, status.standardError)
        XCTAssertTrue(status.output.contains("Status: install ok installed\n"), status.output)
        XCTAssertTrue(status.output.contains("Version: 0.1.0\n"), status.output)
        let listed = try dpkg(root: root, ["--listfiles", "picker"])
        XCTAssertEqual(listed.status, 0, listed.standardError)
        let files = listed.output.split(separator: "\n").map { root.path + $0 }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        let picker = root.appendingPathComponent("usr/bin/picker").path
        let sample = root.appendingPathComponent("usr/share/picker/sample-friends.json").path
        XCTAssertTrue(files.contains(picker) && files.contains(sample), "\(files)")

        let hidden = try Installation.withoutToolchain(scratch: scratch.appendingPathComponent("empty"))
        let demo = ["--session", "demo", "--filter", "ada"]
        let found = try hidden.runOnTerminal(picker, demo, environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(found.status, 0, found.output)
        XCTAssertTrue(found.output.hasPrefix("Ada Augusta Lovelace\n"), "the installed sample: \(found.output)")
        // The sample it read is the one under the root: without it, it has none.
        let aside = scratch.appendingPathComponent("sample-friends.json").path
        try FileManager.default.moveItem(atPath: sample, toPath: aside)
        let lost = try hidden.runOnTerminal(picker, demo, environment: ["LANG": "C.UTF-8"])
        try FileManager.default.moveItem(atPath: aside, toPath: sample)
        XCTAssertEqual(lost.status, 2, lost.output)
        XCTAssertTrue(lost.output.contains("give --source FILE"), lost.output)

        let remove = try dpkg(root: root, ["--remove", "picker"])
        XCTAssertEqual(remove.status, 0, remove.standardError)
        XCTAssertEqual(files.filter { FileManager.default.fileExists(atPath: $0) }, [], "every file removed")
        XCTAssertNotEqual(try dpkg(root: root, ["--status", "picker"]).status, 0, "picker is no longer installed")
        XCTAssertEqual(
            ["/var/lib/dpkg/status", "/var/log/dpkg.log"].map { FileManager.default.contents(atPath: $0) }, system,
            "the system's database and log untouched")
    }
}
