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

/// Prints `friends` in `options`' format and exits: 0 when some were printed, 1 when none,
/// 141 when the reader of standard output has gone.
func printAndExit(_ friends: [Friend], _ options: Options) -> Never {
    guard !friends.isEmpty else { exit(ExitStatus.nothingToPrint.rawValue) }
    switch StandardStreams.writeOutput(options.format.render(friends, print0: options.print0)) {
    case .written: exit(ExitStatus.printed.rawValue)
    case .readerGone: exit(ExitStatus.outputClosed.rawValue)
    case .failed(let reason): fail("cannot write the result: \(reason)")
    }
}

/// Says on standard error how many friends a repeated id left out, when some were.
func reportDuplicates(delivered: Int, kept: Int, source: FriendSource) {
    let dropped = delivered - kept
    guard dropped > 0 else { return }
    let friends = dropped == 1 ? "1 friend" : "\(dropped) friends"
    StandardStreams.report("\(source.displayName): \(friends) with an id seen before left out (the first of each id is kept)")
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

let loader: FriendLoader
do {
    loader = try options.loader()
} catch {
    fail(error.description)
}

if let filter = options.filter {
    var list = FriendList()
    var delivered = 0
    do {
        try loader.load { page in
            delivered += page.friends.count
            list.append(page.friends)
        }
    } catch {
        fail(error)
    }
    reportDuplicates(delivered: delivered, kept: list.count, source: options.source)
    printAndExit(list.positions(matching: SearchQuery(filter)).map { list.friends[$0] }, options)
}

guard let feed = LoaderFeed.start(loader) else { fail("cannot start loading") }
let firstDeliveries = feed.waitForDeliveries()
if case .failed(let error)? = firstDeliveries.first { fail(error) }

guard let signals = SignalPipe.install() else { fail("cannot set up signal handling") }
let outcome: Outcome
do {
    outcome = try Terminal.with { terminal in
        var state = PickerState(query: options.query, size: terminal.size)
        for delivery in firstDeliveries { state.send(delivery.event) }
        return runPicker(&state, on: terminal, signals: signals, feed: feed)
    }
} catch let error as Terminal.Unusable {
    fail(error.description)
}

if case .finished(let state) = outcome {
    reportDuplicates(delivered: feed.takenCount, kept: state.list.count, source: options.source)
}
switch outcome {
case .signalled(let signal):
    exit(128 + signal)
case .finished(let state) where state.phase == .cancelled:
    exit(ExitStatus.cancelled.rawValue)
case .finished(let state):
    printAndExit(state.result, options)
}
