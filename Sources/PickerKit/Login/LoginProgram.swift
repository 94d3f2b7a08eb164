import FoundationEssentials
import Glibc
import PickerSources
import PickerStore

/// What the login's poller delivers to the screen's event loop.
enum LoginReport: Sendable {
    case progress(DeviceLogin.Progress)
    case finished(Result<StoredSession, LoginFailure>)
}

extension BackgroundFeed where Delivery == LoginReport {
    /// Starts asking for `authorization`'s token on a thread of its own; nil when no thread
    /// could be started.
    static func polling(_ login: DeviceLogin, _ authorization: DeviceAuthorization, receivedAt: Double)
        -> BackgroundFeed?
    {
        start(capacity: 16) { deliver in
            do throws(LoginFailure) {
                let session = try login.waitForApproval(authorization, receivedAt: receivedAt) {
                    deliver(.progress($0))
                }
                deliver(.finished(.success(session)))
            } catch {
                deliver(.finished(.failure(error)))
            }
        }
    }
}

/// `picker login` waiting for approval, as the event loop runs it: the screen, its countdown to
/// `deadline` (in ``DeviceLogin/monotonicSeconds()``) redrawn each second, and the poller's
/// reports.
struct LoginProgram: ScreenProgram {
    var screen: LoginScreen
    let deadline: Double
    private var size = TerminalSize(rows: 0, columns: 0)

    init(screen: LoginScreen, deadline: Double) {
        self.screen = screen
        self.deadline = deadline
    }

    mutating func resize(to size: TerminalSize) {
        self.size = size
    }

    func handle(_ key: Key) -> ProgramStep<LoginEnding> {
        switch LoginScreen.command(for: key) {
        case .cancel?: .finished(.cancelled)
        case .suspend?: .suspend
        case nil: .continuing
        }
    }

    mutating func receive(_ report: LoginReport) -> ProgramStep<LoginEnding> {
        switch report {
        case .progress(let progress):
            screen.progress = progress
            return .continuing
        case .finished(.success(let session)): return .finished(.approved(session))
        case .finished(.failure(let failure)): return .finished(.failed(failure))
        }
    }

    /// Seconds until the codes expire.
    private var secondsLeft: Double { max(0, deadline - DeviceLogin.monotonicSeconds()) }

    /// Wakes for the next whole second of the countdown.
    var tickInterval: Int32? {
        let left = secondsLeft
        return Int32(max(10, (left - left.rounded(.down)) * 1000 + 5))
    }

    func tick() {}

    func frame() -> Frame {
        var screen = screen
        screen.secondsLeft = Int(secondsLeft.rounded(.up))
        return screen.frame(size: size)
    }
}
