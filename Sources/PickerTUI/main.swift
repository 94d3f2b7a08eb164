import Foundation
import PickerKit

/// The bundled sample, found from this file's place in the package.
let bundledSample = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("sample-friends.json").path

func fail(_ message: String, status: ExitStatus = .error) -> Never {
    FileHandle.standardError.write(Data("picker: \(message)\n".utf8))
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

let loader: FriendLoader
do {
    loader = try options.loader()
} catch {
    fail(error.description)
}

if let filter = options.filter {
    var list = FriendList()
    do {
        try loader.load { page in list.append(page.friends) }
    } catch {
        fail(error)
    }
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

switch outcome {
case .signalled(let signal):
    exit(128 + signal)
case .finished(let state) where state.phase == .cancelled:
    exit(ExitStatus.cancelled.rawValue)
case .finished(let state):
    printAndExit(state.result, options)
}
