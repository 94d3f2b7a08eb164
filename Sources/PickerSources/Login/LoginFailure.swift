import PickerStore

/// Why a device login stopped without a session, in words for the user.
package struct LoginFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened; safe to show (no secret, no control character).
    package var message: String
    /// Whether the login was denied or its codes expired (rather than failing for another
    /// reason): the user has to start again.
    package var rejectsLogin: Bool

    package init(_ message: String, rejectsLogin: Bool = false) {
        self.message = TerminalText.sanitized(message)
        self.rejectsLogin = rejectsLogin
    }

    package var description: String { message }
}
