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
    /// What is wrong with `PICKER_DEFAULT_OPTS`, when a run of `picker` would refuse it.
    package var defaultsProblem: String?

    /// The logout of the user `environment` describes. A `PICKER_DEFAULT_OPTS` that a run of
    /// `picker` would refuse does not stop it (a logout must not keep the session): its
    /// `--cache-dir` is read all the same (see ``cacheDirectory(inDefaults:)``), and the
    /// problem is said.
    init(environment: [String: String]) {
        var options = Options(source: FriendSource(argument: ""))
        options.findDirectories(in: environment)
        let found = options.cacheDirectory
        do {
            _ = try Options.readDefaults(in: environment, into: &options)
            cacheDirectory = options.cacheDirectory
        } catch {
            defaultsProblem = error.description
            cacheDirectory = environment["PICKER_DEFAULT_OPTS"].flatMap(Self.cacheDirectory(inDefaults:)) ?? found
        }
        store = SessionStore(environment: environment)
    }

    /// The directory the last `--cache-dir` among the options `text` holds names, read as
    /// `picker` reads `PICKER_DEFAULT_OPTS` whatever else is there: an option that takes a
    /// value takes the next word (so that `--query --cache-dir` names none), and an unknown
    /// word is passed over. Nil when there is none, or when `text` cannot be split into words.
    static func cacheDirectory(inDefaults text: String) -> String? {
        guard let words = shellWords(text) else { return nil }
        var found: String?
        var remaining = words[...]
        while let word = remaining.popFirst() {
            if word.hasPrefix("--cache-dir=") {
                let value = String(word.dropFirst("--cache-dir=".count))
                if !value.isEmpty { found = value }
            } else if let spec = Options.table.first(where: { $0.names.contains(word) }), spec.value != nil,
                let value = remaining.popFirst(), spec.names.contains("--cache-dir"), !value.isEmpty
            {
                found = value
            }
        }
        return found
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
        (
            "PICKER_DEFAULT_OPTS",
            "its --cache-dir names the directory whose cached friend lists are removed (read even when the rest has an error)"
        ),
        ("PICKER_CACHE_DIR", "the cache directory, when no --cache-dir is given"),
        ("XDG_CACHE_HOME", "the cache directory is $XDG_CACHE_HOME/picker (default ~/.cache/picker) otherwise"),
    ]

    /// Removes the stored session and the friend lists cached in ``cacheDirectory``; what
    /// standard error says, and the status to exit with.
    package func run() -> (report: String, status: ExitStatus) {
        let cached = cacheDirectory.map { FriendCache.removeAll(in: $0) } ?? 0
        var caches = cached == 0 ? "" : "; removed \(cached) cached friend list\(cached == 1 ? "" : "s")"
        if let defaultsProblem { caches += " (\(defaultsProblem): only its --cache-dir was read)" }
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
