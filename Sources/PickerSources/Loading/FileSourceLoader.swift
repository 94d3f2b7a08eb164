import FoundationEssentials
import Glibc
import PickerStore

/// A file named on the command line, read by its content whatever it is called (see
/// ``SourceFormat``): JSON, vCard, a contacts CSV, a Facebook export's `.zip` or plain text;
/// or a folder holding a Facebook export.
package struct FileSourceLoader: FriendLoader {
    let path: String

    package init(path: String) {
        self.path = path
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError(source: path, problem: "no such file")
        }
        if isDirectory {
            let list = try FacebookExport.friendsFile(inFolder: path)
            try FriendsJSON.readPages(path: list, deliver)
            return
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            // A named pipe (`--source <(command)`) is read once, as standard input is.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SourceError(source: path, problem: "cannot be read (permission denied?)")
            }
            defer { close(descriptor) }
            try StandardInputLoader.read(
                head: try StandardInput.readHead(descriptor: descriptor, source: path), descriptor: descriptor,
                source: path, deliver)
            return
        }
        let head = try Self.head(of: path)
        let format = head.withUnsafeBufferPointer { (head) -> SourceFormat? in
            SourceFormat.isBlank(head) ? nil : SourceFormat.of(head)
        }
        switch format {
        case nil:
            throw SourceError(
                source: path,
                problem:
                    "is empty: expected friends (JSON, vCard, a contacts CSV, a Facebook export, or one name per line)")
        case .json?: try FriendsJSON.readPages(path: path, deliver)
        case .vCard?:
            var reader = VCardReader(source: path)
            try reader.readAll(.file(path), source: path, deliver)
        case .contactsCSV?:
            var reader = ContactsCSV(source: path)
            try reader.readAll(.file(path), source: path, deliver)
        case .text?: try NameLines.readPages(path: path, deliver)
        case .zipArchive?: deliver(FriendPage(friends: try FacebookExport.readArchive(path)))
        case .wideText?: throw SourceFormat.wideTextError(path)
        }
    }

    /// The start of the file at `path`, enough to tell its format
    /// (``StandardInput/readHead(descriptor:source:)``).
    package static func head(of path: String) throws(SourceError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SourceError(source: path, problem: "cannot be read (permission denied?)") }
        defer { close(descriptor) }
        return try StandardInput.readHead(descriptor: descriptor, source: path)
    }
}
