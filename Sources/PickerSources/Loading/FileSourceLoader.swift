import FoundationEssentials
import Glibc
import PickerStore

/// A file named on the command line, read by its content whatever it is called (see
/// ``SourceFormat``): JSON, vCard, a contacts CSV, a Facebook export's `.zip` or plain text;
/// or a folder: a Facebook export's, or one of `.vcf` files (``VCardFolder``), told apart by
/// what it holds (a `.vcf` file at its top makes it an address book); or a pipe (`--source <(command)`), read as standard
/// input is.
///
/// The path is opened once (``InputFile``, symbolic links followed as the user's shell would)
/// and everything is read from that open file: a device or a socket is refused, and at most
/// ``ReadLimit/source`` is read. `--input` (``declared``) says what it is when its content
/// would be taken for another format.
package struct FileSourceLoader: FriendLoader {
    let path: String
    /// What `--input` says the file or folder is; nil to tell it by its content.
    let declared: InputFormat?

    package init(path: String, declared: InputFormat? = nil) {
        self.path = path
        self.declared = declared
    }

    package func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
        let file = try InputFile.open(path, trust: .named, limit: .source, allowingDirectory: true)
        if file.isDirectory {
            let names = InputFile.names(inDirectory: file.descriptor)
            switch declared {
            case nil where VCardFolder.holdsCards(names): return try VCardFolder.read(file, names: names, deliver)
            case nil, .facebook?: return try Self.readExport(file, deliver)
            case .vcard?:
                guard VCardFolder.holdsCards(names) else {
                    throw SourceError(source: path, problem: "is a folder without .vcf files (--input vcard)")
                }
                return try VCardFolder.read(file, names: names, deliver)
            case let other?:
                throw SourceError(
                    source: path,
                    problem:
                        "is a folder: --input \(other.rawValue) reads a file (a folder is read as .vcf files or a Facebook export)"
                )
            }
        }
        let head = try StandardInput.readHead(file)
        guard file.isRegular else {
            // A named pipe is read once, as standard input is.
            try StandardInputLoader.read(head: head, input: file, declared: declared, deliver)
            return
        }
        let format = head.withUnsafeBufferPointer { (head) -> SourceFormat? in
            SourceFormat.isBlank(head) ? nil : SourceFormat.of(head, declared: declared)
        }
        switch format {
        case nil:
            throw SourceError(
                source: path,
                problem:
                    "is empty: expected friends (JSON, vCard, a contacts CSV, a Facebook export, or one name per line)")
        case .zipArchive?: deliver(try FacebookExport.readArchive(path))
        default: try StandardInputLoader.read(head: head, input: file, declared: declared, deliver)
        }
    }

    /// Delivers the friends of the Facebook export folder `folder`: its friends list as it is
    /// read, or, when the export holds an address book, the list with the address book's
    /// contacts (see ``FacebookExport/adding(_:to:)``) in one page; an address book that cannot
    /// be read is told in the page's problems and costs nothing else.
    private static func readExport(_ folder: InputFile, _ deliver: (FriendPage) -> Void) throws(SourceError) {
        let list = try FacebookExport.friendsList(inFolder: folder)
        let book: InputFile?
        do throws(SourceError) {
            book = try FacebookExport.addressBook(inFolder: folder)
        } catch {
            book = nil
            var page = FriendPage(friends: [])
            page.problems = [error]
            deliver(page)
        }
        guard let book else { return try FriendsJSON.readPages(list, deliver) }
        var friends: [Friend] = []
        var skipped = 0
        var firstSkipped: SkippedEntry?
        try FriendsJSON.readPages(list) { read in
            friends += read.friends
            skipped += read.skipped
            firstSkipped = firstSkipped ?? read.firstSkipped
        }
        // One page: the list's friends with the address book's contacts, and the entries of the
        // list skipped.
        var page = FriendPage(friends: friends, skipped: skipped)
        page.firstSkipped = firstSkipped
        do throws(SourceError) {
            let contacts = try FacebookExport.addressBook(Data(try book.readAll()), source: book.name)
            page.friends = FacebookExport.adding(contacts, to: friends)
        } catch {
            page.problems = [error]
        }
        deliver(page)
    }

    /// The start of the regular file at `path`, enough to tell its format
    /// (``StandardInput/readHead(_:)``); nil when it is not a regular file.
    package static func head(of path: String) throws(SourceError) -> [UInt8]? {
        // A pipe is not opened: a writer waiting for its reader would take this one for it.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let file = try InputFile.open(path, trust: .named, limit: .source, allowingDirectory: true)
        guard file.isRegular else { return nil }
        return try StandardInput.readHead(file)
    }
}
