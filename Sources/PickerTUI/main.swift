import Foundation
import PickerKit

/// The bundled sample, found from this file's place in the package.
let bundledSample = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-friends.json").path

StandardStreams.guardClosedDescriptors()
// A closed pipe on standard output is an EPIPE to handle, not a signal that kills.
signal(SIGPIPE, SIG_IGN)

/// Reports `message` on standard error (control characters made visible) and exits.
func fail(_ message: String, status: ExitStatus = .error) -> Never {
    StandardStreams.report(message)
    exit(status.rawValue)
}

/// Exits with the status and message `error` calls for.
func fail(_ error: SourceError) -> Never {
    fail(error.description, status: error.rejectsSession ? .sessionRejected : .error)
}

/// Prints `friends` in `options`' format and exits: 0 when some were printed, 1 when none,
/// 141 when the reader of standard output has gone.
func printAndExit(_ friends: [Friend], _ options: Options) -> Never {
    printAndExit(count: friends.count, options.format.render(friends, print0: options.print0))
}

/// Prints the matches of `--filter` in `options`' format and exits as ``printAndExit(_:_:)``.
func printAndExit(_ matches: FilterMatches, _ options: Options) -> Never {
    switch matches {
    case .friends(let friends): printAndExit(friends, options)
    case .lines(let lines): printAndExit(count: lines.count, options.format.render(lines, print0: options.print0))
    }
}

/// Writes `output`, the rendering of `count` friends, and exits as ``printAndExit(_:_:)``.
func printAndExit(count: Int, _ output: @autoclosure () -> [UInt8]) -> Never {
    guard count > 0 else { exit(ExitStatus.nothingToPrint.rawValue) }
    switch StandardStreams.writeOutput(output()) {
    case .written: exit(ExitStatus.printed.rawValue)
    case .readerGone: exit(ExitStatus.outputClosed.rawValue)
    case .failed(let reason): fail("cannot write the result: \(reason)")
    }
}

/// Says on standard error how many friends a repeated id left out, when some were.
func reportLeftOut(_ leftOut: Int, source: FriendSource) {
    guard leftOut > 0 else { return }
    let friends = leftOut == 1 ? "1 friend" : "\(leftOut) friends"
    StandardStreams.report(
        "\(source.displayName): \(friends) with an id seen before left out (the first of each id is kept)")
}

let options: Options
do {
    switch try Options.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        defaultSource: bundledSample)
    {
    case .help:
        print(HelpPage.text)
        exit(0)
    case .version:
        print("picker \(Options.version)")
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    fail(error.description)
}

let token: String?
do {
    token = try options.sessionToken()
} catch {
    fail(error.description)
}
MemoryTuning.returnLargeBlocksToTheSystem()

/// Every friend the source holds that `query` includes, in list order; exits on a failed
/// page, so nothing partial is used.
func everyoneMatching(_ query: String) -> FilterMatches {
    do {
        let (matches, leftOut) = try FriendFilter.matches(
            in: options.source, matching: query, sortOrder: options.configuration.sortOrder, token: token,
            timeout: options.timeout)
        reportLeftOut(leftOut, source: options.source)
        return matches
    } catch {
        fail(error)
    }
}

if let filter = options.filter { printAndExit(everyoneMatching(filter), options) }

/// With --select-1 or --exit-0 the whole list is needed before deciding to open the screen;
/// the screen then starts with that list, and its loader delivers one empty page (on which
/// the state shows the list) and says that loading is done.
var screenLoader = options.source.loader(token: token, timeout: options.timeout)
var loadedList: FriendList?
if options.selectOne || options.exitZero {
    let list: FriendList
    do {
        let leftOut: Int
        (list, leftOut) = try options.source.loader(token: token, timeout: options.timeout).list(
            sortOrder: options.configuration.sortOrder)
        reportLeftOut(leftOut, source: options.source)
    } catch {
        fail(error)
    }
    let matches = list.positions(matching: SearchQuery(options.query))
    if options.exitZero && matches.isEmpty { exit(ExitStatus.nothingToPrint.rawValue) }
    if options.selectOne && matches.count == 1 { printAndExit([list.friends[matches[0]]], options) }
    screenLoader = LoadedFriends(friends: [])
    loadedList = list
}

guard let feed = LoaderFeed.start(screenLoader, sortOrder: options.configuration.sortOrder) else {
    fail("cannot start loading")
}
let firstDeliveries = feed.waitForDeliveries()
if case .failed(let error)? = firstDeliveries.first { fail(error) }

guard let signals = SignalPipe.install() else { fail("cannot set up signal handling") }
let ending: Ending
var state = PickerState(
    query: options.query, preselected: options.preselected, size: TerminalSize(rows: 0, columns: 0),
    configuration: options.configuration, list: loadedList)
do {
    ending = try Terminal.with(mouse: options.mouse, color: options.color) { terminal in
        let size = terminal.size
        state.send(.resized(rows: size.rows, columns: size.columns))
        for delivery in firstDeliveries { state.send(delivery.event) }
        return runPicker(&state, on: terminal, signals: signals, feed: feed)
    }
} catch let error as Terminal.Unusable {
    fail(error.description)
}

switch ending {
case .signalled(let signal):
    exit(128 + signal)
case .closed(let outcome):
    if !(options.selectOne || options.exitZero) {
        reportLeftOut(feed.takenCount - state.list.count, source: options.source)
    }
    if state.loading == .complete {
        for id in state.pendingSelection { StandardStreams.report("--select: no friend has the id '\(id)'") }
    }
    if let limit = options.configuration.limit {
        for id in state.refusedSelection { StandardStreams.report("--select: '\(id)' left out, over --limit \(limit)") }
    }
    if outcome == .cancelled { exit(ExitStatus.cancelled.rawValue) }
    printAndExit(state.result, options)
}
