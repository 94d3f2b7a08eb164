import FoundationEssentials
import Glibc
import PickerStore

/// The cached copy of the friends a live session's source gave when it was last read whole:
/// one file per source URL and session in the cache directory.
///
/// The file is named for a SHA-256 of the URL and the session token
/// (`friends-<64 hex digits>.cache`), so the token is never in a name or in the file, and
/// another session's friends are never shown. See ``FriendCacheFormat`` for what the file
/// holds. Files that have not been used (read or written) for ``unusedLifetime`` are removed
/// whenever the cache is used.
package struct FriendCache: Hashable, Sendable {
    /// The cache directory.
    package let directory: String
    /// SHA-256 of the source URL and the session: the name of the file, and its first check.
    let key: [UInt8]

    /// How long an entry may go unused before it is removed: 30 days.
    package static let unusedLifetime: Int64 = 30 * 86_400

    /// The cache of the friends `url` gives to the session `token`, in `directory`.
    /// - Throws: when SHA-256 cannot be computed here (no libcrypto), which names the file.
    package init(directory: String, url: URL, token: String) throws(PrivateFileError) {
        guard
            let key = SHA256.digest([
                Array("picker friend cache\0".utf8), Array(url.absoluteString.utf8), [0], Array(token.utf8),
            ])
        else {
            throw PrivateFileError(
                "the friend cache is off: \(SHA256.unavailability ?? "SHA-256 failed")")
        }
        self.directory = directory
        self.key = key
    }

    /// The name of the cache file in the directory.
    var name: String { "friends-\(SHA256.hex(key)).cache" }
    /// The path of the cache file.
    package var path: String { "\(directory)/\(name)" }

    /// What reading the cache found.
    package enum Found: Sendable {
        /// The cached friends, checked whole.
        case friends(CachedFriends)
        /// No cache file.
        case nothing
        /// A cache file that cannot be used, ignored; the message says which and why.
        case unusable(String)
        /// A cache directory that is not the user's alone, not read; the message says which and
        /// why.
        case unusableDirectory(String)
    }

    /// The cached friends, when the file is there, the user's, whole and of this format, in a
    /// directory of the user that no one else can write in; the file is marked as used.
    ///
    /// The header is read and checked first (its magic, version, key and length against the
    /// file's size), so that a file of another session, or no cache at all, costs 104 bytes
    /// however large it is; then the rest, and the checksum of the whole.
    package func read() -> Found {
        let folder: PrivateDirectory
        let file: InputFile
        do throws(PrivateFileError) {
            guard let opened = try PrivateDirectory.open(directory) else { return .nothing }
            folder = opened
        } catch {
            return .unusableDirectory(error.description)
        }
        do throws(PrivateFileError) {
            guard let opened = try folder.openFile(name, limit: .cache) else { return .nothing }
            file = opened
        } catch {
            return .unusable(message(error.description))
        }
        do {
            var bytes = [UInt8](repeating: 0, count: FriendCacheFormat.headerLength)
            var count = 0
            while count < bytes.count {
                let read = try bytes.withUnsafeMutableBytes { (buffer) throws(SourceError) in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                }
                if read == 0 { break }
                count += read
            }
            bytes.removeSubrange(count...)
            try FriendCacheFormat.checkHeader(bytes, fileLength: file.size ?? count, key: key)
            bytes += try file.readAll()
            let header = try FriendCacheFormat.open(bytes, key: key)
            _ = futimens(file.descriptor, nil)
            return .friends(CachedFriends(header: header, file: bytes))
        } catch let error as FriendCacheFormat.Problem {
            return .unusable(message(error.description))
        } catch let error as SourceError {
            return .unusable(message(error.problem))
        } catch {
            return .unusable(message("cannot be read (\(error))"))
        }
    }

    /// Writes the friends of `list` (in the order they arrived) as the cache, read whole at `savedAt`
    /// (seconds since 1970) from a source that announced `announcedTotal`; then removes what has
    /// gone unused.
    package func write(_ list: FriendList, savedAt: Int64, announcedTotal: Int?) throws(PrivateFileError) {
        let folder = try PrivateDirectory.prepare(directory)
        let bytes: [UInt8]
        do throws(FriendCacheFormat.Problem) {
            bytes = try FriendCacheFormat.encode(list, key: key, savedAt: savedAt, announcedTotal: announcedTotal)
        } catch {
            throw PrivateFileError(message(error.description))
        }
        try folder.write(bytes, to: name)
        Self.removeFiles(in: folder, where: Self.isUnused(now: savedAt))
    }

    /// Removes the cache file (a rejected session's friends are not kept).
    package func remove() throws(PrivateFileError) {
        try PrivateDirectory.open(directory)?.remove(name)
    }

    /// Removes every cached friend list of the user from `directory`, whatever its session:
    /// what logging out does, as the Facebook SDK deleted its cache at logout. Returns how many
    /// lists were removed; none from a directory that is not the user's alone.
    @discardableResult
    package static func removeAll(in directory: String) -> Int {
        guard let folder = try? PrivateDirectory.open(directory) else { return 0 }
        return removeFiles(in: folder) { _, _ in true }
    }

    /// Removes, from `directory`, the cache files of the user not used for ``unusedLifetime``
    /// before `now`, and temporary files left for a day by a writer that was stopped; nothing
    /// from a directory that is not the user's alone.
    package static func removeUnused(in directory: String, now: Int64) {
        guard let folder = try? PrivateDirectory.open(directory) else { return }
        removeFiles(in: folder, where: isUnused(now: now))
    }

    /// Whether a cache file (or, when not `isCache`, a temporary file) last used at `used` is
    /// to be removed at `now`.
    private static func isUnused(now: Int64) -> (_ isCache: Bool, _ used: Int64) -> Bool {
        { isCache, used in used < now - (isCache ? unusedLifetime : 86_400) }
    }

    /// Removes the user's regular files of `folder` that are cache files or a writer's
    /// temporary files and that `shouldRemove` picks, told whether the file is a cache file
    /// and when it was last used (seconds since 1970). Returns how many cache files it removed.
    /// Every entry is looked at and removed through the open directory, never by a path.
    @discardableResult
    private static func removeFiles(
        in folder: PrivateDirectory, where shouldRemove: (_ isCache: Bool, _ used: Int64) -> Bool
    ) -> Int {
        var removed = 0
        for name in folder.names() {
            // A CardDAV account's synced cards (CardDAVStore) are cached friends too.
            let isCache = (name.hasPrefix("friends-") || name.hasPrefix("carddav-")) && name.hasSuffix(".cache")
            let isTemporary =
                PrivateDirectory.isTemporary(name) && (name.hasPrefix(".friends-") || name.hasPrefix(".carddav-"))
            guard isCache || isTemporary, let status = folder.status(of: name),
                status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid()
            else { continue }
            if shouldRemove(isCache, Int64(status.st_mtim.tv_sec)), (try? folder.remove(name)) != nil, isCache {
                removed += 1
            }
        }
        return removed
    }

    private func message(_ why: String) -> String { "\(path) \(why)" }
}

