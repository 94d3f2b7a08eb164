import FoundationEssentials
import Glibc
import PickerStore

/// Where `picker login` keeps the session it obtained, and how: one small JSON file,
/// `$XDG_CONFIG_HOME/picker/session` (else `~/.config/picker/session`), readable by its owner
/// only (0600) in a directory only its owner may enter (0700), written whole under another name
/// then renamed, so that a reader never sees half a file and a crash leaves the old one.
package struct SessionStore: Hashable, Sendable {
    /// The file.
    package let path: String

    /// The most bytes a stored session may take (64 KB): a larger file is not one picker wrote.
    static let maximumBytes = 64 * 1024

    package init(path: String) {
        self.path = path
    }

    /// The store of the user `environment` describes: under `XDG_CONFIG_HOME` when it is an
    /// absolute path (the XDG rule: a relative one is ignored), else under `HOME`'s `.config`;
    /// nil when neither is usable.
    package init?(environment: [String: String]) {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            path = config + "/picker/session"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = (home == "/" ? "" : home) + "/.config/picker/session"
        } else {
            return nil
        }
    }

    /// The directory that holds the file.
    package var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Why the store cannot be read, written or removed, in words for the user.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The stored session; nil when there is none.
    /// - Throws: ``Failure`` when the file cannot be read, is readable by other users, is not
    ///   one picker wrote, or is too large.
    package func load() throws(Failure) -> StoredSession? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw Failure("\(shown): cannot be read (\(Self.reason(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Failure("\(shown): is not a file")
        }
        guard status.st_uid == geteuid() else { throw Failure("\(shown): belongs to another user; it is not used") }
        guard status.st_mode & 0o077 == 0 else {
            throw Failure(
                "\(shown): other users may read it, so it is not used; run picker logout, then picker login")
        }
        guard status.st_size <= Self.maximumBytes else {
            throw Failure("\(shown): is larger than \(Self.maximumBytes / 1024) KB, so not a session picker stored")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes[count...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw Failure("\(shown): cannot be read (\(Self.reason(errno)))") }
            if got == 0 { break }
            count += got
        }
        guard count <= Self.maximumBytes,
            let session = try? JSONDecoder().decode(StoredSession.self, from: Data(bytes[..<count])),
            !session.token.isEmpty, SessionToken.problem(session.token) == nil
        else {
            throw Failure("\(shown): is not a session picker stored; run picker logout, then picker login")
        }
        return session
    }

    /// Stores `session`, replacing any stored before: the directory made (0700) where missing
    /// and closed to other users where it is open to them, the file written under a temporary
    /// name (0600), flushed to the disk, then renamed over the old one.
    /// - Throws: ``Failure`` when the directory cannot be made or the file cannot be written;
    ///   the session stored before, if any, is then left as it was.
    package func save(_ session: StoredSession) throws(Failure) {
        try prepare()
        let data: Data
        do {
            data = try JSONEncoder().encode(session)
        } catch {
            throw Failure("\(shown): the session cannot be written down")
        }
        let temporary = "\(directory)/.session-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure("\(shown): cannot be written (\(Self.reason(errno)))") }
        var failure = fchmod(descriptor, 0o600) == 0 ? nil : errno
        var rest = Array(data)[...]
        while failure == nil && !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                rest = rest.dropFirst(count)
            } else if count == 0 || errno != EINTR {
                failure = count == 0 ? EIO : errno
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw Failure("\(shown): cannot be written (\(Self.reason(failure)))")
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Removes the stored session; false when there was none.
    /// - Throws: ``Failure`` when it is there but cannot be removed.
    @discardableResult
    package func remove() throws(Failure) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw Failure("\(shown): cannot be removed (\(Self.reason(errno)))")
    }

    /// Makes the directory and those above it that are missing, each 0700 as the XDG rules ask;
    /// takes the group's and others' permissions off the store's own directory when it has them.
    /// Done before a login starts, so that a store that cannot be written is found before the
    /// user approves.
    /// - Throws: ``Failure`` when the directory cannot be made, or belongs to another user.
    package func prepare() throws(Failure) {
        var built = ""
        for part in directory.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                throw Failure("\(TerminalText.sanitized(built)): cannot be made (\(Self.reason(errno)))")
            }
        }
        var status = stat()
        guard lstat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure("\(TerminalText.sanitized(directory)): is not a directory")
        }
        guard status.st_uid == geteuid() else {
            throw Failure("\(TerminalText.sanitized(directory)): belongs to another user; nothing is stored there")
        }
        if status.st_mode & 0o077 != 0 && chmod(directory, 0o700) != 0 {
            throw Failure("\(TerminalText.sanitized(directory)): cannot be closed to other users")
        }
    }

    /// The path as messages show it.
    private var shown: String { TerminalText.sanitized(path) }

    /// The C library's words for `code`.
    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
