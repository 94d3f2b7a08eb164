import CNcurses
import Glibc
import PickerKit

/// How an interactive run ended.
enum Outcome {
    case finished(PickerState)
    case signalled(Int32)
}

/// Runs the picker on `terminal` until it is done, cancelled or signalled: waits on keys and
/// signals together, turns each key into an event, and redraws after each batch of keys.
func runPicker(_ state: inout PickerState, on terminal: Terminal, signals: SignalPipe) -> Outcome {
    terminal.draw(state.frame(for: state.size))
    var descriptors = [
        pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while !state.phase.isFinal {
        if let signal = signals.receivedSignal() { return .signalled(signal) }
        while let input = terminal.nextInput(), !state.phase.isFinal {
            if Key(input) == .control("z") {
                terminal.suspend()
            } else if input.isResize {
                let size = terminal.size
                state.send(.resized(rows: size.rows, columns: size.columns))
            } else if let key = Key(input), let event = KeyMap.event(for: key, in: state.phase) {
                state.send(event)
            }
        }
        if state.phase.isFinal { break }
        terminal.draw(state.frame(for: state.size))
        _ = poll(&descriptors, nfds_t(descriptors.count), -1)
    }
    return .finished(state)
}
