import Foundation
import Glibc
import PickerSources
import PickerStore

/// `picker login`: asks for the codes, shows them (on the screen when standard output is a
/// terminal, else as lines for a script) while the token endpoint is asked until the login is
/// approved, then stores the session. Nothing is stored unless the login was approved.
enum LoginCommand {
    /// Logs in with `options`, the session stored where `environment` says; the status to exit
    /// with.
    static func run(_ options: LoginOptions, environment: [String: String]) -> Int32 {
        guard let store = SessionStore(environment: environment) else {
            return fail(
                "picker login stores the session under XDG_CONFIG_HOME or HOME, and neither is set")
        }
        do {
            try store.prepare()
        } catch {
            return fail(error.description)
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
                return fail("the login was approved, but \(error.description)")
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

    /// Reports `message`; the status of an error.
    private static func fail(_ message: String) -> Int32 {
        StandardStreams.report(message)
        return ExitStatus.error.rawValue
    }

    /// Reports `failure`; the status it calls for: a login denied or expired is a session
    /// rejected.
    private static func report(_ failure: LoginFailure) -> Int32 {
        StandardStreams.report(failure.message)
        return (failure.rejectsLogin ? ExitStatus.sessionRejected : .error).rawValue
    }
}
