import PickerSources
import PickerStore

/// The picker as the event loop runs it: its state, taking keys through the key table and
/// friends from the loader; and what the run keeps (the list cached once read whole) with the
/// reports that wait for the terminal to be given back.
struct PickerProgram: ScreenProgram {
    /// How the picker's screen closed.
    enum Ending {
        /// The state said the picker finished or was cancelled.
        case closed(PickerState.Outcome)
        /// The source failed before it delivered anyone, or the service rejected the session:
        /// the screen closes, and the error is reported once the terminal is given back.
        case sourceFailed(SourceError)
    }

    /// How often the spinner turns while friends are loading, in milliseconds.
    static let spinnerInterval: Int32 = 120

    var state: PickerState
    /// What the run keeps for the next ones, as the screen leaves it.
    var persistence: Persistence?
    /// What standard error is to say once the terminal is given back.
    var reports: [String] = []
    private var clicks = ClickCounter()
    /// Whether the loader has delivered anything yet: a failure before that ends the picker.
    private var delivered = false

    init(state: PickerState, persistence: Persistence? = nil) {
        self.state = state
        self.persistence = persistence
    }

    mutating func resize(to size: TerminalSize) {
        state.send(.resized(rows: size.rows, columns: size.columns))
    }

    mutating func handle(_ key: Key) -> ProgramStep<Ending> {
        let queryIsEmpty = state.query.text.isEmpty
        switch state.configuration.keyMap.command(for: clicks.count(key), in: state.phase, queryIsEmpty: queryIsEmpty) {
        case .send(let event)?:
            let outcome = state.send(event)
            return outcome == .continuing ? .continuing : .finished(.closed(outcome))
        case .suspend?: return .suspend
        case nil: return .continuing
        }
    }

    /// Takes what the loader delivered (a failure before anything else ends the picker); as soon
    /// as the list is the source's whole one, caches it,
    /// and once standard input has been read whole, lists the picks of the same list under
    /// "Recent".
    mutating func receive(_ delivery: LoaderDelivery) -> ProgramStep<Ending> {
        if case .failed(let error) = delivery, error.rejectsSession || !delivered {
            return .finished(.sourceFailed(error))
        }
        delivered = true
        state.send(delivery.event)
        if case .finished = delivery, let found = persistence?.frecencyOnceRead(reports: &reports) {
            state.send(.picksFound(found))
        }
        persistence?.storeWhenWhole(state, reports: &reports)
        return .continuing
    }

    var tickInterval: Int32? {
        if case .inProgress = state.loading { Self.spinnerInterval } else { nil }
    }

    mutating func tick() {
        state.send(.tick)
    }

    func frame() -> Frame {
        state.frame()
    }
}
