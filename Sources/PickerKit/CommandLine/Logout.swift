import PickerSources
import PickerStore

/// `picker logout`: the session `picker login` stored is removed, and with it every friend list
/// cached in the directory `picker` would keep them in, as the Facebook SDK deleted its cache at
/// logout.
package struct Logout: Hashable, Sendable {
    /// The directory whose cached friend lists go: `--cache-dir`, else the one
    /// `PICKER_DEFAULT_OPTS` names with `--cache-dir`, else `$PICKER_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/picker`, else `~/.cache/picker`, as a run of `picker` finds it; nil with
    /// none of them.
    package var cacheDirectory: String?
    /// Where the session is stored; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    package var store: SessionStore?

    /// The logout of the user `environment` describes.
    /// - Throws: ``Options/UsageError`` when `PICKER_DEFAULT_OPTS` is not options `picker`
    ///   takes, as a run of `picker` would.
    init(environment: [String: String]) throws(Options.UsageError) {
        var options = Options(source: FriendSource(argument: ""))
        options.findDirectories(in: environment)
        _ = try Options.readDefaults(in: environment, into: &options)
        cacheDirectory = options.cacheDirectory
        store = SessionStore(environment: environment)
    }

    /// The options `picker logout` takes.
    static let table: [OptionSpec<Logout>] = [
        OptionSpec(
            ["--cache-dir"], value: "DIR",
            "remove the cached friend lists from DIR (default: the directory picker uses: --cache-dir in $PICKER_DEFAULT_OPTS, else $PICKER_CACHE_DIR, else $XDG_CACHE_HOME/picker, else ~/.cache/picker)"
        ) { logout, path throws(Options.UsageError) in
            guard !path.isEmpty else { throw Options.UsageError("--cache-dir needs a directory") }
            logout.cacheDirectory = path
        },
        OptionSpec(["--help", "-h"], "print this help") { _, _ in },
    ]

    /// The environment variables `picker logout` reads, and what for.
    static let environment: [(name: String, meaning: String)] = [
        (
            "XDG_CONFIG_HOME",
            "the session removed is $XDG_CONFIG_HOME/picker/session (default ~/.config/picker/session)"
        ),
        ("PICKER_DEFAULT_OPTS", "its --cache-dir names the directory whose cached friend lists are removed"),
        ("PICKER_CACHE_DIR", "the cache directory, when no --cache-dir is given"),
        ("XDG_CACHE_HOME", "the cache directory is $XDG_CACHE_HOME/picker (default ~/.cache/picker) otherwise"),
    ]

    /// Removes the stored session and the friend lists cached in ``cacheDirectory``; what
    /// standard error says, and the status to exit with.
    package func run() -> (report: String, status: ExitStatus) {
        let cached = cacheDirectory.map { FriendCache.removeAll(in: $0) } ?? 0
        let caches = cached == 0 ? "" : "; removed \(cached) cached friend list\(cached == 1 ? "" : "s")"
        guard let store else {
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
