import Glibc
import PickerStore

extension FacebookExport {
    /// The friends list in the export folder `folder` (opened, named with `--source`), opened
    /// for reading: looked for at the top and one folder down (see ``friendsList(among:)``),
    /// every step taken from the open folder and never through a symbolic link, so that what is
    /// read is a regular file inside the folder, at most ``ReadLimit/exportFriendsList`` long.
    /// - Throws: ``SourceError`` naming the folder when it holds no friends list, or naming the
    ///   list when it is not a regular file inside the folder (a symbolic link, a FIFO, a
    ///   device), cannot be read, or is too large.
    static func friendsList(inFolder folder: InputFile) throws(SourceError) -> InputFile {
        let present = present(friendsListPaths + friendsListPaths.map({ String($0.dropLast(5)) + ".html" }), in: folder)
        guard let list = friendsList(among: present) else {
            throw notAnExport(folder.name, html: isHTMLExport(present), kind: "a folder without .vcf files and")
        }
        return try open(list, in: folder)
    }

    /// The address book (`your_address_books.json`) in the export folder `folder`, found and
    /// opened as ``friendsList(inFolder:)`` finds and opens the friends list; nil when the
    /// export holds none.
    /// - Throws: ``SourceError`` naming the address book when it is there but cannot be opened.
    static func addressBook(inFolder folder: InputFile) throws(SourceError) -> InputFile? {
        guard let book = first(of: addressBookPaths, among: present(addressBookPaths, in: folder)) else { return nil }
        return try open(book, in: folder)
    }

    /// Which of `layouts` the export folder `folder` holds, at its top or one folder down, as
    /// paths relative to it: entries that are not folders, reached through no symbolic link.
    private static func present(_ layouts: [String], in folder: InputFile) -> [String] {
        let tops = InputFile.names(inDirectory: folder.descriptor).filter { !$0.hasPrefix(".") }.sorted()
        var present: [String] = []
        for base in [""] + tops.prefix(1000).map({ $0 + "/" }) {
            for layout in layouts {
                if let status = status(of: base + layout, in: folder.descriptor), status.st_mode & S_IFMT != S_IFDIR {
                    present.append(base + layout)
                }
            }
        }
        return present
    }

    /// The file `relative` of the export folder `folder`, opened for reading.
    private static func open(_ relative: String, in folder: InputFile) throws(SourceError) -> InputFile {
        let shown = (folder.name.hasSuffix("/") ? folder.name : folder.name + "/") + relative
        var components = relative.split(separator: "/").map(String.init)
        let name = components.removeLast()
        guard let parent = openFolders(components, in: folder.descriptor) else {
            throw SourceError(source: shown, problem: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { if parent != folder.descriptor { close(parent) } }
        return try InputFile.open(name, in: parent, trust: .contained, limit: .exportFriendsList, shownAs: shown)
    }

    /// The status of `relative` (folders joined by `/`) in the open folder `descriptor`, each
    /// folder on the way a real one (not a symbolic link), the last entry not followed; nil when
    /// it is not there so.
    private static func status(of relative: String, in descriptor: Int32) -> stat? {
        var components = relative.split(separator: "/").map(String.init)
        let name = components.removeLast()
        guard let parent = openFolders(components, in: descriptor) else { return nil }
        defer { if parent != descriptor { close(parent) } }
        var status = stat()
        return fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// The folder `components` lead to from the open folder `descriptor` (itself when there
    /// are none), opened, never through a symbolic link; nil when one is missing or is not a
    /// folder. A descriptor other than `descriptor` is the caller's to close.
    private static func openFolders(_ components: [String], in descriptor: Int32) -> Int32? {
        var current = descriptor
        for component in components {
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if current != descriptor { close(current) }
            guard next >= 0 else { return nil }
            current = next
        }
        return current
    }
}
