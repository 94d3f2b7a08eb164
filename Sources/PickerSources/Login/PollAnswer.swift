import FoundationEssentials
import PickerStore

/// What one answer of the token endpoint means for a login that waits for approval.
package enum PollAnswer: Hashable, Sendable {
    /// Approved: the access token, and how long it lasts when the service said.
    case granted(Grant)
    /// Not approved yet: ask again after the interval.
    case pending
    /// Asked too often: widen the interval.
    case slowDown
    /// The user declined.
    case denied(String)
    /// The codes expired before the user approved.
    case expired(String)
    /// A failure that may pass: ask again later, backing off.
    case temporary(String)
    /// A failure that asking again will not mend.
    case failed(String)

    /// An access token the token endpoint granted.
    package struct Grant: Hashable, Sendable {
        package var token: String
        /// Seconds the token lasts; nil when the service did not say (Facebook writes 0).
        package var expiresIn: Double?
        /// When the app's access to the user's data ends (Facebook), in seconds since 1970.
        var dataAccessExpiresAt: Double?
    }

    /// The longest access token taken (16 KB).
    static let maximumTokenBytes = 16 * 1024

    /// RFC 8628's error codes of a token endpoint, and Facebook's error subcodes and codes.
    private static let pendingSubcode = 1_349_174
    private static let slowDownSubcode = 1_349_172
    private static let expiredSubcode = 1_349_152
    private static let deniedSubcode = 1_349_173

    /// Classifies the token endpoint's answer with HTTP `status` and `body` in `flow`'s words;
    /// the service's texts reach the result as `redaction` shows them.
    package static func classify(status: Int, body: Data, flow: DeviceFlow, redaction: MessageRedaction) -> PollAnswer {
        let answer = LoginAnswerBody.read(body)
        if let answer, let summary = answer.errorSummary(redaction) {
            switch flow {
            case .rfc8628: return rfc8628Error(answer.errorCode ?? "", summary: summary, status: status)
            case .facebook: return facebookError(answer.graphError, summary: summary, status: status)
            }
        }
        if status == 429 || status >= 500 { return .temporary("HTTP \(status)") }
        guard (200..<300).contains(status) else { return .failed("the service answered HTTP \(status)") }
        guard let answer else { return .failed("the answer (HTTP \(status)) is not a JSON object") }
        guard let token = answer.accessToken, !token.isEmpty, token.utf8.count <= maximumTokenBytes,
            SessionToken.problem(token) == nil
        else { return .failed("the answer has no usable access_token") }
        if let type = answer.tokenType, type.lowercased() != "bearer" {
            return .failed("the token is of type '\(redaction.shown(type))', which picker cannot send (only Bearer)")
        }
        let expiresIn = answer.expiresIn.flatMap { $0 > 0 ? $0 : nil }
        let dataAccess = answer.dataAccessExpirationTime.flatMap { $0 > 0 ? $0 : nil }
        return .granted(Grant(token: token, expiresIn: expiresIn, dataAccessExpiresAt: dataAccess))
    }

    /// An RFC 8628 error answer (section 3.5).
    private static func rfc8628Error(_ code: String, summary: String, status: Int) -> PollAnswer {
        switch code {
        case "authorization_pending": return .pending
        case "slow_down": return .slowDown
        case "access_denied": return .denied(summary)
        case "expired_token": return .expired(summary)
        default: return status == 429 || status >= 500 ? .temporary(summary) : .failed(summary)
        }
    }

    /// A Facebook error answer: told by its subcode, else its code.
    private static func facebookError(_ error: GraphResponse.GraphError?, summary: String, status: Int) -> PollAnswer {
        switch (error?.subcode, error?.code) {
        case (pendingSubcode?, _), (nil, 31?): return .pending
        case (slowDownSubcode?, _), (nil, 17?): return .slowDown
        case (expiredSubcode?, _), (nil, 463?): return .expired(summary)
        case (deniedSubcode?, _): return .denied(summary)
        default:
            let temporary =
                status == 429 || status >= 500 || (error?.code).map(GraphResponse.temporaryCodes.contains) == true
            return temporary ? .temporary(summary) : .failed(summary)
        }
    }
}
