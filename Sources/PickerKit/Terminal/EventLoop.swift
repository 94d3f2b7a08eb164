import Glibc
import PickerSources
import PickerStore

/// What the event loop runs on a screen: the picker, or `picker login` waiting for approval.
/// It takes keys, sizes, what its background job delivers and the passing of time, and draws
/// itself; it does no I/O.
protocol ScreenProgram {
    /// What its background job delivers.
    associatedtype Delivery: Sendable
    /// What it ends with.
    associatedtype Result

    /// The screen is now `size` (also at the start).
    mutating func resize(to size: TerminalSize)
    /// A key was pressed.
    mutating func handle(_ key: Key) -> ProgramStep<Result>
    /// The background job delivered this.
    mutating func receive(_ delivery: Delivery) -> ProgramStep<Result>
    /// How many milliseconds may pass before ``tick()`` is due; nil when it waits for input.
    var tickInterval: Int32? { get }
    /// Time passed.
    mutating func tick()
    /// What the screen shows.
    func frame() -> Frame
}

/// What a program does after an input.
enum ProgramStep<Result> {
    case continuing
    /// Give the terminal back and stop the job, as Ctrl-Z does.
    case suspend
    /// The program is over, with this result.
    case finished(Result)
}

/// How the event loop ended.
enum LoopEnding<Result> {
    /// The program finished with this.
    case finished(Result)
    /// A signal ended it, with this number.
    case signalled(Int32)
}

/// Runs `program` on `screen` until it finishes or a signal ends it: waits on keys, signals
/// and `feed` together with `poll`, hands each to the program, and draws its frame after each
/// round. The loop never blocks on the feed's job. Time passes for the program on a clock, not
/// on quiet: its tick is due every ``ScreenProgram/tickInterval`` however busy the feed keeps
/// the loop (a spinner turns while a file pours in).
func runLoop<Program: ScreenProgram>(
    _ program: inout Program, on screen: any PickerScreen, signals: SignalPipe,
    feed: BackgroundFeed<Program.Delivery>?
) -> LoopEnding<Program.Result> {
    var descriptors = (screen.inputDescriptors + [signals.readEnd] + (feed.map { [$0.readEnd] } ?? [])).map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    program.resize(to: screen.size)
    var lastTick = MonotonicClock.seconds()
    while true {
        while let signal = signals.receivedSignal() {
            guard signal == SIGTSTP else { return .signalled(signal) }
            screen.suspend()
        }
        for delivery in feed?.take() ?? [] {
            switch program.receive(delivery) {
            case .continuing: break
            case .suspend: screen.suspend()
            case .finished(let result): return .finished(result)
            }
        }
        while let input = screen.readInput() {
            let step: ProgramStep<Program.Result>
            switch input {
            case .resized(let size):
                program.resize(to: size)
                step = .continuing
            case .key(let key):
                step = program.handle(key)
            }
            switch step {
            case .continuing: break
            case .suspend: screen.suspend()
            case .finished(let result): return .finished(result)
            }
        }
        if let interval = program.tickInterval {
            let now = MonotonicClock.seconds()
            if now - lastTick >= Double(interval) / 1000 {
                program.tick()
                lastTick = now
            }
        } else {
            lastTick = MonotonicClock.seconds()
        }
        screen.draw(program.frame())
        var timeout: Int32 = -1
        if let interval = program.tickInterval {
            let untilTick = Double(interval) / 1000 - (MonotonicClock.seconds() - lastTick)
            timeout = Int32(max(1, (untilTick * 1000).rounded(.up)))
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }
}
