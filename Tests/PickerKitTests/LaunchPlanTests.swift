import PickerTestSupport
import XCTest

@testable import PickerKit
@testable import PickerSources
@testable import PickerStore

/// What `picker` does at launch and when its screen closes, decided from options and friends.
final class LaunchPlanTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = TemporaryFolder.root.appendingPathComponent("launch-plan-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// Options reading a JSON file of Ada, Adam, Bob, and Ada's id again.
    private func options(_ change: (inout Options) -> Void = { _ in }) throws -> Options {
        let path = directory.appendingPathComponent("friends.json").path
        let json = """
            [{"id": "1", "name": "Ada Lovelace"}, {"id": "2", "name": "Adam Novak"}, {"id": "3", "name": "Bob Stone"},
             {"id": "1", "name": "Ada Again"}]
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        var options = Options(source: .file(path))
        change(&options)
        return options
    }

    /// For a mail client, a plain term matches the start of an address, as what is typed in
    /// `To:` often is; for the other formats only a term with `@` looks in addresses.
    func testTheMailFormatsSearchAddressesWithoutAnAt() throws {
        let path = directory.appendingPathComponent("book.vcf").path
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jürgen Weiß\r\nEMAIL:juergen@example.de\r\nEND:VCARD\r\n"
        try Data(card.utf8).write(to: URL(fileURLWithPath: path))
        for (format, found) in [("mutt", ["Jürgen Weiß"]), ("aerc", ["Jürgen Weiß"]), ("names", nil)] {
            guard
                case .run(let options) = try Options.parse(
                    ["--source", path, "--filter", "juer", "--format", format], environment: [:],
                    defaultSource: "sample.json", standardInputIsTerminal: true)
            else { return XCTFail("no run") }
            XCTAssertEqual(printed(.start(options)), found, format)
        }
    }

    private var leftOutReport: String {
        directory.appendingPathComponent("friends.json").path
            + ": 1 friend left out as given before (the same id, or the same contact twice; the first is kept)"
    }

    private func printed(_ plan: LaunchPlan) -> [String]? {
        guard case .print(let matches) = plan.action else { return nil }
        switch matches {
        case .friends(let friends): return friends.map(\.name)
        case .lines(let lines): return lines.friends.map(\.name)
        }
    }

    private func status(_ plan: LaunchPlan) -> ExitStatus? {
        guard case .exit(let status) = plan.action else { return nil }
        return status
    }

    private func screen(_ plan: LaunchPlan) -> (state: PickerState, streams: Bool)? {
        guard case .openScreen(let state, let loader) = plan.action else { return nil }
        return (state, loader != nil)
    }

    /// The screen opens before the source answers, its title saying what it waits for.
    func testTheScreenSaysWhatItWaitsForUntilTheFirstFriendsArrive() throws {
        let plan = LaunchPlan.start(try options())
        var state = try XCTUnwrap(screen(plan)).state
        XCTAssertEqual(state.configuration.waitingFor, "reading friends.json")
        state.send(.resized(rows: 6, columns: 60))
        XCTAssertEqual(state.frame().lines[0].text, "Select Friends ⠋ reading friends.json…      0/0 · 0 selected")
        state.send(.friendsArrived(FriendBatch([Friend(id: "1", name: "Ada Lovelace")])))
        XCTAssertEqual(state.frame().lines[0].text, "Select Friends ⠋ loading…                   1/1 · 0 selected")

        XCTAssertEqual(LaunchPlan.waitingWords(.standardInput), "reading standard input")
        let url = try XCTUnwrap(URL(string: "https://graph.example.org:8443/v19.0/me/friends?access_token=x"))
        XCTAssertEqual(LaunchPlan.waitingWords(.url(url)), "connecting to graph.example.org")
    }

    func testFilterPrintsTheMatchesAndReportsTheRepeatedIds() throws {
        let plan = LaunchPlan.start(try options { $0.filter = "ad" })
        XCTAssertEqual(printed(plan), ["Ada Lovelace", "Adam Novak"])
        XCTAssertEqual(plan.reports, [leftOutReport])
        XCTAssertEqual(status(LaunchPlan.start(try options { $0.filter = "zz" })), .nothingToPrint)
    }

    func testFilterPrintsAtMostTheLimit() throws {
        XCTAssertEqual(
            printed(
                LaunchPlan.start(
                    try options {
                        $0.filter = "a"
                        $0.configuration.limit = 1
                    })), ["Ada Lovelace"])
        XCTAssertEqual(
            printed(
                LaunchPlan.start(
                    try options {
                        $0.filter = "a"
                        $0.configuration.limit = 5
                    })),
            ["Ada Lovelace", "Adam Novak"], "a limit above the matches prints them all")
    }

    func testSelectOnePrintsTheOnlyMatchWithoutAScreen() throws {
        let plan = LaunchPlan.start(
            try options {
                $0.selectOne = true
                $0.query = "bob"
            })
        XCTAssertEqual(printed(plan), ["Bob Stone"])
        XCTAssertEqual(plan.reports, [leftOutReport])
    }

    func testExitZeroExitsWhenNobodyMatches() throws {
        let plan = LaunchPlan.start(
            try options {
                $0.exitZero = true
                $0.query = "zz"
            })
        XCTAssertEqual(status(plan), .nothingToPrint)
        XCTAssertEqual(plan.reports, [leftOutReport])
    }

    /// With more than one match, the screen opens on everyone, already loaded: no loader, the
    /// query applied, the given ids selected, the unknown ones reported when the screen closes.
    func testSelectOneWithManyMatchesOpensTheScreenOnEveryone() throws {
        let options = try options {
            $0.selectOne = true
            $0.exitZero = true
            $0.query = "ad"
            $0.preselected = ["2", "9"]
        }
        let plan = LaunchPlan.start(options)
        XCTAssertEqual(plan.reports, [leftOutReport])
        let (state, streams) = try XCTUnwrap(screen(plan))
        XCTAssertFalse(streams)
        XCTAssertEqual(state.phase, .browsing)
        XCTAssertEqual(state.loading, .complete)
        XCTAssertEqual(state.list.count, 3)
        XCTAssertEqual(state.shown.map { state.list.friends[$0].name }, ["Ada Lovelace", "Adam Novak"])
        XCTAssertEqual(state.currentFriend?.name, "Ada Lovelace")
        XCTAssertEqual(state.selection.orderedIDs, ["2"])
        let finish = LaunchPlan.finish(state, outcome: .finished, options: options)
        XCTAssertEqual(finish.reports, ["--select: no friend has the id '9'"], "left out friends were reported before")
        XCTAssertEqual(printed(finish), ["Adam Novak"])
    }

    func testOtherwiseTheScreenOpensWhileTheSourceLoads() throws {
        let plan = LaunchPlan.start(try options { $0.query = "ad" })
        XCTAssertEqual(plan.reports, [])
        let (state, streams) = try XCTUnwrap(screen(plan))
        XCTAssertTrue(streams)
        XCTAssertEqual(state.phase, .loading)
        XCTAssertEqual(state.query.text, "ad")
    }

    func testASourceOrSessionThatFailsExitsWithItsMessage() throws {
        let missing = LaunchPlan.start(Options(source: .file("/nonexistent/friends.json")))
        XCTAssertNotNil(screen(missing), "nothing is read before the screen opens: the loader reports the file")
        let filtered = LaunchPlan.start(
            try options {
                $0.source = .file("/nonexistent/friends.json")
                $0.filter = "a"
            })
        XCTAssertEqual(status(filtered), .error)
        XCTAssertEqual(filtered.reports, ["/nonexistent/friends.json: no such file"])
        let session = LaunchPlan.start(try options { $0.session = .file("/nonexistent/session") })
        XCTAssertEqual(status(session), .error)
        XCTAssertEqual(session.reports, ["--session-file /nonexistent/session: cannot be read"])
        let rejected = LaunchPlan.failed(
            SourceError(source: "https://host/me/friends", problem: "no", rejectsSession: true))
        XCTAssertEqual(status(rejected), .sessionRejected)
        XCTAssertEqual(rejected.reports, ["https://host/me/friends: no"])
    }

    /// mutt leaves standard error on its screen: for the formats a mail client reads, only a run
    /// that fails writes its reports; the notes of what was left out are for a person.
    func testAMailClientsFormatGetsOnlyTheReportsOfARunThatFails() throws {
        let filtered = LaunchPlan.start(try options { $0.filter = "ad" })
        XCTAssertEqual(filtered.reports(for: .names), [leftOutReport])
        XCTAssertEqual(filtered.reports(for: .address), [leftOutReport])
        XCTAssertEqual(filtered.reports(for: .mutt), [])
        XCTAssertEqual(filtered.reports(for: .aerc), [])
        let nobody = LaunchPlan.start(try options { $0.filter = "zz" })
        XCTAssertEqual(nobody.reports(for: .mutt), [], "matching nobody is no failure")
        let missing = LaunchPlan.start(
            try options {
                $0.source = .file("/nonexistent/friends.json")
                $0.filter = "a"
            })
        XCTAssertEqual(missing.reports(for: .mutt), ["/nonexistent/friends.json: no such file"])
        let rejected = LaunchPlan.failed(
            SourceError(source: "https://host/me/friends", problem: "no", rejectsSession: true))
        XCTAssertEqual(rejected.reports(for: .aerc), ["https://host/me/friends: no"])
    }

    /// When the screen closes: the friends left out while it was open, the ids no friend had
    /// once everyone arrived, the ids over the limit; then the result, or the status.
    func testTheEndReportsWhatTheStateLeftOutThenPrintsOrExits() throws {
        let options = try options {
            $0.preselected = ["3", "1", "9"]
            $0.configuration.limit = 1
        }
        var state = PickerState(
            preselected: options.preselected, size: TerminalSize(rows: 10, columns: 40),
            configuration: options.configuration)
        let friends = [
            Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Adam Novak"),
            Friend(id: "3", name: "Bob Stone"),
            Friend(id: "1", name: "Ada Again"),
        ]
        state.send(.friendsArrived(FriendBatch(friends)))
        let loading = LaunchPlan.finish(state, outcome: .finished, options: options)
        XCTAssertEqual(loading.reports, [leftOutReport, "--select: '3' left out, over --limit 1"])
        XCTAssertEqual(printed(loading), ["Ada Lovelace"])
        state.send(.loadingFinished)
        let loaded = LaunchPlan.finish(state, outcome: .cancelled, options: options)
        XCTAssertEqual(
            loaded.reports,
            [leftOutReport, "--select: no friend has the id '9'", "--select: '3' left out, over --limit 1"])
        XCTAssertEqual(status(loaded), .cancelled)
        for event: PickerEvent in [.toggleReview, .toggleAllShown, .back] { state.send(event) }
        XCTAssertTrue(state.selection.isEmpty)
        state.send(.startSearch)
        state.send(.typed("zz"))
        XCTAssertEqual(status(LaunchPlan.finish(state, outcome: .finished, options: options)), .nothingToPrint)
    }

    func testAURLSourceIsNamedWithoutTheTokenWhereverItHoldsIt() {
        let token = "tok-SECRET-4242"
        let url = URL(string: "https://graph.example/x/\(token)/me/friends?s=\(token)")!
        let options = Options(session: .token(token), source: .url(url))
        var state = PickerState(size: TerminalSize(rows: 10, columns: 40), configuration: options.configuration)
        let repeated = [Friend(id: "1", name: "Ada Lovelace"), Friend(id: "1", name: "Ada Again")]
        state.send(.friendsArrived(FriendBatch(repeated)))
        let report =
            "https://graph.example/x/REDACTED/me/friends?s=REDACTED: 1 friend left out as given before (the same id, or the same contact twice; the first is kept)"
        XCTAssertEqual(LaunchPlan.finish(state, outcome: .cancelled, options: options).reports, [report])
        let everyone = LaunchPlan.withEveryone(FriendList([repeated[0]]), leftOut: 1, options: options, token: token)
        XCTAssertEqual(everyone.reports, [report])
    }
}
