/// `picker logout`: the session `picker login` stored is removed.
public enum Logout {
    /// Removes the session stored for the user `environment` describes; what standard error
    /// says, and the status to exit with.
    public static func run(environment: [String: String]) -> (report: String, status: ExitStatus) {
        guard let store = SessionStore(environment: environment) else {
            return ("no session is stored (neither HOME nor XDG_CONFIG_HOME is set)", .printed)
        }
        do {
            let removed = try store.remove()
            return (removed ? "logged out: removed \(store.path)" : "no session is stored (\(store.path))", .printed)
        } catch {
            return (error.description, .error)
        }
    }
}
