import FoundationEssentials
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
        if let note = authorization.note { StandardStreams.report(note) }
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
        var program = LoginProgram(screen: screen, deadline: receivedAt + authorization.expiresIn)
        do {
            let ending = try SignalPipe.with { signals in
                // A terminal type that cannot draw as it is gets the plain way, which serves it
                // better than a stand-in.
                try Terminal.with(mouse: false, color: color, standIns: false) {
                    terminal -> LoopEnding<LoginEnding> in
                    guard let poller = BackgroundFeed<LoginReport>.polling(login, authorization, receivedAt: receivedAt)
                    else {
                        return .finished(.failed(LoginFailure("cannot start waiting for approval")))
                    }
                    defer { poller.stop() }
                    return runLoop(&program, on: terminal, signals: signals, feed: poller)
                }
            }
            switch ending {
            case .finished(let ending)?: return ending
            case .signalled(let signal)?: return .signalled(signal)
            case nil: return .failed(LoginFailure("cannot set up signal handling"))
            }
        } catch {
            return nil
        }
    }
}
