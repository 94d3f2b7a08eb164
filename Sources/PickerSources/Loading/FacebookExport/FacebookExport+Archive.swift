import FoundationEssentials
import Glibc
import PickerStore

extension FacebookExport {
    /// Where an export keeps the friends list, the newest layout first; a folder or archive may
    /// hold them under a folder of its own (`facebook-name-2024-01-01/connections/…`).
    static let friendsListPaths = [
        "connections/friends/your_friends.json", "friends_and_followers/your_friends.json",
        "friends_and_followers/friends.json", "friends/your_friends.json", "friends/friends.json",
        "your_friends.json",
    ]

    /// The largest friends list read out of an archive (Facebook caps friends at 5,000, which
    /// take well under a megabyte).
    static let largestListInArchive = ReadLimit.exportFriendsList.bytes

    /// The path among `paths` (relative to an export's folder or archive) that holds the
    /// friends list: the first layout of ``friendsListPaths`` found, at the top or one folder
    /// down, the shortest path first.
    static func friendsList(among paths: [String]) -> String? {
        first(of: friendsListPaths, among: paths)
    }

    /// The path among `paths` that holds the first of `layouts` found, at the top or one folder
    /// down, the shortest path first.
    static func first(of layouts: [String], among paths: [String]) -> String? {
        for layout in layouts {
            let found = paths.filter {
                $0 == layout || ($0.hasSuffix("/" + layout) && depth(of: $0, under: layout) <= 1)
            }
            if let shortest = found.min(by: { $0.count < $1.count }) { return shortest }
        }
        return nil
    }

    /// How many folders `path` has above where `layout` begins.
    private static func depth(of path: String, under layout: String) -> Int {
        path.dropLast(layout.count).split(separator: "/").count
    }

    /// Whether `paths` hold the friends list of an export made in HTML rather than JSON.
    static func isHTMLExport(_ paths: [String]) -> Bool {
        let htmlPaths = paths.filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) + ".json" }
        return friendsList(among: htmlPaths) != nil
    }

    /// Reads the friends list out of the export archive at `path`, in place (see
    /// ``ZipArchive``), with the contacts of its address book where it has one (see
    /// ``adding(_:to:)``): no program is run, nothing is unpacked to the disk, and nothing is
    /// asked of the terminal. An address book that cannot be read is told in the page's
    /// problems and costs nothing else.
    /// - Throws: ``SourceError`` naming `path` when the archive cannot be read, holds no friends
    ///   list, holds it encrypted, or the list is malformed (its place in the archive named).
    package static func readArchive(_ path: String) throws(SourceError) -> FriendPage {
        let archive = try openArchive(path)
        let list: [UInt8]
        let name: String
        do throws(ZipArchive.Failure) {
            let names = archive.entries.map(\.name)
            guard let found = friendsList(among: names), let entry = archive.entries.first(where: { $0.name == found })
            else {
                if let kind = zippedKind(names) { throw ZipArchive.Failure(FileKind.refusal(kind)) }
                throw ZipArchive.Failure(notAnExport(path, html: isHTMLExport(names), kind: "an archive").problem)
            }
            name = entry.name
            list = try archive.contents(of: entry, limit: largestListInArchive)
        } catch {
            throw SourceError(source: path, problem: error.problem)
        }
        let read: FriendPage
        do throws(SourceError) {
            read = try FriendsJSON.page(Data(list), source: path)
        } catch {
            throw SourceError(source: path, problem: "\(name): \(error.problem)")
        }
        let friends = read.friends
        guard let bookName = first(of: addressBookPaths, among: archive.entries.map(\.name)),
            let entry = archive.entries.first(where: { $0.name == bookName })
        else { return read }
        do throws(SourceError) {
            let bytes: [UInt8]
            do throws(ZipArchive.Failure) {
                bytes = try archive.contents(of: entry, limit: largestListInArchive)
            } catch {
                throw SourceError(source: path + ": " + bookName, problem: error.problem)
            }
            var page = read
            page.friends = adding(try addressBook(Data(bytes), source: path + ": " + bookName), to: friends)
            return page
        } catch {
            var page = read
            page.problems = [error]
            return page
        }
    }

    /// What an archive that holds the entries `names` is, when it is a kind of file made of a
    /// zip (an Office or OpenDocument file, a book, a Java archive): told by the entries its
    /// format requires; nil for any other archive.
    private static func zippedKind(_ names: [String]) -> String? {
        let kinds = [
            ("xl/workbook.xml", "an Excel workbook (.xlsx)"), ("word/document.xml", "a Word document (.docx)"),
            ("ppt/presentation.xml", "a PowerPoint presentation (.pptx)"),
            ("content.xml", "an OpenDocument file (.ods, .odt)"), ("META-INF/container.xml", "an EPUB book"),
            ("META-INF/MANIFEST.MF", "a Java archive (.jar)"),
        ]
        return kinds.first { names.contains($0.0) }?.1
    }

    /// The archive at `path`, opened.
    /// - Throws: ``SourceError`` naming `path` when it is not an archive picker can read.
    private static func openArchive(_ path: String) throws(SourceError) -> ZipArchive {
        do throws(ZipArchive.Failure) {
            return try ZipArchive(path: path)
        } catch {
            throw SourceError(source: path, problem: error.problem)
        }
    }

    static func notAnExport(_ path: String, html: Bool, kind: String) -> SourceError {
        if html {
            return SourceError(
                source: path,
                problem:
                    "is a Facebook export in HTML: picker reads the JSON one (download your information again with Format: JSON)"
            )
        }
        return SourceError(
            source: path,
            problem:
                "is \(kind) without a Facebook friends list (connections/friends/your_friends.json or friends/friends.json); an export in several .zip parts has it in one of them"
        )
    }
}
