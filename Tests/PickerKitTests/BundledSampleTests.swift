import Foundation
import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// The sample is found from where the program is: beside an installed picker, or in the
/// package a picker in `.build` was built in; never at a path fixed when it was built.
final class BundledSampleTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("picker-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func place(_ path: String) throws -> String {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: url)
        return url.path
    }

    func testTheCandidatesAreBesideTheProgramThenInThePackage() {
        XCTAssertEqual(
            BundledSample.candidates(executable: "/usr/local/bin/picker"),
            ["/usr/local/share/picker/sample-friends.json"])
        XCTAssertEqual(
            BundledSample.candidates(executable: "/src/picker/.build/x86_64-unknown-linux-gnu/debug/picker"),
            [
                "/src/picker/.build/x86_64-unknown-linux-gnu/share/picker/sample-friends.json",
                "/src/picker/sample-friends.json",
            ])
    }

    func testAnInstalledSampleIsFoundBeforeAnythingElse() throws {
        let sample = try place("prefix/share/picker/sample-friends.json")
        XCTAssertEqual(
            BundledSample.locate(executable: directory.appendingPathComponent("prefix/bin/picker").path), sample)
    }

    func testAPackageSampleIsFoundFromItsBuildDirectory() throws {
        let sample = try place("package/sample-friends.json")
        let program = directory.appendingPathComponent("package/.build/x86_64-unknown-linux-gnu/release/picker").path
        XCTAssertEqual(BundledSample.locate(executable: program), sample)
    }

    func testNoSampleAnywhereIsNil() {
        XCTAssertNil(BundledSample.locate(executable: directory.appendingPathComponent("bin/picker").path))
        XCTAssertNil(BundledSample.locate(executable: nil))
    }

    func testWithoutASampleASourceMustBeNamed() throws {
        XCTAssertThrowsError(try Options.parse(["--session", "demo"], environment: [:], defaultSource: nil)) { error in
            XCTAssertEqual((error as? Options.UsageError)?.description, BundledSample.missing)
        }
        XCTAssertEqual(
            try Options.parse(
                ["--source", "-"], environment: [:], defaultSource: nil, standardInputIsTerminal: false),
            .run(Options(source: .standardInput)))
        XCTAssertEqual(
            try Options.parse([], environment: ["PICKER_SOURCE": "f.json"], defaultSource: nil),
            .run(Options(source: .file("f.json"))))
        XCTAssertEqual(try Options.parse(["--version"], environment: [:], defaultSource: nil), .version)
    }
}