/// Friends read from a cache file and checked whole, ready to be delivered.
package struct CachedFriends: Sendable {
    let header: FriendCacheFormat.Header
    /// The whole file.
    let file: [UInt8]

    /// When the source was read whole, in seconds since 1970.
    package var savedAt: Int64 { header.savedAt }
    /// The number of friends.
    package var count: Int { header.count }

    /// The friends, in pages that grow as a file's do, each carrying the total the source
    /// announced.
    package var loader: FriendLoader { CachedFriendsLoader(friends: self) }
}

/// Delivers cached friends in ``GrowingPages``, as a file's friends are delivered, so that the
/// first screen is drawn from the first page.
struct CachedFriendsLoader: FriendLoader {
    let friends: CachedFriends

    func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        var pages = GrowingPages<[Friend]>()
        let total = friends.header.announcedTotal
        do throws(FriendCacheFormat.Problem) {
            try FriendCacheFormat.readFriends(
                friends.file[FriendCacheFormat.headerLength...], count: friends.header.count
            ) { friend in
                if let page = pages.add(friend) {
                    deliver(FriendPage(friends: page, announcedTotal: total, estimatedCount: friends.header.count))
                }
            }
        } catch {
            throw SourceError(source: "the friend cache", problem: error.description)
        }
        deliver(FriendPage(friends: pages.rest() ?? [], announcedTotal: total))
    }
}
