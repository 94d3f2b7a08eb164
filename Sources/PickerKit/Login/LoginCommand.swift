import Foundation
import Glibc
import PickerSources
import PickerStore

/// How a login that waited for approval ended.
enum LoginEnding {
    case approved(StoredSession)
    case failed(LoginFailure)
    /// Ctrl-C, Esc or `q` on the screen.
    case cancelled
    /// A signal ended it, with this number.
    case signalled(Int32)
}

/// `picker login`: asks for the codes, shows them (on the screen when standard output is a
/// terminal, else as lines for a script) while the token endpoint is asked until the login is
/// approved, then stores the session. Nothing is stored unless the login was approved.
enum LoginCommand {
    /// Logs in with `options`, the session stored where `environment` says; the status to exit
    /// with.
    static func run(_ options: LoginOptions, environment: [String: String]) -> Int32 {
        guard let store = SessionStore(environment: environment) else {
            return PickerCommand.fail(
                "picker login stores the session under XDG_CONFIG_HOME or HOME, and neither is set")
        }
        do {
            try store.prepare()
        } catch {
            return PickerCommand.fail(error.description)
        }
        let login = DeviceLogin(options: options)
        let authorization: DeviceAuthorization
        let receivedAt: Double
        do {
            (authorization, receivedAt) = try login.authorize()
        } catch {
            return report(error)
        }
        let color = (environment["NO_COLOR"] ?? "").isEmpty
        let ending =
            isatty(1) == 1 ? LoginWait.onScreen(login, authorization, receivedAt: receivedAt, color: color) : nil
        switch ending ?? LoginWait.plain(login, authorization, receivedAt: receivedAt) {
        case .approved(let session):
            do {
                try store.save(session)
            } catch {
                return PickerCommand.fail("the login was approved, but \(error.description)")
            }
            let expiry = session.expiresAt.map { ", until \(StoredSession.moment($0))" } ?? ""
            StandardStreams.report("logged in to \(session.origin)\(expiry); the session is stored in \(store.path)")
            return ExitStatus.printed.rawValue
        case .failed(let failure):
            return report(failure)
        case .cancelled:
            StandardStreams.report("login cancelled; nothing is stored")
            return ExitStatus.cancelled.rawValue
        case .signalled(let signal):
            return 128 + signal
        }
    }

    /// Reports `failure`; the status it calls for: a login denied or expired is a session
    /// rejected.
    private static func report(_ failure: LoginFailure) -> Int32 {
        StandardStreams.report(failure.message)
        return (failure.rejectsLogin ? ExitStatus.sessionRejected : .error).rawValue
    }
}

/// The two ways a login waits for approval.
enum LoginWait {
    /// For scripts: the code and the addresses as `name value` lines on standard output, the
    /// same in a sentence and what happens on standard error, and the token endpoint asked on
    /// this thread.
    static func plain(_ login: DeviceLogin, _ authorization: DeviceAuthorization, receivedAt: Double) -> LoginEnding {
        var lines = [
            "user_code \(authorization.userCode)", "verification_uri \(authorization.verificationURI.absoluteString)",
        ]
        if let complete = authorization.completeURI {
            lines.append("verification_uri_complete \(complete.absoluteString)")
        }
        lines.append("expires_in \(Int(authorization.expiresIn.rounded(.up)))")
        let printed = lines.map(TerminalText.sanitized).joined(separator: "\n") + "\n"
        _ = StandardStreams.writeOutput([Array(printed.utf8)])
        StandardStreams.report(
            "to log in, open \(authorization.verificationURI.absoluteString) and enter the code \(authorization.userCode) within \(Int(authorization.expiresIn.rounded(.up))) s; waiting for approval"
        )
        do {
            return .approved(
                try login.waitForApproval(authorization, receivedAt: receivedAt) { progress in
                    if let report = progress.report { StandardStreams.report(report) }
                })
        } catch {
            return .failed(error)
        }
    }

