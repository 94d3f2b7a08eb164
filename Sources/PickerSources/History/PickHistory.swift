import FoundationEssentials
import Glibc
import PickerStore

/// The record of the friends picked from each source, kept in the state directory as
/// `picks.json`: for each source (known by a hash of its path or URL), when it was last used
/// and the frecency time of each friend picked (see ``Frecency``), by id or, for text whose ids
/// are line numbers, by a hash of the name. Nothing else: no name, no path, no URL, no token.
///
/// The record stays small: at most ``largestSources`` sources, the ones used last, each with at
/// most ``largestPicks`` friends, the highest scores; a friend whose score has fallen under
/// 1/1024 (ten half-lives, 300 days, after one pick) is dropped. It is rewritten whole, under a
/// lock so that two pickers finishing at once both count, to a temporary file renamed over it.
package struct PickHistory: Hashable, Sendable {
    /// The state directory.
    package let directory: String

    /// The most sources kept.
    static let largestSources = 64
    /// The most friends kept for one source.
    static let largestPicks = 256
    /// The largest record read: 4 MB.
    static let largestFile = 4 << 20
    /// The format's version.
    static let version = 1

    package init(directory: String) {
        self.directory = directory
    }

    /// The path of the record.
    package var path: String { "\(directory)/picks.json" }
    /// The path of the lock taken while the record is rewritten.
    package var lockPath: String { "\(directory)/picks.lock" }

    /// The frecency of the friends picked from the source known by `source` (see
    /// ``sourceKey(_:)``), at `now`; and a one-line warning when the record is there but cannot
    /// be read (it is then treated as empty, and replaced at the next pick), or when the state
    /// directory is not the user's alone (nothing is read from it, and a pick is not recorded).
    package func frecency(source: String, keying: Frecency.Keying, now: Int64) -> (Frecency, warning: String?) {
        let (record, warning) = read()
        let entry = record.sources.first { $0.source == source && $0.keying == keying }
        return (Frecency(times: entry?.picks ?? [:], keying: keying, now: now), warning)
    }

    /// Counts a pick, at `now`, of each of `friends` from the source known by `source`.
    /// - Throws: when the directory or the record cannot be written.
    package func record(
        _ friends: [Friend], source: String, keying: Frecency.Keying, now: Int64
    ) throws(PrivateFileError) {
        guard !friends.isEmpty else { return }
        try PrivateFiles.prepare(directory: directory)
        let lock = try Self.lock(lockPath)
        defer { close(lock) }
        var record = read().record
        var entry =
            record.sources.first { $0.source == source && $0.keying == keying }
            ?? Entry(source: source, keying: keying, used: now, picks: [:])
        let frecency = Frecency(times: [:], keying: keying, now: now)
        for friend in friends {
            let key = frecency.key(of: friend)
            entry.picks[key] = Frecency.picked(time: entry.picks[key], now: now)
        }
        entry.used = now
        record.sources.removeAll { $0.source == source && $0.keying == keying }
        record.sources.insert(entry, at: 0)
        record.prune(now: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: [UInt8]
        do {
            bytes = Array(try encoder.encode(record)) + [0x0A]
        } catch {
            throw PrivateFileError("\(path): cannot be written (\(error))")
        }
        try PrivateFiles.write(bytes, to: path, durably: true)
    }

    /// The key of `source` in the record: a hash of its absolute path (resolved) or of its URL;
    /// nil for standard input, which is known by its content once read whole
    /// (``sourceKey(standardInputDigest:)``).
    package static func sourceKey(_ source: FriendSource) -> String? {
        switch source {
        case .url(let url): return StableID.of(["url", url.absoluteString])
        case .standardInput: return nil
        case .file(let path):
            guard let resolved = realpath(path, nil) else { return StableID.of(["file", path]) }
            defer { free(resolved) }
            return StableID.of(["file", String(cString: resolved)])
        }
    }

    /// The key in the record of standard input whose bytes have the SHA-256 `digest`
    /// (``ContentDigest``): the same list piped in again finds its picks, and any other list
    /// (another command's output, the same one grown by a line) starts with none, so that a
    /// name picked from one list is never listed under "Recent" of an unrelated one.
    package static func sourceKey(standardInputDigest digest: String) -> String {
        StableID.of(["standard input", digest])
    }

    /// The record as the file holds it, or an empty one and why the file was not read.
    private func read() -> (record: Record, warning: String?) {
        switch PrivateFiles.read(path, limit: Self.largestFile) {
        case .missing: return (Record(), nil)
        case .unusableDirectory(let error): return (Record(), "\(error); picks are not kept")
        case .refused(let why): return (Record(), "\(path) \(why); picks are recorded afresh")
        case .bytes(let bytes):
            guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)), record.isValid else {
                return (Record(), "\(path) is not a record of picks this picker reads; picks are recorded afresh")
            }
            return (record, nil)
        }
    }

    /// Opens and locks the lock file at `path`; closing the descriptor unlocks it.
    private static func lock(_ path: String) throws(PrivateFileError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PrivateFileError("\(path): cannot be opened (\(PrivateFiles.reason(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = PrivateFiles.reason(errno)
                close(descriptor)
                throw PrivateFileError("\(path): cannot be locked (\(reason))")
            }
        }
        return descriptor
    }

    /// What `picks.json` holds.
    struct Record: Codable, Hashable {
        var format = "picker picks"
        var version = PickHistory.version
        /// The sources, the one used last first.
        var sources: [Entry] = []

        /// Whether this is a record of this version.
        var isValid: Bool { format == "picker picks" && version == PickHistory.version }

        /// Drops the friends whose score has fallen under 1/1024, keeps the highest scores of
        /// each source and the sources used last, and drops sources left with no one.
        mutating func prune(now: Int64) {
            let oldest = now - Int64(10 * Frecency.halfLife)
            for index in sources.indices {
                let kept = sources[index].picks.filter { $0.value >= oldest }
                    .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .prefix(PickHistory.largestPicks)
                sources[index].picks = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
            }
            sources = Array(
                sources.filter { !$0.picks.isEmpty }.sorted { $0.used > $1.used }.prefix(PickHistory.largestSources))
        }
    }

    /// One source's picks.
    struct Entry: Codable, Hashable {
        /// The source's key (``PickHistory/sourceKey(_:)``).
        var source: String
        var keying: Frecency.Keying
        /// When a pick was last recorded, in seconds since 1970.
        var used: Int64
        /// The frecency time of each friend picked, by key.
        var picks: [String: Int64]
    }
}
