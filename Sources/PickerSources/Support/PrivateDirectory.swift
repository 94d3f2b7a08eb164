import Glibc
import PickerStore

/// Files only their owner reads, in directories only their owner enters: the cache of a
/// session's friends, the record of picks, the stored session.
///
/// A directory is made with mode 0700 (its missing parents too, as the XDG base directory
/// specification asks), and used, to read as to write, only when it is the user's, no one else
/// can write in it, and it is not a symbolic link (an other user who can write in its parent
/// would otherwise point it at any directory of the user's). It is opened once, and every file
/// in it is then reached through that descriptor (`openat`, `renameat`, `unlinkat`), never by a
/// path looked up again, so that it cannot be swapped between the check and the use. A file is
/// written whole to a temporary file of mode 0600 beside it and renamed over it, so that a
/// reader, a crash or a second picker never sees half a file; it is read only when it is a
/// regular file the user owns, never through a symbolic link (see ``InputFile``).
package final class PrivateDirectory {
    /// The directory's path, as messages name it.
    package let path: String
    /// The open directory.
    let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Opens the directory at `path` when it is there; nil when it is missing.
    /// - Throws: when it is there but not one to keep private files in (a symbolic link, not a
    ///   directory, another user's, or one others can write in), saying why in a line that
    ///   names it.
    package static func open(_ path: String) throws(PrivateFileError) -> PrivateDirectory? {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            // A symbolic link is refused with ELOOP, or with ENOTDIR beside O_DIRECTORY.
            var status = stat()
            if error == ELOOP || (error == ENOTDIR && lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK) {
                throw PrivateFileError("\(path): is a symbolic link, so it is not used")
            }
            if error == ENOENT { return nil }
            throw PrivateFileError("\(path): \(Self.reason(error))")
        }
        let directory = PrivateDirectory(path: path, descriptor: descriptor)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw PrivateFileError("\(path): \(Self.reason(errno))") }
        guard status.st_uid == geteuid() else { throw PrivateFileError("\(path): not owned by you, so not used") }
        guard status.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw PrivateFileError("\(path): others can write in it, so it is not used")
        }
        return directory
    }

    /// Opens the directory at `path`, made with mode 0700 when missing (and its missing
    /// parents). With `closingToOthers`, a directory of the user's that others may enter is
    /// closed to them (mode 0700) rather than refused.
    /// - Throws: as ``open(_:)`` does, or when it cannot be made.
    package static func prepare(_ path: String, closingToOthers: Bool = false) throws(PrivateFileError)
        -> PrivateDirectory
    {
        if closingToOthers { try close(path) }
        if let directory = try open(path) { return directory }
        try makeDirectory(path)
        guard let directory = try open(path) else { throw PrivateFileError("\(path): \(Self.reason(ENOENT))") }
        return directory
    }

    /// Takes the group's and others' permissions off the directory at `path` when it is the
    /// user's and not a symbolic link; nothing when it is missing.
    private static func close(_ path: String) throws(PrivateFileError) {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { Glibc.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_uid == geteuid() else { return }
        if status.st_mode & 0o077 != 0 && fchmod(descriptor, 0o700) != 0 {
            throw PrivateFileError("\(path): cannot be closed to other users (\(Self.reason(errno)))")
        }
    }

    /// Checks that `path`, when it is there, is a directory to keep private files in. A
    /// missing one is no failure (it is made when something is written).
    /// - Throws: when it is there but not one, saying why in a line that names it.
    package static func check(_ path: String) throws(PrivateFileError) {
        _ = try open(path)
    }

    /// Makes `directory` and its missing parents, each with mode 0700.
    private static func makeDirectory(_ directory: String) throws(PrivateFileError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw PrivateFileError("\(directory): cannot be made (\(Self.reason(errno)))")
            }
        }
    }

    /// What reading a file found.
    enum Contents: Hashable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// There is no file.
        case missing
        /// There is a file, which is not to be read: why.
        case refused(String)
    }

    /// Opens the file `name` of this directory for reading: a regular file owned by the user,
    /// not a symbolic link, at most `limit` bytes (see ``InputFile``); nil when it is missing.
    /// - Throws: why it is not to be read, without its name.
    func openFile(_ name: String, limit: ReadLimit) throws(PrivateFileError) -> InputFile? {
        let file: InputFile
        do {
            file = try InputFile.open(name, in: descriptor, trust: .contained, limit: limit)
        } catch {
            if error.problem == "no such file" { return nil }
            throw PrivateFileError(error.problem)
        }
        guard file.status.st_uid == geteuid() else { throw PrivateFileError("is not owned by you") }
        return file
    }

    /// The bytes of the file `name` of this directory (see ``openFile(_:limit:)``). With
    /// `touching`, its time of modification is set to now: it has just been used.
    func read(_ name: String, limit: ReadLimit, touching: Bool = false) -> Contents {
        do throws(PrivateFileError) {
            guard let file = try openFile(name, limit: limit) else { return .missing }
            let bytes: [UInt8]
            do {
                bytes = try file.readAll()
            } catch {
                return .refused(error.problem)
            }
            if touching { _ = futimens(file.descriptor, nil) }
            return .bytes(bytes)
        } catch {
            return .refused(error.description)
        }
    }

    /// Writes `bytes` as the file `name` of this directory, mode 0600: to a temporary file
    /// beside it, then renamed over it. With `durably`, the bytes reach the disk before the
    /// rename, and the rename before the return.
    func write(_ bytes: [UInt8], to name: String, durably: Bool = false) throws(PrivateFileError) {
        let temporary = Self.temporaryName(for: name)
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw PrivateFileError("\(path)/\(name): cannot be written (\(Self.reason(errno)))") }
        var failure: Int32?
        if fchmod(file, 0o600) != 0 { failure = errno }
        var written = 0
        while failure == nil && written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(file, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { failure = result < 0 ? errno : EIO } else { written += result }
        }
        if failure == nil, durably, fsync(file) != 0 { failure = errno }
        if Glibc.close(file) != 0, failure == nil { failure = errno }
        if failure == nil, renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
        if let failure {
            unlinkat(descriptor, temporary, 0)
            throw PrivateFileError("\(path)/\(name): cannot be written (\(Self.reason(failure)))")
        }
        if durably { fsync(descriptor) }
    }

    /// Removes the file `name` of this directory; no file there is no failure.
    func remove(_ name: String) throws(PrivateFileError) {
        if unlinkat(descriptor, name, 0) != 0 && errno != ENOENT {
            throw PrivateFileError("\(path)/\(name): cannot be removed (\(Self.reason(errno)))")
        }
    }

    /// The status of the entry `name` of this directory, not following a symbolic link; nil
    /// when it cannot be had.
    func status(of name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// The names of the entries of this directory (`.` and `..` left out).
    func names() -> [String] { InputFile.names(inDirectory: descriptor) }

    /// Opens (making it, mode 0600, when missing) and locks the file `name` of this directory;
    /// closing the descriptor unlocks it.
    func lock(_ name: String) throws(PrivateFileError) -> Int32 {
        let file = openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard file >= 0 else { throw PrivateFileError("\(path)/\(name): cannot be opened (\(Self.reason(errno)))") }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(file)
            throw PrivateFileError("\(path)/\(name): is not a regular file")
        }
        while flock(file, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let why = Self.reason(errno)
                Glibc.close(file)
                throw PrivateFileError("\(path)/\(name): cannot be locked (\(why))")
            }
        }
        return file
    }

    /// The system's words for `error`.
    private static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }

    /// Whether `name` is the name of a temporary file ``write(_:to:durably:)`` makes.
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.hasSuffix(".tmp") }

    /// A name no other writer uses, beside `name`: `.NAME.PID.RANDOM.tmp`.
    private static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
    }

    /// The directory of `path` (`.` for a bare name; `/` for a file at the root) and the
    /// file's name in it.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }
}

/// Why a private file or its directory could not be used, for a one-line message naming it.
package struct PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
