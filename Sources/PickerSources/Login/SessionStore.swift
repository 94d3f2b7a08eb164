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

    /// The most bytes a stored session may take: a larger file is not one picker wrote.
    static let maximumBytes = ReadLimit.session.bytes

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

    /// The name of the file in its directory.
    private var name: String { PrivateDirectory.split(path).name }

    /// The stored session; nil when there is none.
    /// - Throws: ``Failure`` when the file cannot be read, is not a regular file (a FIFO there is
    ///   not waited on), is readable by other users, is not one picker wrote, or is too large;
    ///   or when its directory is a symbolic link, another user's or one others can write in.
    package func load() throws(Failure) -> StoredSession? {
        let folder: PrivateDirectory
        let file: InputFile
        do throws(PrivateFileError) {
            guard let opened = try PrivateDirectory.open(directory) else { return nil }
            folder = opened
        } catch {
            throw Failure(TerminalText.sanitized(error.description))
        }
        do throws(PrivateFileError) {
            guard let opened = try folder.openFile(name, limit: .session) else { return nil }
            file = opened
        } catch {
            throw Failure("\(shown): \(error)")
        }
        guard file.status.st_mode & 0o077 == 0 else {
            throw Failure(
                "\(shown): other users may read it, so it is not used; run picker logout, then picker login")
        }
        let bytes: [UInt8]
        do {
            bytes = try file.readAll()
        } catch {
            throw Failure("\(shown): \(error.problem)")
        }
        guard let session = try? JSONDecoder().decode(StoredSession.self, from: Data(bytes)),
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
        let folder = try prepared()
        let data: Data
        do {
            data = try JSONEncoder().encode(session)
        } catch {
            throw Failure("\(shown): the session cannot be written down")
        }
        do throws(PrivateFileError) {
            try folder.write(Array(data), to: name, durably: true)
        } catch {
            throw Failure(TerminalText.sanitized(error.description))
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
    /// - Throws: ``Failure`` when the directory cannot be made, is a symbolic link, or belongs
    ///   to another user.
    package func prepare() throws(Failure) {
        _ = try prepared()
    }

    /// The directory, made and closed to others as ``prepare()`` says, and opened.
    private func prepared() throws(Failure) -> PrivateDirectory {
        do throws(PrivateFileError) {
            return try PrivateDirectory.prepare(directory, closingToOthers: true)
        } catch {
            throw Failure(TerminalText.sanitized(error.description))
        }
    }

    /// The path as messages show it.
    private var shown: String { TerminalText.sanitized(path) }

    /// The C library's words for `code`.
    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
