import FoundationEssentials
import Glibc
import PickerStore

/// The record of the friends picked from each source, kept in the state directory as
/// `picks.json`: for each source, when it was last used and the frecency time of each friend
/// picked (see ``Frecency``). Sources and friends are known by keys: the keyed hash, under the
/// user's ``HistorySecret`` (`picks.key`, 0600, beside the record), of the source's place (its
/// resolved path or its URL) and of the friend's id (or, for text whose ids are line numbers,
/// its name). Nothing else: no name, no id, no path, no URL, no token, and no hash that a
/// dictionary of them finds without the secret.
///
/// A record of version 1, whose keys were plain ids and unsalted hashes, is removed when it is
/// seen, without a warning: its keys cannot be keyed again without the names and paths they
/// stand for, so picks start afresh.
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
    /// The format's version: 2 since keys are keyed with the user's secret.
    static let version = 2

    package init(directory: String) {
        self.directory = directory
    }

    /// The name of the record in the directory.
    static let name = "picks.json"
    /// The name of the lock taken while the record is rewritten.
    static let lockName = "picks.lock"
    /// The path of the record.
    package var path: String { "\(directory)/\(Self.name)" }
    /// The path of the lock taken while the record is rewritten.
    package var lockPath: String { "\(directory)/\(Self.lockName)" }
    /// The name of the secret the keys are made with.
    static let secretName = "picks.key"
    /// The path of the secret the keys are made with.
    package var secretPath: String { "\(directory)/\(Self.secretName)" }

    /// The frecency of the friends picked from the source at `place` (see ``place(of:)``), at
    /// `now`; and a one-line warning when the record is there but cannot be read (it is then
    /// treated as empty, and replaced at the next pick), or when the state directory is not the
    /// user's alone (nothing is read from it, and a pick is not recorded).
    package func frecency(source place: String, keying: Frecency.Keying, now: Int64) -> (Frecency, warning: String?) {
        let folder: PrivateDirectory
        do throws(PrivateFileError) {
            guard let opened = try PrivateDirectory.open(directory) else { return (Frecency(), nil) }
            folder = opened
        } catch {
            return (Frecency(), "\(error); picks are not kept")
        }
        let (record, warning, isOlder) = read(in: folder)
        if isOlder { removeOlderRecord(in: folder) }
        guard let secret = readSecret(in: folder) else { return (Frecency(), warning) }
        let source = Self.key(ofPlace: place, secret)
        let entry = record.sources.first { $0.source == source && $0.keying == keying }
        var times: [UInt64: Int64] = [:]
        for (key, time) in entry?.picks ?? [:] {
            if let key = HistorySecret.key(hexadecimal: key) { times[key] = time }
        }
        return (Frecency(keyedTimes: times, keying: keying, now: now, secret: secret), warning)
    }

    /// Counts a pick, at `now`, of each of `friends` from the source at `place` (see
    /// ``place(of:)``).
    /// - Throws: when the directory, the secret or the record cannot be written.
    package func record(
        _ friends: [Friend], source place: String, keying: Frecency.Keying, now: Int64
    ) throws(PrivateFileError) {
        guard !friends.isEmpty else { return }
        let folder = try PrivateDirectory.prepare(directory)
        let lock = try folder.lock(Self.lockName)
        defer { close(lock) }
        // Without a secret, whatever the record holds was keyed with another or none: a new
        // secret, and a record begun afresh.
        var record = Record()
        let secret: HistorySecret
        if let known = readSecret(in: folder) {
            secret = known
            record = read(in: folder).record
        } else {
            secret = .random()
            try folder.write(secret.file, to: Self.secretName, durably: true)
        }
        let source = Self.key(ofPlace: place, secret)
        var entry =
            record.sources.first { $0.source == source && $0.keying == keying }
            ?? Entry(source: source, keying: keying, used: now, picks: [:])
        let frecency = Frecency(keyedTimes: [:], keying: keying, now: now, secret: secret)
        for friend in friends {
            let key = HistorySecret.hexadecimal(frecency.key(of: friend))
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
        try folder.write(bytes, to: Self.name, durably: true)
    }

    /// Where `source` is, as the record knows it once keyed: its absolute path (resolved) or
    /// its URL; for several sources, all of theirs, in order; nil for standard input, which is
    /// known by its content once read whole (``place(standardInputDigest:)``), and for several
    /// sources that include it. It is never written.
    package static func place(of source: FriendSource) -> String? {
        switch source {
        case .url(let url), .cardDAV(let url): return "url\u{0}" + url.absoluteString
        case .standardInput: return nil
        case .file(let path):
            guard let resolved = realpath(path, nil) else { return "file\u{0}" + path }
            defer { free(resolved) }
            return "file\u{0}" + String(cString: resolved)
        case .several(let sources):
            var places: [String] = []
            for source in sources {
                guard let place = place(of: source) else { return nil }
                places.append(place)
            }
            return "several\u{0}" + places.joined(separator: "\u{0}")
        }
    }

    /// Where standard input whose bytes have the SHA-256 `digest` (``ContentDigest``) is, as the
    /// record knows it once keyed: the same list piped in again finds its picks, and any other
    /// list (another command's output, the same one grown by a line) starts with none, so that
    /// a name picked from one list is never listed under "Recent" of an unrelated one.
    package static func place(standardInputDigest digest: String) -> String {
        "standard input\u{0}" + digest
    }

    /// The key of the source at `place` under `secret`, as the record writes it.
    private static func key(ofPlace place: String, _ secret: HistorySecret) -> String {
        HistorySecret.hexadecimal(secret.key("source\u{0}" + place))
    }

    /// The secret the record's keys are made with, in `folder`; nil when there is none that
    /// can be read.
    private func readSecret(in folder: PrivateDirectory) -> HistorySecret? {
        guard case .bytes(let bytes) = folder.read(Self.secretName, limit: .historySecret) else { return nil }
        return HistorySecret(file: bytes)
    }

    /// The record as the file in `folder` holds it, or an empty one and why the file was not
    /// read; and whether it is a record of an older version (read as empty, without a warning).
    private func read(in folder: PrivateDirectory) -> (record: Record, warning: String?, isOlder: Bool) {
        switch folder.read(Self.name, limit: .history) {
        case .missing: return (Record(), nil, false)
        case .refused(let why): return (Record(), "\(path) \(why); picks are recorded afresh", false)
        case .bytes(let bytes):
            if let header = try? JSONDecoder().decode(Header.self, from: Data(bytes)), header.format == Record.format,
                header.version < Self.version
            {
                return (Record(), nil, true)
            }
            guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)), record.isValid else {
                return (
                    Record(), "\(path) is not a record of picks this picker reads; picks are recorded afresh", false
                )
            }
            return (record, nil, false)
        }
    }

    /// Removes a record of an older version from `folder`, under the lock, unless another
    /// picker has just replaced it.
    private func removeOlderRecord(in folder: PrivateDirectory) {
        guard let lock = try? folder.lock(Self.lockName) else { return }
        defer { close(lock) }
        if read(in: folder).isOlder { try? folder.remove(Self.name) }
    }

    /// The format and the version of a record, whatever else it holds.
    private struct Header: Decodable {
        var format: String
        var version: Int
    }

    /// What `picks.json` holds.
    struct Record: Codable, Hashable {
        static let format = "picker picks"
        var format = Record.format
        var version = PickHistory.version
        /// The sources, the one used last first.
        var sources: [Entry] = []

        /// Whether this is a record of this version.
        var isValid: Bool { format == Record.format && version == PickHistory.version }

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
        /// The source's key: its place's (``PickHistory/place(of:)``), under the secret.
        var source: String
        var keying: Frecency.Keying
        /// When a pick was last recorded, in seconds since 1970.
        var used: Int64
        /// The frecency time of each friend picked, by key (16 hexadecimal digits).
        var picks: [String: Int64]
    }
}
