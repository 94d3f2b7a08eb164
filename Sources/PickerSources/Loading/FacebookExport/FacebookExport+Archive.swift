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
    static let largestListInArchive = 64 << 20

    /// The path among `paths` (relative to an export's folder or archive) that holds the
    /// friends list: the first layout of ``friendsListPaths`` found, at the top or one folder
    /// down, the shortest path first.
    static func friendsList(among paths: [String]) -> String? {
        for layout in friendsListPaths {
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

    /// Reads the friends list out of the export archive at `path` with the system's `unzip`.
    /// - Throws: ``SourceError`` naming `path` when `unzip` is missing, the archive cannot be
    ///   read, holds no friends list, or the list is malformed (its place in the archive named).
    static func readArchive(_ path: String) throws(SourceError) -> [Friend] {
        guard let unzip = Subprocess.executable(named: "unzip") else {
            throw SourceError(
                source: path, problem: "is a .zip archive: reading it needs unzip (Debian: apt-get install unzip)")
        }
        // A path that starts with a dash would be taken for an option.
        let archive = path.hasPrefix("-") ? "./" + path : path
        let listing = try run(unzip, ["-Z1", archive], path: path)
        let entries = String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
        guard let entry = friendsList(among: entries) else {
            throw notAnExport(path, html: isHTMLExport(entries), kind: "an archive")
        }
        let list = try run(unzip, ["-p", archive, wildcardEscaped(entry)], path: path)
        do throws(SourceError) {
            return try FriendsJSON.decode(list, source: path)
        } catch {
            throw SourceError(source: path, problem: "\(entry): \(error.problem)")
        }
    }

    /// What `unzip` with `arguments` writes; a failure names the archive `path`.
    private static func run(_ unzip: String, _ arguments: [String], path: String) throws(SourceError) -> Data {
        guard let result = Subprocess.run(unzip, arguments, outputLimit: largestListInArchive) else {
            throw SourceError(source: path, problem: "cannot run \(unzip)")
        }
        if result.outputTooLarge {
            throw SourceError(
                source: path, problem: "its friends list unpacks to more than \(largestListInArchive >> 20) MB")
        }
        guard result.status == 0 else {
            let message = String(decoding: result.errors, as: UTF8.self).split(separator: "\n").first ?? ""
            throw SourceError(
                source: path, problem: "is not a .zip archive unzip can read (unzip: \(message.trimmingWhitespace))")
        }
        return result.output
    }

    /// `name` as an unzip pattern that matches only itself: `*`, `?` and `[` in brackets.
    static func wildcardEscaped(_ name: String) -> String {
        var escaped = ""
        for character in name {
            if "*?[".contains(character) { escaped += "[\(character)]" } else { escaped.append(character) }
        }
        return escaped
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
