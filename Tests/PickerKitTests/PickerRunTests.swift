import Foundation
import Glibc
import PickerHarness
import PickerKit
import PickerTestSupport
import Synchronization
import XCTest

/// The picker run in this process by its public call, on a pseudo-terminal the test holds:
/// keys typed on the master end, the outcome returned; and after each run, the terminal's
/// modes, the signal handlers and the locale as they were, so that a second run works too.
final class PickerRunTests: XCTestCase {
    private static let friends = [
        Friend(id: "1", name: "Ada Lovelace"), Friend(id: "2", name: "Alan Turing"),
        Friend(id: "3", name: "Grace Hopper"),
    ]
    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH]

    func testTwoPickersRunOneAfterTheOtherAndLeaveNothingBehind() throws {
        let terminal = try PseudoTerminal(rows: 12, columns: 60)
        setenv("TERM", "xterm-256color", 1)
        let handlersBefore = Self.signals.map(Self.handler)
        let modesBefore = terminal.modes()
        let localeBefore = String(cString: setlocale(LC_ALL, nil))

        var picker = Picker(friends: Self.friends)
        picker.terminal = terminal.path
        let first = Running(picker)
        try terminal.read(untilScreenShows: "Grace Hopper")
        try terminal.type("gra")
        try terminal.read(untilScreenShows: "1/3")
        try terminal.type("\r")
        XCTAssertEqual(try first.outcome(), .done([Friend(id: "3", name: "Grace Hopper")]))
        XCTAssertEqual(Self.signals.map(Self.handler), handlersBefore, "signal handlers after the first run")
        XCTAssertEqual(terminal.modes(), modesBefore, "terminal modes after the first run")
        XCTAssertEqual(String(cString: setlocale(LC_ALL, nil)), localeBefore, "locale after the first run")

        picker.configuration.title = "Second"
        let second = Running(picker)
        try terminal.read(untilScreenShows: "Second")
        try terminal.type("\u{1B}")
        XCTAssertEqual(try second.outcome(), .cancelled)
        XCTAssertEqual(Self.signals.map(Self.handler), handlersBefore, "signal handlers after the second run")
        XCTAssertEqual(terminal.modes(), modesBefore, "terminal modes after the second run")
    }

    func testAPickerThatLoadsShowsTheFriendsAsTheyArriveAndReturnsTheSelection() throws {
        let terminal = try PseudoTerminal(rows: 12, columns: 60)
        setenv("TERM", "xterm-256color", 1)
        var picker = Picker(loading: Pages([Array(Self.friends.prefix(2)), [Self.friends[2]]]))
        picker.terminal = terminal.path
        picker.configuration.title = "Invite"
        let running = Running(picker)
        try terminal.read(untilScreenShows: "Grace Hopper")
        XCTAssertEqual(terminal.screen.line(0).prefix(6), "Invite")
        // Space ticks the friend under the cursor and Enter prints the selection.
        try terminal.type(" ")
        try terminal.read(untilScreenShows: "1 selected")
        try terminal.type("\r")
        XCTAssertEqual(try running.outcome(), .done([Friend(id: "1", name: "Ada Lovelace")]))
    }

    func testAPickerWithoutATerminalFails() {
        var picker = Picker(friends: Self.friends)
        picker.terminal = "/nonexistent/tty"
        XCTAssertThrowsError(try picker.run()) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/tty"), "\(error)")
        }
    }

    /// The handler installed for `signal`, as a number to compare.
    private static func handler(_ signal: Int32) -> Int {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }
}

/// A loader that delivers its pages one after another.
private struct Pages: FriendLoader {
    let pages: [[Friend]]

    init(_ pages: [[Friend]]) { self.pages = pages }

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        for page in pages { deliver(FriendPage(friends: page)) }
    }
}

/// A picker running on a thread of its own, and what its run returned.
private final class Running: Sendable {
    private let result = Mutex<Result<Picker.Outcome, Picker.Failure>?>(nil)

    init(_ picker: Picker) {
        Thread.detachNewThread { [self] in
            let outcome = Result { () throws(Picker.Failure) in try picker.run() }
            result.withLock { $0 = outcome }
        }
    }

    /// The run's outcome, waited for up to 10 seconds.
    func outcome() throws -> Picker.Outcome {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let result = result.withLock({ $0 }) { return try result.get() }
            usleep(10_000)
        }
        throw PseudoTerminal.Failure("the picker did not return")
    }
}
