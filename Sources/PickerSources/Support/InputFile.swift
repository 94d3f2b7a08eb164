import Glibc
import PickerStore

/// The one way picker opens what it reads: a source named on the command line, standard input,
/// an export folder's friends list, the friend cache, the session, the record of picks.
///
/// A path is opened with `O_NONBLOCK`, so that opening a FIFO that no one writes to returns at
/// once instead of waiting for ever; then the open file's status says what it is (`fstat`,
/// never a second look at the path), and only what the reader expects is read: a regular file,
/// or a pipe where the user named it. Then `O_NONBLOCK` is cleared for reading. A path inside
/// something picker owns or only looks into (``Trust/contained``) is opened with `O_NOFOLLOW`:
/// a symbolic link there is refused, not followed to a device or another user's file.
///
/// Every read counts its bytes against a ``ReadLimit``: a regular file larger than the limit is
/// refused before a byte is read, and a stream is stopped as soon as it passes it, with a
/// message naming the limit.
package final class InputFile {
    /// How far a path is trusted.
    package enum Trust: Sendable {
        /// A path the user named (`--source`, `--session-file`): symbolic links are followed,
        /// as the user's shell would, and a pipe (`--source <(command)`) is read as standard
        /// input is. A device, a socket or a directory is refused.
        case named
        /// A path inside a directory picker owns (the cache, the session, the record of picks) or
        /// only looks into (a Facebook export's folder): a symbolic link is refused, and
        /// anything but a regular file.
        case contained
    }

    /// The open file.
    package let descriptor: Int32
    /// The file as messages name it.
    package let name: String
    /// The most bytes read from it.
    package let limit: ReadLimit
    /// What the file is, from `fstat` on the open descriptor.
    package let status: stat
    /// How many bytes have been read.
    package private(set) var bytesRead = 0
    /// Whether the descriptor is closed with this value (not standard input's).
    private let closesDescriptor: Bool
    /// A FIFO the user named is read once a writer has written or gone: reading one that no
    /// writer has opened yet would say it is empty.
    private var waitsForWriter: Bool
    /// What is handed every byte read, in order, while ``observing(_:_:)`` runs.
    private var observer: ((UnsafeBufferPointer<UInt8>) -> Void)?

    private init(descriptor: Int32, name: String, limit: ReadLimit, status: stat, closes: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.limit = limit
        self.status = status
        closesDescriptor = closes
        waitsForWriter = closes && status.st_mode & S_IFMT == S_IFIFO
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    /// Whether this is a regular file.
    package var isRegular: Bool { status.st_mode & S_IFMT == S_IFREG }
    /// Whether this is a directory (opened with `allowingDirectory`).
    package var isDirectory: Bool { status.st_mode & S_IFMT == S_IFDIR }
    /// The size of a regular file; nil for anything else.
    package var size: Int? { isRegular ? Int(status.st_size) : nil }

    /// Opens `path` (relative to the open directory `directory`, or to the working directory)
    /// for reading, trusted as `trust` says, named `name` in messages (by default `path`).
    /// With `allowingDirectory`, a directory is opened too (a Facebook export's folder named
    /// with `--source`).
    /// - Throws: ``SourceError`` naming the file when it is missing, cannot be opened, is not
    ///   what `trust` accepts (saying what it is), or is a regular file larger than `limit`.
    package static func open(
        _ path: String, in directory: Int32 = AT_FDCWD, trust: Trust, limit: ReadLimit, shownAs name: String? = nil,
        allowingDirectory: Bool = false
    ) throws(SourceError) -> InputFile {
        let name = name ?? path
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        if trust == .contained { flags |= O_NOFOLLOW }
        let descriptor = openat(directory, path, flags)
        guard descriptor >= 0 else {
            let error = errno
            switch error {
            case ENOENT: throw SourceError(source: name, problem: "no such file")
            case ELOOP where trust == .contained:
                throw SourceError(source: name, problem: "is a symbolic link, which picker does not follow")
            case EACCES: throw SourceError(source: name, problem: "cannot be read (permission denied?)")
            case ENXIO:
                // A socket cannot be opened: say what it is.
                var status = stat()
                let follow = trust == .contained ? AT_SYMLINK_NOFOLLOW : 0
                guard fstatat(directory, path, &status, follow) == 0 else { fallthrough }
                throw SourceError(source: name, problem: "is \(kind(of: status)), not a regular file")
            default: throw SourceError(source: name, problem: "cannot be read (\(reason(error)))")
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw SourceError(source: name, problem: "cannot be read (\(reason(error)))")
        }
        let kind = status.st_mode & S_IFMT
        let accepted =
            kind == S_IFREG || (kind == S_IFIFO && trust == .named) || (kind == S_IFDIR && allowingDirectory)
        guard accepted else {
            close(descriptor)
            throw SourceError(source: name, problem: "is \(Self.kind(of: status)), not a regular file")
        }
        // Reads wait for data again; a directory is not read, but walked.
        if kind != S_IFDIR, fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) != 0 {
            let error = errno
            close(descriptor)
            throw SourceError(source: name, problem: "cannot be read (\(reason(error)))")
        }
        if kind == S_IFREG, Int(status.st_size) > limit.bytes {
            close(descriptor)
            throw limit.exceeded(by: name, isStream: false)
        }
        return InputFile(descriptor: descriptor, name: name, limit: limit, status: status, closes: true)
    }

    /// Standard input, to read at most `limit` bytes from, `alreadyRead` of them read already
    /// (its start, read to tell its format): whatever the user gave (a file, a pipe, the
    /// terminal), but a directory.
    /// - Throws: ``SourceError`` naming standard input when it is closed or a directory, or a
    ///   regular file larger than what is left of `limit` from where it stands.
    package static func standardInput(limit: ReadLimit = .source, alreadyRead: Int = 0) throws(SourceError)
        -> InputFile
    {
        try reading(0, name: FriendSource.standardInput.displayName, limit: limit, alreadyRead: alreadyRead)
    }

    /// The open `descriptor` (standard input, a pipe), named `name` in messages, to read at
    /// most `limit` bytes from, `alreadyRead` of them read already; it is left open.
    /// - Throws: as ``standardInput(limit:alreadyRead:)`` does.
    package static func reading(_ descriptor: Int32, name: String, limit: ReadLimit = .source, alreadyRead: Int = 0)
        throws(SourceError) -> InputFile
    {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw SourceError(source: name, problem: "cannot be read (\(reason(errno)))")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw SourceError(source: name, problem: "cannot be read (\(reason(EISDIR)))")
        }
        if status.st_mode & S_IFMT == S_IFREG {
            let offset = max(0, Int(lseek(descriptor, 0, SEEK_CUR)))
            if Int(status.st_size) - offset + alreadyRead > limit.bytes {
                throw limit.exceeded(by: name, isStream: false)
            }
        }
        let input = InputFile(descriptor: descriptor, name: name, limit: limit, status: status, closes: false)
        input.bytesRead = alreadyRead
        return input
    }

    /// Reads what comes next into `buffer`, at most its size: the count read, 0 at the end.
    /// - Throws: ``SourceError`` naming the file when a read fails, or when what was read
    ///   passes the limit.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SourceError) -> Int {
        guard buffer.count > 0 else { return 0 }
        if waitsForWriter {
            waitsForWriter = false
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&waiting, 1, -1) < 0 && errno == EINTR {}
        }
        // One byte more than the limit allows tells a stream that passes it.
        let wanted = min(buffer.count, limit.bytes - bytesRead + 1)
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, wanted)
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceError(source: name, problem: "cannot be read (\(Self.reason(errno)))")
            }
            bytesRead += count
            if bytesRead > limit.bytes { throw limit.exceeded(by: name, isStream: !isRegular) }
            if let observer, count > 0, let base = buffer.baseAddress {
                observer(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
            }
            return count
        }
    }

    /// Runs `body`, handing `seen` every byte ``read(into:)`` reads meanwhile, in order, as it is
    /// read: how standard input is known by its content (``ContentDigest``) while it is read.
    package func observing<Value>(
        _ seen: (UnsafeBufferPointer<UInt8>) -> Void, _ body: () throws(SourceError) -> Value
    ) throws(SourceError) -> Value {
        let outcome: Result<Value, SourceError> = withoutActuallyEscaping(seen) { seen in
            observer = seen
            defer { observer = nil }
            return Result { () throws(SourceError) in try body() }
        }
        return try outcome.get()
    }

    /// Calls `body` with each chunk of at most `chunkSize` bytes read, in order, until the end.
    /// - Throws: what ``read(into:)`` throws, or what `body` throws.
    package func readChunks(
        chunkSize: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void
    ) throws(SourceError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return }
            try body(UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// Everything left to read, to the end.
    /// - Throws: what ``read(into:)`` throws.
    package func readAll() throws(SourceError) -> [UInt8] {
        var bytes: [UInt8] = []
        if let size { bytes.reserveCapacity(max(0, size - bytesRead)) }
        try readChunks(chunkSize: 64 << 10) { chunk in bytes.append(contentsOf: chunk) }
        return bytes
    }

    /// The names of the entries of the open directory `descriptor` (`.` and `..` left out),
    /// read through a descriptor of its own.
    package static func names(inDirectory descriptor: Int32) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let folder = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(folder) }
        rewinddir(folder)
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What the file whose status is `status` is, in words: "a FIFO (named pipe)".
    static func kind(of status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The system's words for `error`.
    static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}

