import FoundationEssentials
import PickerStore

/// The members of a device or token endpoint's JSON answer that either flow reads, each taken
/// only when it has the type it should (a number may also come as a numeric string, as
/// Facebook writes them); anything else in the body is passed over.
struct LoginAnswerBody: Decodable {
    var deviceCode: String?
    /// Facebook's name for the device code.
    var code: String?
    var userCode: String?
    var verificationURI: String?
    /// The name some services gave `verification_uri` before RFC 8628 settled it.
    var verificationURL: String?
    var verificationURIComplete: String?
    var expiresIn: Double?
    var interval: Double?
    var accessToken: String?
    var tokenType: String?
    /// Facebook: when the app's access to the user's data ends, in seconds since 1970.
    var dataAccessExpirationTime: Double?
    /// RFC 8628's (and RFC 6749's) error: a code such as `authorization_pending`.
    var errorCode: String?
    var errorDescription: String?
    /// Facebook's error: a Graph error object.
    var graphError: GraphResponse.GraphError?

    private enum Keys: String, CodingKey {
        case deviceCode = "device_code"
        case code
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case verificationURL = "verification_url"
        case verificationURIComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
        case accessToken = "access_token"
        case tokenType = "token_type"
        case dataAccessExpirationTime = "data_access_expiration_time"
        case error
        case errorDescription = "error_description"
    }

    init(from decoder: Decoder) throws {
        let members = try decoder.container(keyedBy: Keys.self)
        func text(_ key: Keys) -> String? { try? members.decodeIfPresent(String.self, forKey: key) }
        func number(_ key: Keys) -> Double? {
            if let value = try? members.decodeIfPresent(Double.self, forKey: key) { return value }
            return text(key).flatMap { Double($0.trimmingWhitespace) }.flatMap { $0.isFinite ? $0 : nil }
        }
        deviceCode = text(.deviceCode)
        code = text(.code)
        userCode = text(.userCode)
        verificationURI = text(.verificationURI)
        verificationURL = text(.verificationURL)
        verificationURIComplete = text(.verificationURIComplete)
        expiresIn = number(.expiresIn)
        interval = number(.interval)
        accessToken = text(.accessToken)
        tokenType = text(.tokenType)
        dataAccessExpirationTime = number(.dataAccessExpirationTime)
        errorCode = text(.error)
        errorDescription = text(.errorDescription)
        graphError = try? members.decodeIfPresent(GraphResponse.GraphError.self, forKey: .error)
    }

    /// `body` read; nil when it is not a JSON object.
    static func read(_ body: Data) -> LoginAnswerBody? {
        try? JSONDecoder().decode(LoginAnswerBody.self, from: body)
    }

    /// The error the answer carries, as `redaction` shows its texts: `slow_down: description`
    /// or the Graph error's summary; nil when it carries none.
    func errorSummary(_ redaction: MessageRedaction) -> String? {
        if let graphError { return graphError.summary(redaction) }
        guard let errorCode else { return nil }
        let code = redaction.shown(errorCode)
        return errorDescription.map { "\(code): \(redaction.shown($0))" } ?? code
    }
}
