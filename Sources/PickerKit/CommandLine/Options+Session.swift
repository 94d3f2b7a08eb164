import FoundationEssentials
import Glibc

extension Options {
    /// A URL source must be usable with a token, and have a session to send.
    func checkSource() throws(UsageError) {
        guard case .url(let url) = source else { return }
        if let refusal = HTTPAddress.refusal(for: url) {
            throw UsageError("--source \(GraphEndpoint.redacted(url)) \(refusal)")
        }
        guard session != nil else {
            throw UsageError(
                "--source \(GraphEndpoint.redacted(url)) needs a session: give --session-file PATH (recommended: a token on the command line is visible in ps), --session TOKEN, or PICKER_SESSION"
            )
        }
    }

    /// The session token: as given, or the first line of the session file.
    /// - Throws: when the file cannot be read or its first line is empty, or, for a URL source,
    ///   when the token holds a control character.
    public func sessionToken() throws(UsageError) -> String? {
        let token = try givenToken()
        if case .url = source, let token, let problem = SessionToken.problem(token) { throw UsageError(problem) }
        return token
    }

    private func givenToken() throws(UsageError) -> String? {
        switch session {
        case nil: return nil
        case .token(let token): return token
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError("--session-file \(TerminalText.sanitized(path)): cannot be read")
            }
            let firstLine = data.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? Data()
            let token = String(decoding: firstLine, as: UTF8.self).trimmingWhitespace
            guard !token.isEmpty else {
                throw UsageError("--session-file \(TerminalText.sanitized(path)): the first line holds no token")
            }
            return token
        }
    }
}
