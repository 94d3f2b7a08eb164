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
        let path = folder.name
        let tops = InputFile.names(inDirectory: folder.descriptor).filter { !$0.hasPrefix(".") }.sorted()
        var present: [String] = []
        for base in [""] + tops.prefix(1000).map({ $0 + "/" }) {
            for layout in friendsListPaths + friendsListPaths.map({ String($0.dropLast(5)) + ".html" }) {
                if let status = status(of: base + layout, in: folder.descriptor), status.st_mode & S_IFMT != S_IFDIR {
                    present.append(base + layout)
                }
            }
        }
        guard let list = friendsList(among: present) else {
            throw notAnExport(path, html: isHTMLExport(present), kind: "a folder without .vcf files and")
        }
        let shown = (path.hasSuffix("/") ? path : path + "/") + list
        var components = list.split(separator: "/").map(String.init)
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
