import FoundationEssentials
import Glibc
import PickerSources
import PickerStore

/// The `picker` command: what its executable runs, from the command line to the status it
/// exits with. Every decision is a ``LaunchPlan``; this carries plans out (writes the reports,
/// prints, opens the screen) and never exits the process itself.
package enum PickerCommand {
    /// Runs `picker` with `arguments` (without the program's name) in `environment`, and
    /// returns the status to exit with.
    package static func run(arguments: [String], environment: [String: String]) -> Int32 {
        StandardStreams.guardClosedDescriptors()
        let options: Options
        do {
            switch try Options.parse(
                arguments, environment: environment, defaultSource: BundledSample.locate(),
                standardInputIsTerminal: isatty(0) == 1)
            {
            case .help:
                return printText(HelpPage.text)
            case .version:
                return printText("picker \(PickerVersion.current)")
            case .run(let parsed):
                options = parsed
            case .login(let login):
                return LoginCommand.run(login, environment: environment)
            case .logout(let logout):
                let (report, status) = logout.run()
                StandardStreams.report(report)
                return status.rawValue
            case .subcommandHelp(let subcommand):
                return printText(HelpPage.text(for: subcommand))
            }
        } catch {
            if let format = MailPrintout.muttFormat(in: arguments) {
                return failForMutt(error.description, format: format, status: .error)
            }
            return fail(error.description)
        }
        MemoryTuning.returnLargeBlocksToTheSystem()
        return carryOut(.start(options), options)
    }

    /// Prints `text` and a newline on standard output; the status to exit with.
    private static func printText(_ text: String) -> Int32 {
        switch StandardStreams.writeOutput([Array((text + "\n").utf8)]) {
        case .written: return ExitStatus.printed.rawValue
        case .readerGone: return ExitStatus.outputClosed.rawValue
        case .failed(let reason): return fail("cannot write: \(reason)")
        }
    }

    /// Reports `message` on standard error (control characters made visible); the status of an
    /// error.
    static func fail(_ message: String) -> Int32 {
        StandardStreams.report(message)
        return ExitStatus.error.rawValue
    }

    /// Says `problem` as mutt reads `format` (`mutt`, `mutt-to`): the first line of standard
    /// output, which mutt shows as its message (for `mutt-to`, an `echo` command), with nothing
    /// on standard error (which mutt would paint over its screen); the status of the failure.
    private static func failForMutt(_ problem: String, format: OutputFormat, status: ExitStatus) -> Int32 {
        let line = MailPrintout.muttMessage(failure: problem, format: format)
        _ = StandardStreams.writeOutput([Array(line.utf8) + [0x0A]])
        return status.rawValue
    }

    /// Carries `plan` out: writes its reports (those its format wants), then prints, exits, or
    /// opens the screen; the status to exit with.
    static func carryOut(_ plan: LaunchPlan, _ options: Options) -> Int32 {
        if options.format == .mutt || options.format == .muttTo, case .exit(let status) = plan.action,
            status == .error || status == .sessionRejected,
            let problem = plan.reports.last
        {
            return failForMutt(problem, format: options.format, status: status)
        }
        for report in plan.reports(for: options.format) { StandardStreams.report(report) }
        switch plan.action {
        case .print(let matches):
            return print(matches.printing(options.configuration.fields), heading: plan.heading, options)
        case .exit(let status):
            guard !plan.heading.isEmpty else { return status.rawValue }
            let written = print(.friends([]), heading: plan.heading, options)
            return written == ExitStatus.printed.rawValue ? status.rawValue : written
        case .openScreen(let state, let loader):
            // Said before the screen opens, not once something is picked.
            if let problem = StandardStreams.outputProblem() {
                return fail(
                    "\(problem): nothing picked could be printed (give the picker a file or a pipe to print to)")
            }
            return openScreen(state, loader: loader, plan, options)
        }
    }

    /// Writes `matches` in `options`' format: 0 once written, 141 when the reader of standard
    /// output has gone. A mail format writes its notes on standard error and exits with its
    /// printout's status.
    private static func print(_ matches: FilterMatches, heading: [String] = [], _ options: Options) -> Int32 {
        var status = ExitStatus.printed
        let toTerminal = isatty(1) == 1
        // The heading's lines are written as names are, ahead of the format's output.
        let headingLines = heading.map { Friend(id: "", name: $0) }
        let head =
            heading.isEmpty
            ? [] : OutputFormat.names.render(headingLines, print0: options.print0, toTerminal: toTerminal)
        // The output, in pieces written one after another.
        var pieces: [[UInt8]]
        if options.format.printsOnePart {
            let printout = MailPrintout(
                matches, format: options.format, print0: options.print0, source: options.source)
            for note in printout.notes { StandardStreams.report(note) }
            status = printout.status
            pieces = [printout.output]
        } else {
            pieces =
                switch matches {
                case .friends(let friends):
                    [options.format.render(friends, print0: options.print0, toTerminal: toTerminal)]
                case .lines(let lines): options.format.pieces(lines, print0: options.print0, toTerminal: toTerminal)
                }
        }
        if !head.isEmpty { pieces.insert(head, at: 0) }
        switch StandardStreams.writeOutput(pieces) {
        case .written: return status.rawValue
        case .readerGone: return ExitStatus.outputClosed.rawValue
        case .failed(let reason): return fail("cannot write the result: \(reason)")
        }
    }

    /// Opens the screen on `state`, at once, `loader` (then `plan`'s refresh) delivering friends
    /// while it is open, and carries out the plan for when it closes. A source that fails before
    /// it delivers anyone, or whose service rejects the session, closes the screen and is
    /// reported on standard error once the terminal is given back.
    private static func openScreen(
        _ state: PickerState, loader: FriendLoader?, _ plan: LaunchPlan, _ options: Options
    ) -> Int32 {
        var program = PickerProgram(state: state, persistence: plan.persistence)
        var feed: BackgroundFeed<LoaderDelivery>?
        if let loader {
            let sortOrder = options.configuration.sortOrder
            feed = BackgroundFeed.loading(
                loader, sortOrder: sortOrder, inputOrder: options.configuration.inputOrder,
                fields: options.configuration.fields, refresh: plan.refresh)
            if feed == nil { return fail("cannot start loading") }
        }
        defer { feed?.stop() }
        let ending: LoopEnding<PickerProgram.Ending>?
        do {
            ending = try SignalPipe.with { signals in
                try withScreen(height: options.height, mouse: options.mouse, color: options.color) { screen in
                    // A stand-in for an unknown terminal type is said first, once the terminal is
                    // given back.
                    if let note = screen.terminalNote { program.reports.insert(note, at: 0) }
                    return runLoop(&program, on: screen, signals: signals, feed: feed)
                }
            }
        } catch {
            return fail("\(error)")
        }
        switch ending {
        case nil:
            return fail("cannot set up signal handling")
        case .signalled(let signal)?:
            for report in program.reports { StandardStreams.report(report) }
            return 128 + signal
        case .finished(.sourceFailed(let error))?:
            return carryOut(
                .failed(error, persistence: program.persistence, reports: program.reports), options)
        case .finished(.closed(let outcome))?:
            var finished = LaunchPlan.finish(
                program.state, outcome: outcome, options: options, persistence: program.persistence)
            finished.reports = program.reports + finished.reports
            return carryOut(finished, options)
        }
    }
}
