import Foundation
import PickerTestSupport
import XCTest

/// `scripts/install`: one binary that needs only Debian's libraries, installed with its manual,
/// completions and sample where each is looked for, running with the toolchain and the build
/// tree out of reach.
final class InstallTests: TmuxTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = TemporaryFolder.root.appendingPathComponent("picker-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    private func installed(_ path: String) throws -> URL { try Installation.prefix().appendingPathComponent(path) }

    func testEveryFileGoesWhereItsToolLooks() throws {
        let package = PickerPaths.package()
        let copies = [
            "share/man/man1/picker.1": "docs/picker.1",
            "share/bash-completion/completions/picker": "completions/picker.bash",
            "share/zsh/site-functions/_picker": "completions/_picker",
            "share/fish/vendor_completions.d/picker.fish": "completions/picker.fish",
            "share/picker/sample-friends.json": "sample-friends.json",
        ]
        for (place, source) in copies {
            XCTAssertEqual(
                try Data(contentsOf: installed(place)), try Data(contentsOf: package.appendingPathComponent(source)),
                place)
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: try installed("bin/picker").path))
    }

    func testTheProgramNeedsOnlyDebiansLibrariesAndIsStripped() throws {
        let picker = try installed("bin/picker").path
        let libraries = try runCommand(URL(fileURLWithPath: "/usr/bin/ldd"), [picker])
        XCTAssertEqual(libraries.status, 0, libraries.standardError)
        for name in ["libswift", "libFoundation", "libdispatch", "libcurl", "libicu"] {
            XCTAssertFalse(libraries.output.contains(name), "\(name) in\n\(libraries.output)")
        }
        let dynamic = try runCommand(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", picker])
        XCTAssertFalse(dynamic.output.contains("RUNPATH"), dynamic.output)
        XCTAssertFalse(dynamic.output.contains("RPATH"), dynamic.output)
        let sections = try runCommand(URL(fileURLWithPath: "/usr/bin/readelf"), ["-S", "-W", picker])
        XCTAssertFalse(sections.output.contains(".symtab"), "stripped")
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: picker)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 20 << 20, "at most 20 MB, not \(size >> 20) MB")
    }

    func testTheProgramHoldsNoPathOfTheBuildTree() throws {
        let binary = try Data(contentsOf: installed("bin/picker"))
        let package = PickerPaths.package().path
        XCTAssertNil(binary.range(of: Data(package.utf8)), "\(package) is in the binary")
    }

    func testItRunsWithTheToolchainAndTheBuildTreeOutOfReach() throws {
        let hidden = try Installation.withoutToolchain(scratch: scratch)
        let picker = try installed("bin/picker").path
        // From a directory of its own, not from the package (this test's working directory),
        // where the hidden build tree would still be within reach of relative paths.
        let place = try hidden.run("/bin/pwd", [])
        XCTAssertEqual(place.output, hidden.workingDirectory.path + "\n")
        XCTAssertFalse(place.output.hasPrefix(PickerPaths.package().path), place.output)
        let version = try hidden.run(picker, ["--version"])
        XCTAssertEqual(version.status, 0, version.standardError)
        XCTAssertTrue(version.output.hasPrefix("picker "), version.output)
        let filtered = try hidden.runOnTerminal(picker, ["--filter", "ada"], environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(filtered.status, 0, filtered.output)
        XCTAssertTrue(filtered.output.hasPrefix("Ada Augusta Lovelace\n"), "the installed sample: \(filtered.output)")

        let screen = try startPicker(program: hidden.launcher + [picker])
        XCTAssertTrue(try screen.screen().title.contains("/176 · 0 selected"))
        try screen.press("Enter")
        XCTAssertEqual(try screen.waitForExit().status, 0)
    }

    func testWithoutItsSampleItSaysHowToGiveASource() throws {
        let lone = scratch.appendingPathComponent("lone/bin/picker")
        try FileManager.default.createDirectory(at: lone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try installed("bin/picker"), to: lone)
        let hidden = try Installation.withoutToolchain(scratch: scratch.appendingPathComponent("empty"))
        let result = try hidden.runOnTerminal(lone.path, ["--filter", "ada"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.output.contains("give --source FILE"), result.output)
        XCTAssertTrue(try hidden.run(lone.path, ["--source", "-", "--filter", ""]).status == 1, "a source given works")
    }

    func testUninstallRemovesWhatWasInstalled() throws {
        let prefix = scratch.appendingPathComponent("prefix")
        try Installation.install(into: prefix)
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/picker").path))
        try Installation.install(into: prefix, ["--uninstall"])
        let left = FileManager.default.enumerator(atPath: prefix.path)?.compactMap { $0 as? String } ?? []
        let files = left.filter { path in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: prefix.appendingPathComponent(path).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }
        XCTAssertEqual(files, [], "every installed file is gone")
    }

    func testAMissingHeaderIsNamedWithItsPackageBeforeAnyBuild() throws {
        let prefix = scratch.appendingPathComponent("prefix")
        let headers = ["/usr/include/curl", "/usr/include/x86_64-linux-gnu/curl", "/usr/include/qrencode.h"]
        let script = PickerPaths.package().appendingPathComponent("scripts/install").path
        let result = try runHiding(headers, script, ["--prefix", prefix.path])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertEqual(
            result.standardError,
            """
            install: building picker needs the C headers of libcurl4-openssl-dev libqrencode-dev; install them with
              sudo apt-get install libcurl4-openssl-dev libqrencode-dev

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path), "nothing built or installed")
    }

    /// Fish and zsh as a login on a console finds them: no `XDG_DATA_DIRS`, a home of its own,
    /// the prefix's `bin` on `PATH` (fish loads a command's completions only when it finds the
    /// command), zsh's default `fpath`.
    private func completionsFound(in hidden: PrivateMounts, home: URL, bin: String) throws -> (
        fish: CommandResult?, zsh: CommandResult?
    ) {
        let environment: [String: String?] = [
            "HOME": home.path, "XDG_DATA_DIRS": nil, "XDG_CONFIG_HOME": nil, "XDG_DATA_HOME": nil,
            "PATH": "\(bin):/usr/bin:/bin",
        ]
        let fish = "/usr/bin/fish"
        let zsh = "/usr/bin/zsh"
        return (
            FileManager.default.isExecutableFile(atPath: fish)
                ? try hidden.run(fish, ["-c", "complete -C 'picker --tim'"], environment: environment) : nil,
            FileManager.default.isExecutableFile(atPath: zsh)
                ? try hidden.run(
                    zsh, ["-fc", #"for d in $fpath; do [[ -f $d/_picker ]] && print -r -- $d/_picker; done"#],
                    environment: environment) : nil
        )
    }

    func testFishAndZshFindTheCompletionsOfTheDefaultInstall() throws {
        guard FileManager.default.fileExists(atPath: "/etc/fish") else {
            throw XCTSkip("fish is not installed: the default install would write this machine's /etc/fish")
        }
        let home = scratch.appendingPathComponent("home")
        let local = scratch.appendingPathComponent("usr-local")
        let etcFish = scratch.appendingPathComponent("etc-fish")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/etc/fish", toPath: etcFish.path)
        // This machine's /usr/local and /etc/fish, replaced by the test's for the install.
        let hidden = try PrivateMounts(
            hiding: [], replacing: ["/usr/local": local.path, "/etc/fish": etcFish.path],
            scratch: scratch.appendingPathComponent("empty"))
        let install = try hidden.run(
            PickerPaths.package().appendingPathComponent("scripts/install").path, [], timeout: 1800)
        XCTAssertEqual(install.status, 0, install.standardError)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: etcFish.appendingPathComponent("completions/picker.fish").path))
        let (fish, zsh) = try completionsFound(in: hidden, home: home, bin: "/usr/local/bin")
        if let fish {
            XCTAssertEqual(fish.status, 0, fish.standardError)
            XCTAssertTrue(fish.output.hasPrefix("--timeout\t"), "fish finds the completion: '\(fish.output)'")
        }
        if let zsh {
            XCTAssertEqual(zsh.output, "/usr/local/share/zsh/site-functions/_picker\n", "zsh finds the completion")
        }
        let uninstall = try hidden.run(
            PickerPaths.package().appendingPathComponent("scripts/install").path, ["--uninstall"])
        XCTAssertEqual(uninstall.status, 0, uninstall.standardError)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: etcFish.appendingPathComponent("completions/picker.fish").path),
            "--uninstall removes fish's completion from /etc/fish too")
    }

    func testFishFindsTheCompletionOfAnInstallInTheHome() throws {
        let home = scratch.appendingPathComponent("home")
        let prefix = home.appendingPathComponent(".local")
        try Installation.install(into: prefix)
        let hidden = try PrivateMounts(hiding: [], scratch: scratch.appendingPathComponent("empty"))
        guard
            let fish = try completionsFound(in: hidden, home: home, bin: prefix.appendingPathComponent("bin").path).fish
        else { throw XCTSkip("fish is not installed") }
        XCTAssertTrue(fish.output.hasPrefix("--timeout\t"), "fish finds ~/.local's completion: '\(fish.output)'")
    }
}
