import FoundationEssentials
import PickerStore

/// What the device endpoint gave: the code the user enters, where, and for how long; and the
/// device code that each poll sends, which is never shown.
package struct DeviceAuthorization: Hashable, Sendable {
    /// Sent with each poll of the token endpoint; never shown (RFC 8628, section 3.2).
    package let deviceCode: String
    /// The code the user enters: 1 to ``maximumCodeLength`` ASCII letters, digits and `-`, so
    /// that nothing in it is drawn invisibly or read as another character.
    package let userCode: String
    /// Where the user enters the code.
    package let verificationURI: URL
    /// The address with the code filled in, for the QR code: the service's
    /// `verification_uri_complete` when it is on the origin of ``verificationURI``, so that the
    /// QR code opens the site whose address is written out; for Facebook, which gives none,
    /// `verification_uri` with `user_code` and `qr=1` added, as Meta's SDKs build it. Nil when
    /// there is none.
    package let completeURI: URL?
    /// What to tell the user of the answer, when something of it was left out: a
    /// `verification_uri_complete` on another origin.
    package var note: String?
    /// Seconds the codes stay valid, from when they were received; at most ``maximumWait``.
    package let expiresIn: Double
    /// Seconds to wait between polls; at least ``minimumInterval``.
    package let interval: Double

    /// The longest user code shown (64 characters): a longer one is not for a person to type.
    package static let maximumCodeLength = 64
    /// The longest a login waits for approval, whatever `expires_in` says (one hour).
    package static let maximumWait = 3600.0
    /// The shortest wait between polls, whatever `interval` says (a tenth of a second).
    package static let minimumInterval = 0.1
    /// The wait between polls when the service gives none (RFC 8628, section 3.2: 5 s).
    package static let defaultInterval = 5.0

    package init(
        deviceCode: String, userCode: String, verificationURI: URL, completeURI: URL?, expiresIn: Double,
        interval: Double
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.completeURI = completeURI
        self.expiresIn = expiresIn
        self.interval = interval
    }

    /// The address the QR code holds: the complete one when there is one, else the address
    /// where the code is entered.
    package var qrAddress: URL { completeURI ?? verificationURI }

    /// The codes in a device endpoint's answer with HTTP `status` and `body`, in `flow`'s
    /// words; the texts of a refusal as `redaction` shows them.
    /// - Throws: ``LoginFailure`` when the service refused, or the answer lacks a member the
    ///   flow needs or holds one that cannot be used (a code with a control character, an
    ///   address that is not https, a wait that is not a positive number).
    package static func read(
        status: Int, body: Data, flow: DeviceFlow, redaction: MessageRedaction
    ) throws(LoginFailure) -> DeviceAuthorization {
        guard let answer = LoginAnswerBody.read(body) else {
            throw LoginFailure("the answer (HTTP \(status)) is not a JSON object")
        }
        if let error = answer.errorSummary(redaction) { throw LoginFailure("the service refused: \(error)") }
        guard (200..<300).contains(status) else { throw LoginFailure("the service answered HTTP \(status)") }
        let deviceCodeName = flow == .facebook ? "code" : "device_code"
        guard let deviceCode = flow == .facebook ? answer.code : answer.deviceCode, !deviceCode.isEmpty,
            deviceCode.utf8.count <= 8192, !HTTPHeaders.holdsControlCharacter(deviceCode)
        else { throw LoginFailure("the answer has no usable \(deviceCodeName)") }
        guard let userCode = answer.userCode, !userCode.isEmpty else {
            throw LoginFailure("the answer has no user_code")
        }
        if let problem = codeProblem(userCode) {
            throw LoginFailure(
                "the answer's user_code \(problem): a code to type is 1 to \(maximumCodeLength) ASCII letters, digits and '-'"
            )
        }
        guard let verificationText = answer.verificationURI ?? answer.verificationURL else {
            throw LoginFailure("the answer has no verification_uri")
        }
        let verificationURI = try address(verificationText, named: "verification_uri", redaction: redaction)
        var completeURI: URL?
        var note: String?
        if let text = answer.verificationURIComplete {
            let complete = try address(text, named: "verification_uri_complete", redaction: redaction)
            if HTTPOrigin(complete) == HTTPOrigin(verificationURI) {
                completeURI = complete
            } else {
                note =
                    "the service's address with the code filled in (verification_uri_complete) is on another site than the address to open, \(redaction.shown(complete)); left out, so the QR code opens the address shown"
            }
        } else if flow == .facebook {
            completeURI = withCode(verificationURI, userCode)
        }
        guard let expiresIn = answer.expiresIn, expiresIn > 0 else {
            throw LoginFailure("the answer has no expires_in above 0")
        }
        let interval = answer.interval ?? defaultInterval
        guard interval >= 0 else { throw LoginFailure("the answer's interval is below 0") }
        var authorization = DeviceAuthorization(
            deviceCode: deviceCode, userCode: userCode, verificationURI: verificationURI, completeURI: completeURI,
            expiresIn: min(expiresIn, maximumWait), interval: max(min(interval, maximumWait), minimumInterval))
        authorization.note = note.map(TerminalText.sanitized)
        return authorization
    }

    /// What is wrong with the user code `code`, or nil when it is 1 to ``maximumCodeLength``
    /// ASCII letters, digits and `-`: the characters it holds that are not, named by their code
    /// points (some are drawn invisibly), or its length.
    static func codeProblem(_ code: String) -> String? {
        let others = code.unicodeScalars.filter { scalar in
            !(scalar.isASCII && (scalar == "-" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        }
        if !others.isEmpty {
            var named: [String] = []
            for scalar in others where !named.contains(scalar.codePoint) { named.append(scalar.codePoint) }
            let listed = named.prefix(5).joined(separator: ", ") + (named.count > 5 ? ", …" : "")
            return "holds \(listed)"
        }
        guard code.unicodeScalars.count <= maximumCodeLength else {
            return "is \(code.unicodeScalars.count) characters long"
        }
        return nil
    }

    /// The address `text`, which must follow the rules of every URL picker asks (https, or
    /// http to loopback) and be short enough for a QR code.
    private static func address(_ text: String, named name: String, redaction: MessageRedaction) throws(LoginFailure)
        -> URL
    {
        guard text.utf8.count <= 2048, let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw LoginFailure("the answer's \(name) is not an absolute URL of at most 2 KB")
        }
        if let refusal = HTTPAddress.refusal(for: url) {
            throw LoginFailure("the answer's \(name) \(redaction.shown(url)) \(refusal)")
        }
        return url
    }

    /// `url` with `user_code=code` and `qr=1` added to its query.
    private static func withCode(_ url: URL, _ code: String) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "user_code", value: code), URLQueryItem(name: "qr", value: "1"),
            ]
        return components.url
    }
}

extension Unicode.Scalar {
    /// `U+00AD`: how a message names a character that may not be drawn.
    fileprivate var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
