import CNcurses
import Glibc
import PickerSources
import PickerStore

/// How an interactive run ended.
enum Ending {
    /// The state said the picker finished or was cancelled.
    case closed(PickerState.Outcome)
    /// A signal ended it, with this number.
    case signalled(Int32)
    /// The service rejected the session while the list was open.
    case sessionRejected(SourceError)
}

/// How often the spinner turns while friends are loading, in milliseconds.
private let spinnerInterval: Int32 = 120

/// Runs the picker on `terminal` until the state says it finished or was cancelled, or a
/// signal ends it: waits on keys, signals and the loader together, turns each into events, and
/// redraws after each batch. As soon as the list is the source's whole one, `persistence`
/// caches it (a warning then waits in `reports` for the terminal to be given back).
func runPicker(
    _ state: inout PickerState, on terminal: any PickerScreen, signals: SignalPipe, feed: LoaderFeed?,
    keeping persistence: inout Persistence?, reports: inout [String]
) -> Ending {
    var descriptors = (terminal.inputDescriptors + [signals.readEnd] + (feed.map { [$0.readEnd] } ?? [])).map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    var clicks = ClickCounter()
    while true {
        while let signal = signals.receivedSignal() {
            guard signal == SIGTSTP else { return .signalled(signal) }
            terminal.suspend()
        }
        for delivery in feed?.take() ?? [] {
            if case .failed(let error) = delivery, error.rejectsSession { return .sessionRejected(error) }
            state.send(delivery.event)
        }
        persistence?.storeWhenWhole(state, reports: &reports)
        while let input = terminal.readInput() {
            var outcome = PickerState.Outcome.continuing
            switch input {
            case .resized(let size):
                outcome = state.send(.resized(rows: size.rows, columns: size.columns))
            case .key(let key):
                switch state.configuration.keyMap.command(for: clicks.count(key), in: state.phase) {
                case .send(let event)?: outcome = state.send(event)
                case .suspend?: terminal.suspend()
                case nil: break
                }
            }
            if outcome != .continuing { return .closed(outcome) }
        }
        terminal.draw(state.frame())
        let loading = if case .inProgress = state.loading { true } else { false }
        if poll(&descriptors, nfds_t(descriptors.count), loading ? spinnerInterval : -1) == 0 {
            state.send(.tick)
        }
    }
}

/// Tells a double click from two clicks: a second press of the left button on the same line
/// within 400 ms.
struct ClickCounter {
    private var lastPress: (line: Int, time: timespec)?

    /// `key`, with its click count set when it is a left-button press.
    mutating func count(_ key: Key) -> Key {
        guard case .mouse(var report) = key, report.button == .left, report.isPress else { return key }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        if let last = lastPress, last.line == report.line,
            Double(now.tv_sec - last.time.tv_sec) + Double(now.tv_nsec - last.time.tv_nsec) / 1e9 < 0.4
        {
            report.clickCount = 2
            lastPress = nil
        } else {
            lastPress = (report.line, now)
        }
        return .mouse(report)
    }
}

extension LoaderFeed.Delivery {
    /// The picker event for this delivery.
    var event: PickerEvent {
        switch self {
        case .page(let batch, let totalCount): return .friendsArrived(batch, expectedTotal: totalCount)
        case .replaced(let list, let leftOut, let totalCount):
            return .listReplaced(list, leftOut: leftOut, total: totalCount)
        case .finished: return .loadingFinished
        case .failed(let error): return .loadingFailed("\(error.problem) (\(error.source))")
        }
    }
}
