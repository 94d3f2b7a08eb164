import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// `--source` given more than once: the sources the command line names, and what a run of
/// them reports and exits with.
final class SeveralSourcesLaunchTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryFolder.make("several-sources")
    }

    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(Options.UsageError)
        -> Options
    {
        guard case .run(let options) = try Options.parse(arguments, environment: environment, defaultSource: nil)
        else { throw Options.UsageError("not a run") }
        return options
    }

    /// A vCard file `name` holding a card of each of `names`; its path.
    private func book(_ name: String, _ names: [String]) throws -> String {
        let cards = names.map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\($0)\r\nEND:VCARD\r\n" }.joined()
        let path = directory.appendingPathComponent(name).path
        try Data(cards.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testEachSourceOfTheCommandLineJoinsTheOthers() throws {
        XCTAssertEqual(
            try parse(["--source", "a.vcf", "--source", "b"]).source, .several([.file("a.vcf"), .file("b")]))
        let defaults = ["PICKER_DEFAULT_OPTS": "--source x.vcf --source y.vcf"]
        XCTAssertEqual(try parse([], defaults).source, .several([.file("x.vcf"), .file("y.vcf")]))
        XCTAssertEqual(
            try parse(["--source", "a.vcf"], defaults).source, .file("a.vcf"),
            "the command line's sources replace the defaults'")
        XCTAssertEqual(try parse(["--source", "a.vcf"], defaults).namedSources, [], "kept for the parse only")
    }

    func testStandardInputTwiceOrTwoURLsAreRefused() {
        XCTAssertThrowsError(try parse(["--source", "-", "--source", "-"])) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--source - reads the friends from standard input, which is the terminal here: pipe them in (command | picker) or name a file (--source FILE)"
            )
        }
        XCTAssertThrowsError(
            try Options.parse(
                ["--source", "-", "--source", "-"], environment: [:], defaultSource: nil,
                standardInputIsTerminal: false)
        ) { error in
            XCTAssertEqual(
                (error as? Options.UsageError)?.description,
                "--source - is given twice: standard input can be read once")
        }
        let twoURLs = ["--source", "https://a.example/me/friends", "--source", "https://b.example/me/friends"]
        XCTAssertThrowsError(try parse(twoURLs + ["--session", "t"])) { error in
            XCTAssertTrue(
                (error as? Options.UsageError)?.description.hasPrefix("--source names more than one URL") == true)
        }
    }

    func testAURLAmongSeveralSourcesTakesTheSession() throws {
        let options = try parse(["--source", "a.vcf", "--source", "https://a.example/me/friends", "--session", "t"])
        XCTAssertEqual(options.source.url?.host, "a.example")
        XCTAssertThrowsError(try parse(["--source", "a.vcf", "--source", "https://a.example/me/friends"])) { error in
            XCTAssertTrue((error as? Options.UsageError)?.description.contains("needs a session") == true)
        }
    }

    func testFilterPrintsEveryoneAndReportsTheSourceThatFailed() throws {
        let first = try book("first.vcf", ["Ada Lovelace"])
        let missing = directory.appendingPathComponent("gone.vcf").path
        let second = try book("second.vcf", ["Adam Novak", "Bob Stone"])
        let plan = LaunchPlan.start(
            try parse(["--source", first, "--source", missing, "--source", second, "-f", "ad"]))
        guard case .print(.friends(let friends)) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertEqual(friends.map(\.name), ["Ada Lovelace", "Adam Novak"])
        XCTAssertEqual(friends.map { $0.id.prefix(2) }, ["1:", "3:"])
        XCTAssertEqual(plan.reports, ["\(missing): no such file"])
    }

    func testWhenEverySourceFailsTheRunFails() throws {
        let missing = directory.appendingPathComponent("gone.vcf").path
        let empty = directory.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let plan = LaunchPlan.start(try parse(["--source", missing, "--source", empty, "-f", ""]))
        guard case .exit(let status) = plan.action else { return XCTFail("\(plan.action)") }
        XCTAssertEqual(status, .error)
        XCTAssertEqual(plan.reports.count, 1)
        XCTAssertTrue(
            plan.reports[0].hasPrefix("\(missing): no such file; and every other source failed too: \(empty): is empty")
        )
    }

    func testTheScreenEndReportsTheSourceThatFailed() throws {
        let first = try book("first.vcf", ["Ada Lovelace"])
        let missing = directory.appendingPathComponent("gone.vcf").path
        let options = try parse(["--source", missing, "--source", first])
        let (list, _, _) = try options.source.loader(token: nil, timeout: 1).list(sortOrder: .first)
        let state = PickerState(loaded: list, size: TerminalSize(rows: 10, columns: 40))
        let plan = LaunchPlan.finish(state, outcome: .cancelled, options: options)
        XCTAssertEqual(plan.reports, ["\(missing): no such file"])
        XCTAssertEqual(LaunchPlan.waitingWords(options.source), "reading 2 sources")
    }
}

extension SeveralSourcesLaunchTests {
    func testPickerSourceHoldsSeveralSeparatedAsPathIs() throws {
        let list =
            "~/a.vcf:https://graph.example:8443/me/friends:carddavs://ann@dav.example/:/b/c::carddav://127.0.0.1:5232"
        XCTAssertEqual(
            Options.sources(inList: list),
            [
                .file("~/a.vcf"), .url(URL(string: "https://graph.example:8443/me/friends")!),
                .cardDAV(URL(string: "carddavs://ann@dav.example/")!), .file("/b/c"),
                .cardDAV(URL(string: "carddav://127.0.0.1:5232")!),
            ])
        XCTAssertEqual(
            try parse([], ["PICKER_SOURCE": "a.vcf:b"]).source, .several([.file("a.vcf"), .file("b")]))
        XCTAssertEqual(try parse([], ["PICKER_SOURCE": "a.vcf"]).source, .file("a.vcf"))
        XCTAssertEqual(try parse(["--source", "c"], ["PICKER_SOURCE": "a.vcf:b"]).source, .file("c"))
    }
}