    /// On the terminal: the codes large, the QR code when asked for and there is room, and the
    /// time left, while the token endpoint is asked on a thread of its own; Ctrl-C, Esc and `q`
    /// cancel. Nil when the terminal cannot be drawn on: then the plain way is used.
    static func onScreen(
        _ login: DeviceLogin, _ authorization: DeviceAuthorization, receivedAt: Double, color: Bool
    ) -> LoginEnding? {
        var qrLines: [String]?
        var qrProblem: String?
        if login.options.showsQRCode {
            switch QRCode.encode(authorization.qrAddress.absoluteString) {
            case .success(let code): qrLines = code.halfBlockLines()
            case .failure(let unavailable): qrProblem = unavailable.message
            }
        }
        var screen = LoginScreen(
            authorization: authorization, service: login.options.service, qrCode: qrLines,
            secondsLeft: Int(authorization.expiresIn))
        screen.qrProblem = qrProblem
        guard let signals = SignalPipe.install() else {
            return .failed(LoginFailure("cannot set up signal handling"))
        }
        do {
            return try Terminal.with(mouse: false, color: color) { terminal in
                guard let poller = LoginPoller.start(login, authorization, receivedAt: receivedAt) else {
                    return .failed(LoginFailure("cannot start waiting for approval"))
                }
                return waitForApproval(
                    &screen, on: terminal, signals: signals, poller: poller,
                    deadline: receivedAt + authorization.expiresIn)
            }
        } catch {
            // The plain way follows: signals end the picker as they end any program.
            for number in SignalPipe.endingSignals { signal(number, SIG_DFL) }
            if !SignalPipe.stopsAreIgnored() { signal(SIGTSTP, SIG_DFL) }
            return nil
        }
    }

    /// Draws `screen` on `terminal` each second and whenever the poller reports, until the
    /// poller ends, a key cancels or a signal ends it.
    private static func waitForApproval(
        _ screen: inout LoginScreen, on terminal: Terminal, signals: SignalPipe, poller: LoginPoller, deadline: Double
    ) -> LoginEnding {
        var descriptors = [terminal.inputDescriptor, signals.readEnd, poller.readEnd].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        while true {
            while let signal = signals.receivedSignal() {
                guard signal == SIGTSTP else { return .signalled(signal) }
                terminal.suspend()
            }
            for report in poller.take() {
                switch report {
                case .progress(let progress): screen.progress = progress
                case .finished(.success(let session)): return .approved(session)
                case .finished(.failure(let failure)): return .failed(failure)
                }
            }
            while let input = terminal.readInput() {
                guard case .key(let key) = input else { continue }
                switch LoginScreen.command(for: key) {
                case .cancel?: return .cancelled
                case .suspend?: terminal.suspend()
                case nil: break
                }
            }
            let left = deadline - DeviceLogin.monotonicSeconds()
            screen.secondsLeft = Int(max(0, left).rounded(.up))
            terminal.draw(screen.frame(size: terminal.size))
            // Wake for the next whole second of the countdown.
            let untilNextSecond = left - left.rounded(.down)
            _ = poll(&descriptors, nfds_t(descriptors.count), Int32(max(10, untilNextSecond * 1000 + 5)))
        }
    }
}

/// The token endpoint asked on a thread of its own, what it reports handed to the screen's
/// loop: the reports wait in a queue, and a byte on a pipe wakes the loop's `poll`.
final class LoginPoller: Sendable {
    enum Report: Sendable {
        case progress(DeviceLogin.Progress)
        case finished(Result<StoredSession, LoginFailure>)
    }

    /// The end to poll: readable when reports are waiting.
    let readEnd: Int32
    private let writeEnd: Int32
    private let reports = BoundedQueue<Report>(capacity: 16)

    private init(readEnd: Int32, writeEnd: Int32) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    /// Starts asking for `authorization`'s token; nil when no thread could be started.
    static func start(_ login: DeviceLogin, _ authorization: DeviceAuthorization, receivedAt: Double) -> LoginPoller? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let poller = LoginPoller(readEnd: ends[0], writeEnd: ends[1])
        let started = PosixThread.start {
            do throws(LoginFailure) {
                let session = try login.waitForApproval(authorization, receivedAt: receivedAt) {
                    poller.post(.progress($0))
                }
                poller.post(.finished(.success(session)))
            } catch {
                poller.post(.finished(.failure(error)))
            }
        }
        return started ? poller : nil
    }

    private func post(_ report: Report) {
        reports.put(report)
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The reports waiting, oldest first.
    func take() -> [Report] {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &drained, drained.count) > 0 {}
        return reports.takeWaiting()
    }
}
