import CNcurses
import Glibc
import PickerKit

/// How an interactive run ended.
enum Outcome {
    case finished(PickerState)
    case signalled(Int32)
}

/// How often the spinner turns while friends are loading, in milliseconds.
private let spinnerInterval: Int32 = 120

/// Runs the picker on `terminal` until it is done, cancelled or signalled: waits on keys,
/// signals and the loader together, turns each into events, and redraws after each batch.
func runPicker(
    _ state: inout PickerState, on terminal: any PickerScreen, signals: SignalPipe, feed: LoaderFeed
) -> Outcome {
    var descriptors = (terminal.inputDescriptors + [signals.readEnd, feed.readEnd]).map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    var clicks = ClickCounter()
    while !state.phase.isFinal {
        while let signal = signals.receivedSignal() {
            guard signal == SIGTSTP else { return .signalled(signal) }
            terminal.suspend()
        }
        for delivery in feed.take() { state.send(delivery.event) }
        while let input = terminal.readInput(), !state.phase.isFinal {
            switch input {
            case .key(.control("z")):
                terminal.suspend()
            case .resized(let size):
                state.send(.resized(rows: size.rows, columns: size.columns))
            case .key(let key):
                if let event = KeyMap.event(for: clicks.count(key), in: state.phase) { state.send(event) }
            }
        }
        if state.phase.isFinal { break }
        terminal.draw(state.frame(for: state.size))
        let loading = if case .inProgress = state.loading { true } else { false }
        if poll(&descriptors, nfds_t(descriptors.count), loading ? spinnerInterval : -1) == 0 {
            state.send(.tick)
        }
    }
    return .finished(state)
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
        case .finished: return .loadingFinished
        case .failed(let error): return .loadingFailed("\(error.problem) (\(error.source))")
        }
    }
}
