import Glibc
import PickerStore

/// The queries picks were made with (`--history FILE`), one a line, the oldest first, as fzf
/// keeps them: an empty query is not kept, nor one equal to the last, and only the last
/// `size` are (`--history-size`, 1000 by default).
///
/// The file is read at the start, for Ctrl-P and Ctrl-N to recall, and written again after a
/// pick (to a temporary file beside it, mode 0600, renamed over it), in a folder only its
/// owner can write in: queries can say who one writes to.
package struct QueryHistory: Hashable, Sendable {
    /// The file's path, as given.
    package let path: String
    /// The most queries kept.
    package let size: Int

    /// The default of `--history-size`, fzf's.
    package static let defaultSize = 1000

    package init(path: String, size: Int = defaultSize) {
        self.path = path
        self.size = size
    }

    /// The queries kept, the oldest first; none when the file is not there yet.
    /// - Throws: a message naming the file when it cannot be read, is not UTF-8 text, or is
    ///   larger than ``ReadLimit/queryHistory``.
    package func queries() throws(SourceError) -> [String] {
        let file: InputFile
        do {
            file = try InputFile.open(path, trust: .named, limit: .queryHistory)
        } catch {
            if access(path, F_OK) != 0 && errno == ENOENT { return [] }
            throw error
        }
        guard file.isRegular else { throw SourceError(source: path, problem: "is not a regular file") }
        let bytes = try file.readAll()
        guard bytes.withUnsafeBufferPointer(UTF8Text.isValid) else {
            throw SourceError(source: path, problem: "is not UTF-8 text")
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).suffix(size).map { $0 }
    }

    /// Adds `query` after the queries the file holds now, as fzf does, and writes the file.
    /// - Throws: a message naming the file when it cannot be read or written.
    package func record(_ query: String) throws(PrivateFileError) {
        guard !query.isEmpty, !query.contains("\n") else { return }
        var kept: [String]
        do throws(SourceError) {
            kept = try queries()
        } catch {
            throw PrivateFileError(error.description)
        }
        if kept.last == query { return }
        kept.append(query)
        let (folder, name) = PrivateDirectory.split(path)
        guard let directory = try PrivateDirectory.open(folder) else {
            throw PrivateFileError("\(folder): no such folder for --history")
        }
        try directory.write(Array((kept.suffix(size).joined(separator: "\n") + "\n").utf8), to: name)
    }
}
