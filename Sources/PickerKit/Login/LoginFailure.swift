/// Why `picker login` stopped without a session, in words for the user, and the status to exit
/// with.
public struct LoginFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened; safe to show (no secret, no control character).
    public var message: String
    /// ``ExitStatus/sessionRejected`` when the login was denied or expired, else
    /// ``ExitStatus/error``.
    public var status: ExitStatus

    public init(_ message: String, status: ExitStatus = .error) {
        self.message = TerminalText.sanitized(message)
        self.status = status
    }

    public var description: String { message }
}
