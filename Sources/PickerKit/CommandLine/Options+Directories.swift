import PickerSources
import PickerStore

extension Options {
    /// Sets the cache and state directories from `environment`, as the XDG base directory
    /// specification says: the cache in `$PICKER_CACHE_DIR`, else `$XDG_CACHE_HOME/picker`,
    /// else `$HOME/.cache/picker`; the picks in `$XDG_STATE_HOME/picker`, else
    /// `$HOME/.local/state/picker`. A relative `XDG_*` path is ignored, as the specification
    /// asks; with neither that nor `HOME`, nothing is kept.
    mutating func findDirectories(in environment: [String: String]) {
        cacheDirectory = Self.cacheDirectory(in: environment)
        stateDirectory = Self.base("XDG_STATE_HOME", orHome: "/.local/state", in: environment).map { $0 + "/picker" }
    }

    /// The cache directory `environment` gives: `$PICKER_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/picker`, else `$HOME/.cache/picker`; nil with none of them.
    package static func cacheDirectory(in environment: [String: String]) -> String? {
        if let directory = environment["PICKER_CACHE_DIR"], !directory.isEmpty { return directory }
        return base("XDG_CACHE_HOME", orHome: "/.cache", in: environment).map { $0 + "/picker" }
    }

    /// The absolute path in `variable`, else `$HOME` followed by `fallback`.
    private static func base(_ variable: String, orHome fallback: String, in environment: [String: String]) -> String? {
        if let path = environment[variable], path.hasPrefix("/") { return path }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + fallback
    }

    /// `--offline` reads the cache of a URL source, which `--no-cache` turns off.
    func checkCacheOptions() throws(UsageError) {
        guard offline else { return }
        guard usesCache else { throw UsageError("--offline shows the cached friends, which --no-cache turns off") }
        switch source {
        case .url, .cardDAV: break
        default:
            throw UsageError(
                "--offline shows the cached friends of a URL or CardDAV source; \(source.displayName) is not one")
        }
    }

    /// The files the picker keeps, and what they hold, as `--help` and the man page say.
    package static let files: [(name: String, meaning: String)] = [
        (
            "$XDG_CACHE_HOME/picker/friends-HASH.cache",
            "the friends of a URL source and session when it was last read whole (ids, names, name parts, the total; never the token: HASH is a SHA-256 of the URL and the session); shown at once by the next run while the service is asked again; removed when the service rejects the session, by picker logout, and after 30 days unused (--no-cache, --cache-dir, PICKER_CACHE_DIR)"
        ),
        (
            "$XDG_CACHE_HOME/picker/carddav-HASH.cache",
            "the cards of a CardDAV account as last synced, their etags and the books' sync tokens (HASH is a SHA-256 of the URL and the user; never the password); shown at once by the next run while the server is asked, read alone with --offline; removed by picker logout and after 30 days unused (--no-cache, --cache-dir, PICKER_CACHE_DIR)"
        ),
        (
            "$XDG_STATE_HOME/picker/picks.json",
            "for each source, the frecency of each friend picked with Enter, as a time: only keys and times, a key being a hash of the source's path or URL (standard input: of its content, so that only the same list piped in again finds its picks), or of the friend's id (its name for text, whose ids are line numbers), keyed with the secret in picks.key so that no dictionary finds them; never names, ids, paths or URLs (--no-history, --recent)"
        ),
        (
            "$XDG_STATE_HOME/picker/picks.key",
            "the secret (128 random bits, 0600) the keys of picks.json are made with; without it picks.json tells nothing, and picks start afresh"
        ),
        (
            "$XDG_STATE_HOME/picker/picks.lock",
            "empty; locked while picks.json is rewritten, so that two pickers ending at once both count"
        ),
        (
            "$XDG_CONFIG_HOME/picker/session",
            "the session picker login stored (default ~/.config/picker/session): the token, when it expires and the origin it is for; 0600 in a 0700 directory; used for a URL source on that origin when no other session is given; removed by picker logout"
        ),
    ]
}
