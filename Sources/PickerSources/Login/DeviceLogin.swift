import FoundationEssentials
import Glibc
import PickerStore

/// A login with a device flow: asks the device endpoint for the codes, then the token endpoint
/// until the user approves, declines, or the codes expire.
///
/// Every request follows the rules of the HTTP client (https, or http to loopback; limits on
/// time and size; redirects only within the origin). The client's id, the device code and the
/// token never reach a message: each is cut out of the service's texts wherever it is.
package struct DeviceLogin: Sendable {
    package let options: LoginOptions
    /// Opens what sends the requests: an ``HTTPClient`` trusting what the environment says,
    /// keeping at most 1 MB of an answer; a stand-in in tests.
    var connect: @Sendable (_ timeout: Double) throws(HTTPFailure) -> any HTTPSending = { timeout throws(HTTPFailure) in
        var settings = HTTPClient.Settings(
            timeout: timeout, trust: CertificateTrust(environment: ProcessInfo.processInfo.environment))
        settings.maximumBodyBytes = 1 << 20
        return try HTTPClient(settings: settings)
    }
    /// Waits the given seconds before a poll.
    var pause: @Sendable (Double) -> Void = { PosixThread.sleep($0) }
    /// Seconds on a clock that only goes forward, for the waits and the deadline.
    var clock: @Sendable () -> Double = { DeviceLogin.monotonicSeconds() }
    /// Seconds since 1970, for when the token expires.
    var wallClock: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    package init(options: LoginOptions) {
        self.options = options
    }

    /// What a login waiting for approval reports as it goes.
    package enum Progress: Hashable, Sendable {
        /// The service has not been answered yet, or said the login is still pending.
        case waiting
        /// The service asked to poll less often: now every `interval` seconds.
        case slowedDown(interval: Double)
        /// A poll failed in a way that may pass; the next is in `wait` seconds.
        case retrying(reason: String, wait: Double)

        /// What standard error says of this progress, when it says something.
        package var report: String? {
            switch self {
            case .waiting: return nil
            case .slowedDown(let interval):
                return "the service asked to be asked less often: every \(HTTPClient.seconds(interval))"
            case .retrying(let reason, let wait):
                return "\(reason); trying again in \(HTTPClient.seconds(wait.rounded(.up)))"
            }
        }
    }

    /// Asks the device endpoint for the codes; returns them and when they were received, on
    /// ``clock``.
    /// - Throws: ``LoginFailure`` when the request fails or the answer cannot be used.
    package func authorize() throws(LoginFailure) -> (authorization: DeviceAuthorization, receivedAt: Double) {
        let redaction = MessageRedaction(secrets: [options.clientID])
        let shown = redaction.shown(options.deviceURL)
        var form = [clientField]
        if let scope = options.scope { form.append(HTTPHeaders.Field(name: "scope", value: scope)) }
        let response: HTTPResponse
        do {
            let client = try connect(options.timeout)
            response = try client.send(HTTPRequest(post: form, to: options.deviceURL, headers: Self.headers))
        } catch {
            throw LoginFailure("\(shown): \(redaction.redacted(error.message))")
        }
        let receivedAt = clock()
        do throws(LoginFailure) {
            let authorization = try DeviceAuthorization.read(
                status: response.status, body: response.body, flow: options.flow,
                redaction: MessageRedaction(secrets: [options.clientID] + Self.deviceCodes(in: response.body)))
            return (authorization, receivedAt)
        } catch {
            throw LoginFailure("\(shown): \(error.message)")
        }
    }

    /// Polls the token endpoint for `authorization`, received at `receivedAt` on ``clock``,
    /// until the user approves; tells `progress` how it goes.
    /// - Returns: the session, for the token endpoint's origin.
    /// - Throws: ``LoginFailure``: with ``ExitStatus/sessionRejected`` when the user declined
    ///   or the codes expired, else with ``ExitStatus/error``.
    package func waitForApproval(
        _ authorization: DeviceAuthorization, receivedAt: Double, progress: (Progress) -> Void = { _ in }
    ) throws(LoginFailure) -> StoredSession {
        let redaction = MessageRedaction(secrets: [options.clientID, authorization.deviceCode])
        let shown = redaction.shown(options.tokenURL)
        guard let origin = HTTPOrigin(options.tokenURL) else { throw LoginFailure("\(shown): has no host") }
        let client: any HTTPSending
        do {
            client = try connect(options.timeout)
        } catch {
            throw LoginFailure("\(shown): \(error.message)")
        }
        let form: [HTTPHeaders.Field]
        switch options.flow {
        case .rfc8628:
            form = [
                HTTPHeaders.Field(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
                HTTPHeaders.Field(name: "device_code", value: authorization.deviceCode), clientField,
            ]
        case .facebook: form = [clientField, HTTPHeaders.Field(name: "code", value: authorization.deviceCode)]
        }
        var schedule = PollSchedule(
            interval: authorization.interval, deadline: receivedAt + authorization.expiresIn, flow: options.flow)
        progress(.waiting)
        while true {
            let now = clock()
            guard let due = schedule.nextPoll(from: now) else {
                pause(max(0, schedule.deadline - now))
                throw LoginFailure(
                    "the code expired before the login was approved; run picker login again", rejectsLogin: true)
            }
            pause(due - now)
            var answer: PollAnswer
            do {
                let response = try client.send(HTTPRequest(post: form, to: options.tokenURL, headers: Self.headers))
                answer = PollAnswer.classify(
                    status: response.status, body: response.body, flow: options.flow,
                    redaction: MessageRedaction(
                        secrets: [options.clientID, authorization.deviceCode] + Self.tokens(in: response.body)))
            } catch {
                answer = .temporary(redaction.redacted(error.message))
            }
            switch answer {
            case .granted(let grant):
                let obtainedAt = wallClock()
                let expiries = [grant.expiresIn.map { obtainedAt + $0 }, grant.dataAccessExpiresAt].compactMap { $0 }
                return StoredSession(
                    token: grant.token, origin: origin.description, expiresAt: expiries.min(), flow: options.flow,
                    obtainedAt: obtainedAt)
            case .pending:
                schedule.answered()
                progress(.waiting)
            case .slowDown:
                schedule.slowDown()
                progress(.slowedDown(interval: schedule.interval))
            case .denied(let message):
                throw LoginFailure(
                    "\(shown): the login was denied (\(message)); nothing is stored", rejectsLogin: true)
            case .expired(let message):
                throw LoginFailure(
                    "\(shown): the code expired before the login was approved (\(message)); run picker login again",
                    rejectsLogin: true)
            case .temporary(let reason):
                guard schedule.failedTemporarily() else {
                    throw LoginFailure(
                        "\(shown): still failing after \(PollSchedule.maximumFailures) retries: \(reason)")
                }
                progress(.retrying(reason: reason, wait: schedule.wait))
            case .failed(let message):
                throw LoginFailure("\(shown): \(message)")
            }
        }
    }

    /// The form field that names the client: RFC 8628's `client_id`, Facebook's `access_token`.
    private var clientField: HTTPHeaders.Field {
        HTTPHeaders.Field(name: options.flow == .facebook ? "access_token" : "client_id", value: options.clientID)
    }

    private static let headers: HTTPHeaders = ["Accept": "application/json", "User-Agent": PickerVersion.userAgent]

    /// The device codes an answer holds (`device_code`, Facebook's `code`), to be cut out of
    /// its messages.
    private static func deviceCodes(in body: Data) -> [String] {
        guard let answer = LoginAnswerBody.read(body) else { return [] }
        return [answer.deviceCode, answer.code].compactMap { $0 }
    }

    /// The access token an answer holds, to be cut out of its messages.
    private static func tokens(in body: Data) -> [String] {
        LoginAnswerBody.read(body)?.accessToken.map { [$0] } ?? []
    }

    /// Seconds on `CLOCK_MONOTONIC`: the clock of ``authorize()``'s `receivedAt`.
    package static func monotonicSeconds() -> Double {
        MonotonicClock.seconds()
    }
}
