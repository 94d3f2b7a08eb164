import Foundation
import XCTest

/// `scripts/package-deb`: a package of the installed picker, its manual and completions in
/// Debian's places, that runs where it is unpacked with the toolchain and the build tree out of
/// reach.
final class DebianPackageTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("picker-deb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    private func dpkgDeb(_ arguments: [String]) throws -> String {
        let result = try runCommand(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), arguments)
        XCTAssertEqual(result.status, 0, result.standardError)
        return result.output
    }

    func testThePackageUnpacksAndRunsWithItsFilesInDebiansPlaces() throws {
        // The release build in .build/static is shared with the install tests: whichever runs
        // first builds it.
        let built = try runCommand(
            PickerPaths.package().appendingPathComponent("scripts/package-deb"),
            ["--output", scratch.appendingPathComponent("out").path], timeout: 1800)
        XCTAssertEqual(built.status, 0, built.standardError)
        let package = built.output.trimmingCharacters(in: .whitespacesAndNewlines)
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
}
