import FoundationEssentials
import Glibc
import PickerSources
import PickerStore

/// What the picker keeps between runs for the source of one run: the cached copy of a live
/// session's friends, and the friends picked from the source.
package struct Persistence: Sendable {
    /// The cache file of a URL source and its session; nil for other sources, with
    /// `--no-cache`, or with nowhere to keep it.
    package var cache: FriendCache?
    /// The record of picks; nil with `--no-history` or with nowhere to keep it.
    package var history: PickHistory?
    /// Where the source is, as the record of picks knows it once keyed (never written); nil for
    /// standard input until it has been read whole, when its content gives it (see
    /// ``contentDigest``).
    package var historySource: String?
    /// The digest of standard input as its loader reads it, when picks are kept: standard
    /// input is known by its content, so that only the same list piped in again lists its
    /// picks under "Recent".
    package var contentDigest: ContentDigest?
    /// What the source's friends are known by in the record of picks.
    package var keying = Frecency.Keying.id
    /// The moment of the run, in seconds since 1970.
    package var now: Int64
    /// The cards kept from the last sync of a CardDAV source, when there are some to show
    /// (see ``CardDAVLaunch``).
    package var keptCardDAV: CardDAVLaunch.Kept?
    /// Whether the list of this run has been written to the cache already, or failed to be:
    /// it is written once.
    var listWritten = false

    /// What `options` keep, at `now`, for a URL source read with the session `token`;
    /// `reports` gets a one-line warning when the cache cannot be used here.
    init(_ options: Options, token: String?, now: Int64, reports: inout [String]) {
        self.now = now
        historySource = PickHistory.place(of: options.source)
        history = options.usesHistory ? options.stateDirectory.map(PickHistory.init(directory:)) : nil
        if history != nil, case .standardInput = options.source { contentDigest = ContentDigest() }
        guard options.usesCache, case .url(let url) = options.source, let directory = options.cacheDirectory else {
            return
        }
        do throws(PrivateFileError) {
            cache = try FriendCache(directory: directory, url: url, token: token ?? "")
        } catch {
            reports.append(error.description)
        }
    }

    /// The frecency of the source's friends, when picks are kept; `reports` gets a one-line
    /// warning when the record cannot be read. A state directory that is not the user's alone
    /// is said so once, and no pick is recorded in it.
    mutating func frecency(reports: inout [String]) -> Frecency {
        guard let history, let historySource else { return Frecency() }
        do throws(PrivateFileError) {
            try PrivateDirectory.check(history.directory)
        } catch {
            reports.append("\(error); picks are not kept")
            self.history = nil
            return Frecency()
        }
        let (frecency, warning) = history.frecency(source: historySource, keying: keying, now: now)
        if let warning { reports.append(warning) }
        return frecency
    }

    /// Once standard input has been read whole: the frecency of its friends, found by its
    /// content (see ``frecency(reports:)``); nil for any other source, before its end, after
    /// a failed read, or when it was found already.
    mutating func frecencyOnceRead(reports: inout [String]) -> Frecency? {
        guard historySource == nil, keyInHistory() != nil else { return nil }
        return frecency(reports: &reports)
    }

    /// The source's key in the record of picks (``historySource``), which standard input gets
    /// once it has been read whole; nil before.
    mutating func keyInHistory() -> String? {
        if historySource == nil, let digest = contentDigest?.hex {
            historySource = PickHistory.place(standardInputDigest: digest)
        }
        return historySource
    }

    /// Writes `list`, the whole source, which announced `total`, as the cache, unless this run
    /// has written it already; `reports` gets a one-line warning when it cannot be written.
    mutating func store(_ list: FriendList, announcedTotal: Int?, reports: inout [String]) {
        guard let cache, !listWritten else { return }
        listWritten = true
        do throws(PrivateFileError) {
            try cache.write(list, savedAt: now, announcedTotal: announcedTotal)
        } catch {
            reports.append(error.description)
        }
    }

    /// Writes the list of `state` as the cache as soon as it is the source's list read whole
    /// (every friend arrived, or a refresh replaced the cached copy), once a run; a cached copy,
    /// a list still loading or one whose source failed is never written. `reports` gets a
    /// one-line warning when it cannot be written.
    ///
    /// The event loop calls it after each delivery, so that a run ended by a signal keeps what
    /// it read; ``LaunchPlan/finish(_:outcome:options:persistence:)`` calls it too.
    /// - Complexity: O(1) until the list is whole; then the write, O(n) in the list's bytes.
    package mutating func storeWhenWhole(_ state: PickerState, reports: inout [String]) {
        guard cache != nil, !listWritten, state.loading == .complete, state.cachedCopyAge == nil else { return }
        store(state.list, announcedTotal: state.announcedTotal, reports: &reports)
    }

    /// The cached friends, when there are some that can be used; `reports` gets a one-line
    /// warning when a cache file is there but cannot be used. Files unused for 30 days are
    /// removed. A cache directory that is not the user's alone is said so once, and neither
    /// read nor written.
    mutating func cachedFriends(reports: inout [String]) -> CachedFriends? {
        guard let cache else { return nil }
        let found = cache.read()
        if case .unusableDirectory(let why) = found {
            reports.append("\(why); the friend cache is off")
            self.cache = nil
            return nil
        }
        defer { FriendCache.removeUnused(in: cache.directory, now: now) }
        switch found {
        case .friends(let friends): return friends
        case .nothing, .unusableDirectory: return nil
        case .unusable(let why):
            reports.append("\(why); ignored, and replaced once the friends are read")
            return nil
        }
    }
}

extension Frecency.Keying {
    /// What the friends of text with one name per line (`format`), whose ids are line numbers,
    /// are known by: their names; everyone else, by id.
    init(format: SourceFormat?) {
        self = format == .text ? .name : .id
    }

    /// What the friends of the file or folder at `path` are known by, told by its first bytes
    /// or by what `--input` says it is (`declared`).
    static func of(file path: String, declared: InputFormat? = nil) -> Frecency.Keying {
        guard let head = try? FileSourceLoader.head(of: path) else { return .id }
        return head.withUnsafeBufferPointer { Frecency.Keying(format: SourceFormat.of($0, declared: declared)) }
    }
}
