import Glibc
import PickerStore

/// Files only their owner reads, in directories only their owner enters: the cache of a
/// session's friends and the record of picks.
///
/// A directory is made with mode 0700 (its missing parents too, as the XDG base directory
/// specification asks), and used, to read as to write, only when it is the user's and no one
/// else can write in it; one that exists keeps its mode, as the specification asks. A file is
/// written whole to a temporary file of mode 0600 beside it and renamed over it, so that a
/// reader, a crash or a second picker never sees half a file; it is read only when it is a
/// regular file the user owns (never through a symbolic link).
package enum PrivateFiles {
    /// What reading a file found.
    enum Contents: Hashable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// There is no file.
        case missing
        /// There is a file, which is not to be read: why.
        case refused(String)
        /// The file's directory is not one to read private files from (see
        /// ``PrivateFiles/check(directory:)``): the message, which names it.
        case unusableDirectory(PrivateFileError)
    }

    /// Makes `directory` ready to hold private files: made with mode 0700 when missing (and its
    /// missing parents), else checked to be a directory of the user that no one else can write
    /// in.
    static func prepare(directory: String) throws(PrivateFileError) {
        var status = stat()
        if stat(directory, &status) != 0 {
            guard errno == ENOENT else { throw PrivateFileError("\(directory): \(reason(errno))") }
            try makeDirectory(directory)
            guard stat(directory, &status) == 0 else { throw PrivateFileError("\(directory): \(reason(errno))") }
        }
        try check(directory, status)
    }

    /// Checks that `directory`, when it is there, is one to keep private files in: a directory
    /// of the user that no one else can write in. A missing one is no failure (it is made when
    /// something is written).
    /// - Throws: when it is there but not one, saying why in a line that names it.
    package static func check(directory: String) throws(PrivateFileError) {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            guard errno == ENOENT else { throw PrivateFileError("\(directory): \(reason(errno))") }
            return
        }
        try check(directory, status)
    }

    /// Checks that `directory`, whose status is `status`, is a directory of the user that no one
    /// else can write in.
    private static func check(_ directory: String, _ status: stat) throws(PrivateFileError) {
        guard status.st_mode & S_IFMT == S_IFDIR else { throw PrivateFileError("\(directory): not a directory") }
        guard status.st_uid == geteuid() else {
            throw PrivateFileError("\(directory): not owned by you, so not used")
        }
        guard status.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw PrivateFileError("\(directory): others can write in it, so it is not used")
        }
    }

    /// Makes `directory` and its missing parents, each with mode 0700.
    private static func makeDirectory(_ directory: String) throws(PrivateFileError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw PrivateFileError("\(directory): cannot be made (\(reason(errno)))")
            }
        }
    }

    /// The bytes of the file at `path`: a regular file owned by the user, at most `limit` bytes,
    /// in a directory of the user that no one else can write in (the directory is opened and
    /// checked, then the file opened in it, so that neither can be swapped between the two).
    /// With `touching`, its time of modification is set to now: it has just been used.
    static func read(_ path: String, limit: Int, touching: Bool = false) -> Contents {
        let (directory, name) = split(path)
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            if errno == ENOENT { return .missing }
            return .unusableDirectory(PrivateFileError("\(directory): \(reason(errno))"))
        }
        defer { close(folder) }
        var folderStatus = stat()
        do throws(PrivateFileError) {
            guard fstat(folder, &folderStatus) == 0 else { throw PrivateFileError("\(directory): \(reason(errno))") }
            try check(directory, folderStatus)
        } catch {
            return .unusableDirectory(error)
        }
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP: return .refused("is a symbolic link")
            default: return .refused("cannot be read (\(reason(errno)))")
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .refused("cannot be read (\(reason(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { return .refused("is not a regular file") }
        guard status.st_uid == geteuid() else { return .refused("is not owned by you") }
        guard status.st_size <= limit else { return .refused("is larger than \(limit >> 20) MB") }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0 && errno == EINTR { continue }
            if read < 0 { return .refused("cannot be read (\(reason(errno)))") }
            if read == 0 { break }
            count += read
        }
        // A file that shrank while it was read holds what was read: its check tells.
        bytes.removeSubrange(count...)
        if touching { _ = futimens(descriptor, nil) }
        return .bytes(bytes)
    }

    /// Writes `bytes` as the file at `path`, mode 0600: to a temporary file in the same
    /// directory, then renamed over `path`. With `durably`, the bytes reach the disk before the
    /// rename.
    static func write(_ bytes: [UInt8], to path: String, durably: Bool = false) throws(PrivateFileError) {
        let temporary = temporaryName(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError("\(path): cannot be written (\(reason(errno)))") }
        var failure: Int32?
        if fchmod(descriptor, 0o600) != 0 { failure = errno }
        var written = 0
        while failure == nil && written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { failure = result < 0 ? errno : EIO } else { written += result }
        }
        if failure == nil, durably, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw PrivateFileError("\(path): cannot be written (\(reason(failure)))")
        }
    }

    /// Removes the file at `path`; no file there is no failure.
    static func remove(_ path: String) throws(PrivateFileError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw PrivateFileError("\(path): cannot be removed (\(reason(errno)))")
        }
    }

    /// Whether `name` is the name of a temporary file ``write(_:to:durably:)`` makes.
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.hasSuffix(".tmp") }

    /// A name no other writer uses, beside `path`: `.NAME.PID.RANDOM.tmp`.
    private static func temporaryName(for path: String) -> String {
        let (directory, name) = split(path)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let prefix = directory.isEmpty || directory.hasSuffix("/") ? directory : directory + "/"
        return "\(prefix).\(name).\(getpid()).\(random).tmp"
    }

    /// The directory of `path` (empty for a bare name; `/` for a file at the root) and the
    /// file's name in it.
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let name = String(path[path.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }

    /// The system's words for `error`.
    static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}

/// Why a private file or its directory could not be used, for a one-line message naming it.
package struct PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
