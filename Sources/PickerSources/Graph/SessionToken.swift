import PickerStore

/// What a session token must be to be sent.
package enum SessionToken {
    /// Why `token` cannot be sent in an `Authorization` header, or nil when it can: a control
    /// character (CR or LF would end the header and start another). The token is not shown;
    /// messages call it `named`.
    package static func problem(_ token: String, named: String = "the session token") -> String? {
        guard HTTPHeaders.holdsControlCharacter(token) else { return nil }
        return "\(named) holds a control character (CR, LF, tab or another), so it cannot be sent; nothing was sent"
    }
}
