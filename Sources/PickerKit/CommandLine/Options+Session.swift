import FoundationEssentials
import Glibc
import PickerSources
import PickerStore

extension Options {
    /// A URL source must be usable with a token, and have a session to send. A refused URL is
    /// shown with the session's token cut out when it can be read. Several sources may hold
    /// standard input once, and one URL at most: the session is sent to one service.
    func checkSource() throws(UsageError) {
        let parts = source.parts
        if parts.filter({ $0 == .standardInput }).count > 1 {
            throw UsageError("--source - is given twice: standard input can be read once")
        }
        if parts.filter({ $0.url != nil }).count > 1 {
            throw UsageError(
                "--source names more than one URL: the session is sent to one service, so give one URL among several sources"
            )
        }
        for part in parts {
            if case .cardDAV(let url) = part, let refusal = CardDAVAddress.refusal(for: url) {
                throw UsageError("--source \(part.displayName) \(refusal)")
            }
        }
        // Only the environment can give both: each option clears the other.
        let readsCardDAV = parts.contains { part in
            guard case .cardDAV = part else { return false }
            return true
        }
        if passwordCommand != nil, bearerCommand != nil, readsCardDAV {
            throw UsageError(
                "PICKER_PASSWORD_COMMAND and PICKER_BEARER_COMMAND are both set: give --password-command or --bearer-command to say which one the server takes"
            )
        }
        guard let url = source.url else { return }
        if let refusal = HTTPAddress.refusal(for: url) {
            let token = try? givenToken(now: Date().timeIntervalSince1970)
            throw UsageError("--source \(FriendSource.url(url).displayName(redacting: token)) \(refusal)")
        }
        guard session != nil else { throw UsageError(needsASession(url)) }
    }

    /// The session token: as given, the first line of the session file, or the session
    /// `picker login` stored, when it is for the source's origin and has not expired at `now`
    /// (seconds since 1970).
    /// - Throws: when the file cannot be read or its first line is empty; for a URL source, when
    ///   the token holds a control character; for the stored session, when there is none, it is
    ///   for another origin, or it has expired (with ``ExitStatus/sessionRejected``).
    package func sessionToken(now: Double = Date().timeIntervalSince1970) throws(UsageError) -> String? {
        let token = try givenToken(now: now)
        if source.url != nil, let token, let problem = SessionToken.problem(token) { throw UsageError(problem) }
        return token
    }

    /// What to do when the service rejects the session: log in again, in the way the session
    /// came.
    package var rejectionAdvice: String {
        if case .stored = session { return "Run picker login to log in again" }
        return GraphFriendsLoader.givenTokenAdvice
    }

    private func givenToken(now: Double) throws(UsageError) -> String? {
        switch session {
        case nil: return nil
        case .token(let token): return token
        case .file(let path):
            let data: [UInt8]
            do {
                data = try InputFile.open(path, trust: .named, limit: .session).readAll()
            } catch {
                let problem = error.problem == "no such file" ? "cannot be read" : error.problem
                throw UsageError("--session-file \(TerminalText.sanitized(path)): \(problem)")
            }
            let firstLine = data.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
            let token = String(decoding: firstLine, as: UTF8.self).trimmingWhitespace
            guard !token.isEmpty else {
                throw UsageError("--session-file \(TerminalText.sanitized(path)): the first line holds no token")
            }
            return token
        case .stored(let path):
            guard let url = source.url else { return nil }
            let stored: StoredSession?
            do {
                stored = try SessionStore(path: path).load()
            } catch {
                throw UsageError("the session of picker login, \(error.description)")
            }
            guard let stored else { throw UsageError(needsASession(url)) }
            guard stored.isFor(url) else {
                throw UsageError(
                    "\(needsASession(url, redacting: stored.token)); the session of picker login is for \(stored.origin) and is never sent to another origin"
                )
            }
            if let expiresAt = stored.expiresAt, stored.hasExpired(at: now) {
                throw UsageError(
                    "the session of picker login expired on \(StoredSession.moment(expiresAt)): run picker login",
                    status: .sessionRejected)
            }
            return stored.token
        }
    }

    /// What to say when the URL source `url` has no session to send; `token`, a session known
    /// but not usable for it, is cut out of the URL.
    private func needsASession(_ url: URL, redacting token: String? = nil) -> String {
        "--source \(FriendSource.url(url).displayName(redacting: token)) needs a session: run picker login, or give --session-file PATH (recommended: a token on the command line is visible in ps), --session TOKEN, or PICKER_SESSION"
    }
}
