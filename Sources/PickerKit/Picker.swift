import PickerSources
import PickerStore

/// The friend picker on a terminal, for a program to run: it shows the friends, the user
/// searches as they type, ticks friends with Space and presses Enter (done) or Esc (cancel),
/// and ``run()`` returns what they chose.
///
/// ```swift
/// let picker = Picker(friends: [Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Alan Turing")])
/// switch try picker.run() {
/// case .done(let friends): print(friends.map(\.name))
/// case .cancelled, .interrupted: break
/// }
/// ```
///
/// The picker draws on `/dev/tty` (or ``terminal``), so standard input and output stay the
/// program's. While it runs it holds the terminal and the signals that end it (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, and SIGTSTP for Ctrl-Z); when ``run()`` returns, the terminal's modes, the
/// signal handlers and the locale are what they were before, so a program can run one picker
/// after another.
public struct Picker: Sendable {
    /// Where the friends come from.
    private enum Friends: Sendable {
        case list([Friend])
        case loader(any FriendLoader)
    }

    /// How a run of the picker ended.
    public enum Outcome: Hashable, Sendable {
        /// The user pressed Enter: the friends selected, in the order picked, or with none
        /// selected the friend under the cursor; empty when nobody was shown.
        case done([Friend])
        /// The user cancelled (Esc, Ctrl-C).
        case cancelled
        /// A signal ended the run, with this number; the program decides what follows (a
        /// command-line tool exits with 128 + the number).
        case interrupted(signal: Int32)
    }

    /// Why the picker could not run, or stopped: no terminal to draw on, or a source that
    /// failed for good (a service that rejected the session).
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, for the user.
        public var description: String
    }

    private let friends: Friends
    /// The picker's text and behaviour: title, prompt, limit, sorting.
    public var configuration: PickerConfiguration
    /// The search applied when the picker opens.
    public var query = ""
    /// The ids of the friends selected when the picker opens (those that arrive later are
    /// selected as they come).
    public var preselected: [String] = []
    /// With a height, the picker draws in a few lines below the cursor instead of the full
    /// screen (see ``InlineHeight``).
    public var height: InlineHeight?
    /// Whether the mouse clicks, double-clicks and scrolls.
    public var mouse = true
    /// Whether colours are used.
    public var color = true
    /// The terminal device to draw on and read keys from.
    public var terminal = "/dev/tty"

    /// A picker on `friends`.
    public init(friends: [Friend], configuration: PickerConfiguration = PickerConfiguration()) {
        self.friends = .list(friends)
        self.configuration = configuration
    }

    /// A picker on the friends `loader` delivers: the screen opens at once, and the list grows
    /// as pages arrive (read on threads of their own).
    public init(loading loader: any FriendLoader, configuration: PickerConfiguration = PickerConfiguration()) {
        friends = .loader(loader)
        self.configuration = configuration
    }

    /// Shows the picker until the user is done or cancels, or a signal ends it.
    /// - Throws: ``Failure`` when the terminal cannot be drawn on, or the source failed before
    ///   it delivered anyone, or rejected the session.
    public func run() throws(Failure) -> Outcome {
        let unsized = TerminalSize(rows: 0, columns: 0)
        var feed: BackgroundFeed<LoaderDelivery>?
        let state: PickerState
        switch friends {
        case .list(let friends):
            state = PickerState(
                loaded: FriendList(friends, sortOrder: configuration.sortOrder), query: query,
                preselected: preselected, size: unsized, configuration: configuration)
        case .loader(let loader):
            guard let started = BackgroundFeed.loading(loader, sortOrder: configuration.sortOrder) else {
                throw Failure(description: "cannot start loading")
            }
            feed = started
            state = PickerState(query: query, preselected: preselected, size: unsized, configuration: configuration)
        }
        defer { feed?.stop() }
        var program = PickerProgram(state: state)
        let ending: LoopEnding<PickerProgram.Ending>?
        do {
            ending = try SignalPipe.with { signals in
                try withScreen(device: terminal, height: height, mouse: mouse, color: color) { screen in
                    runLoop(&program, on: screen, signals: signals, feed: feed)
                }
            }
        } catch {
            throw Failure(description: "\(error)")
        }
        switch ending {
        case nil: throw Failure(description: "cannot set up signal handling")
        case .signalled(let signal)?: return .interrupted(signal: signal)
        case .finished(.sourceFailed(let error))?: throw Failure(description: error.description)
        case .finished(.closed(.finished))?: return .done(program.state.result)
        case .finished(.closed)?: return .cancelled
        }
    }
}
