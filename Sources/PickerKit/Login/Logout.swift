/// `picker logout`: the session `picker login` stored is removed, and with it every cached
/// friend list, as the Facebook SDK deleted its cache at logout.
public enum Logout {
    /// Removes the session stored for the user `environment` describes and the friend lists
    /// cached in the cache directory it gives; what standard error says, and the status to
    /// exit with.
    public static func run(environment: [String: String]) -> (report: String, status: ExitStatus) {
        let cached = Options.cacheDirectory(in: environment).map { FriendCache.removeAll(in: $0) } ?? 0
        let caches = cached == 0 ? "" : "; removed \(cached) cached friend list\(cached == 1 ? "" : "s")"
        guard let store = SessionStore(environment: environment) else {
            return ("no session is stored (neither HOME nor XDG_CONFIG_HOME is set)" + caches, .printed)
        }
        do {
            let removed = try store.remove()
            let report = removed ? "logged out: removed \(store.path)" : "no session is stored (\(store.path))"
            return (report + caches, .printed)
        } catch {
            return (error.description, .error)
        }
    }
}
