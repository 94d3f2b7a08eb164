/// Why friends could not be read from a source; the description names the source and what is
/// wrong, for the user to fix it.
public struct SourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, `standard input`, or URL the friends were read from.
    public var source: String
    /// What is wrong, and where.
    public var problem: String
    /// The service refused the session: the user must log in again.
    public var rejectsSession: Bool

    public init(source: String, problem: String, rejectsSession: Bool = false) {
        self.source = source
        self.problem = problem
        self.rejectsSession = rejectsSession
    }

    public var description: String {
        TerminalText.sanitized("\(source): \(problem)")
    }
}