/// The most bytes picker reads from one kind of input, and how messages and the manual name it.
package struct ReadLimit: Hashable, Sendable {
    /// The most bytes read.
    package let bytes: Int
    /// What is bounded, for messages: "a source".
    package let bounded: String

    /// A file named with `--source`, or standard input, whatever its format: 1 GB. A million
    /// friends take about 100 MB of Graph JSON.
    package static let source = ReadLimit(bytes: 1 << 30, bounded: "a source")
    /// The friends list in a Facebook export's folder: 64 MB, as out of its `.zip`. Facebook
    /// caps friends at 5,000, which take well under a megabyte.
    package static let exportFriendsList = ReadLimit(bytes: 64 << 20, bounded: "an export's friends list")
    /// A file holding a session token (`--session-file`, the session `picker login` stored): 64 KB.
    package static let session = ReadLimit(bytes: 64 << 10, bounded: "a session file")
    /// The record of picks: 4 MB (it keeps 64 sources of 256 friends).
    package static let history = ReadLimit(bytes: 4 << 20, bounded: "the record of picks")
    /// The secret the record of picks is keyed with: 1 KB (it holds 32 bytes).
    package static let historySecret = ReadLimit(bytes: 1 << 10, bounded: "the secret of the record of picks")
    /// A query history (`--history`): 16 MB, far above 10,000 queries of a line each.
    package static let queryHistory = ReadLimit(bytes: 16 << 20, bounded: "a query history")
    /// A friend cache file: 2 GB.
    package static let cache = ReadLimit(bytes: 2 << 30, bounded: "a cache file")

    /// The limit in words: "1 GB", "64 MB", "64 KB" (of 1024).
    package var shown: String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    /// The error for `name`, a file larger than the limit or a stream that passed it.
    package func exceeded(by name: String, isStream: Bool) -> SourceError {
        SourceError(
            source: name,
            problem:
                "\(isStream ? "holds more than" : "is larger than") \(shown), the most picker reads from \(bounded)")
    }
}
