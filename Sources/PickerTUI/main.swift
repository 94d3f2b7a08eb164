import Foundation
import PickerKit

/// The bundled sample, found from where this program is.
let bundledSample = BundledSample.locate()

StandardStreams.guardClosedDescriptors()
// A closed pipe on standard output is an EPIPE to handle, not a signal that kills.
signal(SIGPIPE, SIG_IGN)

/// Reports `message` on standard error (control characters made visible) and exits with an
/// error.
func fail(_ message: String) -> Never {
    StandardStreams.report(message)
    exit(ExitStatus.error.rawValue)
}

/// Carries `plan` out: writes its reports (those its format wants), then prints, exits, or
/// opens the screen.
func carryOut(_ plan: LaunchPlan, _ options: Options) -> Never {
    for report in plan.reports(for: options.format) { StandardStreams.report(report) }
    switch plan.action {
    case .print(let matches): printAndExit(matches, options)
    case .exit(let status): exit(status.rawValue)
    case .openScreen(let state, let loader): openScreen(state, loader: loader, plan, options)
    }
}

/// Writes `matches` in `options`' format and exits: 0 once written, 141 when the reader of
/// standard output has gone. A mail format writes its notes on standard error and exits with
/// its printout's status.
func printAndExit(_ matches: FilterMatches, _ options: Options) -> Never {
    var status = ExitStatus.printed
    // The output, in pieces written one after another.
    let pieces: [[UInt8]]
    if options.format.isForMail {
        let printout = MailPrintout(matches, format: options.format, print0: options.print0, source: options.source)
        for note in printout.notes { StandardStreams.report(note) }
        status = printout.status
        pieces = [printout.output]
    } else {
        pieces =
            switch matches {
            case .friends(let friends): [options.format.render(friends, print0: options.print0)]
            case .lines(let lines): options.format.pieces(lines, print0: options.print0)
            }
    }
    switch StandardStreams.writeOutput(pieces) {
    case .written: exit(status.rawValue)
    case .readerGone: exit(ExitStatus.outputClosed.rawValue)
    case .failed(let reason): fail("cannot write the result: \(reason)")
    }
}

/// Opens the screen on `state`, `loader` (then `plan`'s refresh) delivering friends while it is
/// open, and carries out the plan for when it closes.
func openScreen(_ state: PickerState, loader: FriendLoader?, _ plan: LaunchPlan, _ options: Options) -> Never {
    var state = state
    var feed: LoaderFeed?
    var firstDeliveries: [LoaderFeed.Delivery] = []
    if let loader {
        let sortOrder = options.configuration.sortOrder
        guard let started = LoaderFeed.start(loader, sortOrder: sortOrder, refresh: plan.refresh) else {
            fail("cannot start loading")
        }
        // The terminal is touched only once the source has delivered something, so that a
        // source that fails at once (or rejects the session) is reported on a terminal left as
        // it was.
        firstDeliveries = started.waitForDeliveries()
        for (index, delivery) in firstDeliveries.enumerated() {
            if case .failed(let error) = delivery, index == 0 || error.rejectsSession {
                carryOut(.failed(error, persistence: plan.persistence), options)
            }
        }
        feed = started
    }
    guard let signals = SignalPipe.install() else { fail("cannot set up signal handling") }
    // What the run keeps, as the screen leaves it (the list cached once read whole), and what
    // standard error is to say once the terminal is given back.
    var persistence = plan.persistence
    var reports: [String] = []
    let ending: Ending
    do {
        ending = try withScreen(height: options.height, mouse: options.mouse, color: options.color) { terminal in
            let size = terminal.size
            state.send(.resized(rows: size.rows, columns: size.columns))
            for delivery in firstDeliveries { state.send(delivery.event) }
            return runPicker(
                &state, on: terminal, signals: signals, feed: feed, keeping: &persistence, reports: &reports)
        }
    } catch {
        fail("\(error)")
    }
    switch ending {
    case .signalled(let signal):
        for report in reports { StandardStreams.report(report) }
        exit(128 + signal)
    case .sessionRejected(let error): carryOut(.failed(error, persistence: persistence, reports: reports), options)
    case .closed(let outcome):
        var finished = LaunchPlan.finish(state, outcome: outcome, options: options, persistence: persistence)
        finished.reports = reports + finished.reports
        carryOut(finished, options)
    }
}

let options: Options
do {
    switch try Options.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        defaultSource: bundledSample, standardInputIsTerminal: isatty(0) == 1)
    {
    case .help:
        print(HelpPage.text)
        exit(0)
    case .version:
        print("picker \(Options.version)")
        exit(0)
    case .run(let parsed):
        options = parsed
    case .login(let login):
        logIn(login)
    case .logout(let logout):
        logOut(logout)
    case .subcommandHelp(let subcommand):
        print(HelpPage.text(for: subcommand))
        exit(0)
    }
} catch {
    fail(error.description)
}
MemoryTuning.returnLargeBlocksToTheSystem()
carryOut(.start(options), options)
