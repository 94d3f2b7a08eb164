import XCTest

/// A test case that runs pickers in tmux, killing every server it started in `tearDown`, also
/// when the test failed or threw.
class TmuxTestCase: XCTestCase {
    /// The sessions this test started.
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.kill() }
        sessions = []
        super.tearDown()
    }

    /// Keeps `session` to be killed when the test ends, and returns it.
    func killedAtTheEnd(_ session: TmuxSession) -> TmuxSession {
        sessions.append(session)
        return session
    }

    /// Starts a picker (see ``TmuxSession``'s `init`) whose
    /// server is killed when the test ends, and waits for its whole first screen: by default,
    /// the title with the sample's counts; `ready` for other sources or sizes.
    func startPicker(
        _ arguments: [String] = ["--session", "demo"], columns: Int = 80, rows: Int = 24,
        throughPipe: Bool = false, fromShell: Bool = false, environment: [String: String?] = [:],
        pipeInto reader: String = "cat", input: Data? = nil, program: [String]? = nil, file: StaticString = #filePath,
        line: UInt = #line,
        readyWhen ready: (Screen) -> Bool = { $0.title.hasPrefix("Select Friends") && $0.title.contains("/176 · ") }
    ) throws -> TmuxSession {
        let session = try TmuxSession(
            arguments: arguments, columns: columns, rows: rows, throughPipe: throughPipe, fromShell: fromShell,
            environment: environment, pipeInto: reader, input: input, program: program, file: file, line: line)
        sessions.append(session)
        try session.waitForScreen("the picker's first screen", file: file, line: line) {
            // The help on the last row is drawn last: the whole first frame is there.
            !$0.helpLine.isEmpty && ready($0)
        }
        return session
    }
}
