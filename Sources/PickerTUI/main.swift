import Foundation
import PickerKit

/// The bundled sample, found from this file's place in the package.
let bundledSample = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-friends.json").path

/// Writes `message` on standard error, after the program's name.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("picker: \(message)\n".utf8))
}

func fail(_ message: String, status: ExitStatus = .error) -> Never {
    warn(message)
    exit(status.rawValue)
}

/// Prints `friends` in `options`' format and exits: 0 when some were printed, 1 when none.
func printAndExit(_ friends: [Friend], _ options: Options) -> Never {
    guard !friends.isEmpty else { exit(ExitStatus.nothingToPrint.rawValue) }
    do {
        try FileHandle.standardOutput.write(contentsOf: Data(options.format.render(friends, print0: options.print0).utf8))
    } catch {
        fail("cannot write the result: \(error.localizedDescription)")
    }
    exit(ExitStatus.printed.rawValue)
}

let options: Options
do {
    switch try Options.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        defaultSource: bundledSample)
    {
    case .help:
        print(Options.helpText)
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

/// Exits with the status and message `error` calls for.
func fail(_ error: SourceError) -> Never {
    fail(error.description, status: error.rejectsSession ? .sessionRejected : .error)
}

let token: String?
do {
    token = try options.sessionToken()
} catch {
    fail(error.description)
}
MemoryTuning.returnLargeBlocksToTheSystem()
let loader = options.source.loader(token: token, timeout: options.timeout)

/// Every friend the source holds, sorted; exits on a failed page, so nothing partial is used.
func loadEverything() -> FriendList {
    var list = FriendList(sortOrder: options.configuration.sortOrder)
    do {
        try loader.load { page in list.append(page.friends) }
    } catch {
        fail(error)
    }
    return list
}

if let filter = options.filter {
    do {
        printAndExit(
            try options.source.friends(
                matching: filter, sortOrder: options.configuration.sortOrder, token: token, timeout: options.timeout),
            options)
    } catch {
        fail(error)
    }
}

/// With --select-1 or --exit-0 the whole list is needed before deciding to open the screen.
var screenLoader = loader
if options.selectOne || options.exitZero {
    let list = loadEverything()
    let matches = list.positions(matching: SearchQuery(options.query))
    if options.exitZero && matches.isEmpty { exit(ExitStatus.nothingToPrint.rawValue) }
    if options.selectOne && matches.count == 1 { printAndExit([list.friends[matches[0]]], options) }
    screenLoader = LoadedFriends(friends: Array(list.friends))
}

guard let feed = LoaderFeed.start(screenLoader) else { fail("cannot start loading") }
let firstDeliveries = feed.waitForDeliveries()
if case .failed(let error)? = firstDeliveries.first { fail(error) }

guard let signals = SignalPipe.install() else { fail("cannot set up signal handling") }
let outcome: Outcome
do {
    outcome = try Terminal.with(mouse: options.mouse, color: options.color) { terminal in
        var state = PickerState(
            query: options.query, preselected: options.preselected, size: terminal.size,
            configuration: options.configuration)
        for delivery in firstDeliveries { state.send(delivery.event) }
        return runPicker(&state, on: terminal, signals: signals, feed: feed)
    }
} catch let error as Terminal.Unusable {
    fail(error.description)
}

switch outcome {
case .signalled(let signal):
    exit(128 + signal)
case .finished(let state):
    if state.loading == .complete {
        for id in state.pendingSelection { warn("--select: no friend has the id '\(TerminalText.sanitized(id))'") }
    }
    if state.phase == .cancelled { exit(ExitStatus.cancelled.rawValue) }
    printAndExit(state.result, options)
}
