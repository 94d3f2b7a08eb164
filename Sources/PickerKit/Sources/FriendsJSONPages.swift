import Foundation

extension FriendsJSON {
    /// Reads the JSON file at `path` a chunk at a time and delivers its friends in pages, in
    /// document order, as they are read: the first page holds `firstPage` friends, so the
    /// first screen can be drawn at once, and each later page twice as many as the one before,
    /// up to `largestPage`. The file is never held in memory whole.
    ///
    /// What the fast reader leaves (exotic or malformed JSON) is read again by Foundation,
    /// which delivers the friends not yet delivered or words the error.
    /// - Throws: ``SourceError`` naming `path`, as ``decode(_:source:)`` does.
    public static func readPages(
        path: String, firstPage: Int = 1000, largestPage: Int = 65_536, _ deliver: ([Friend]) -> Void
    ) throws(SourceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError(source: path, problem: "no such file")
        }
        if isDirectory.boolValue { throw SourceError(source: path, problem: "is a directory, not a file") }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw SourceError(source: path, problem: "cannot be read (permission denied?)")
        }
        defer { try? file.close() }
        var delivered = 0
        var isFirstChunk = true
        let complete = scanPages(
            read: {
                let chunk = (try? file.read(upToCount: 4 << 20)) ?? nil
                defer { isFirstChunk = false }
                return isFirstChunk ? chunk.map(withoutByteOrderMark) : chunk
            }, firstPage: firstPage, largestPage: largestPage
        ) { page in
            delivered += page.count
            deliver(page)
        }
        if complete { return }
        // The fast reader left the rest to Foundation: read the open file again from its start.
        let data: Data
        do {
            try file.seek(toOffset: 0)
            data = try file.readToEnd() ?? Data()
        } catch {
            throw SourceError(source: path, problem: "cannot be read again (was it changed or removed?)")
        }
        let rest = try decodeWithFoundation(withoutByteOrderMark(data), source: path).dropFirst(delivered)
        if !rest.isEmpty { deliver(Array(rest)) }
    }

    /// Runs the fast reader over the chunks `read` returns (nil at the end), delivering pages.
    /// - Returns: true when the whole document was read; false when the fast reader left it
    ///   to Foundation, after the pages delivered so far.
    static func scanPages(
        read: () -> Data?, firstPage: Int, largestPage: Int, _ deliver: ([Friend]) -> Void
    ) -> Bool {
        var scanner = JSONFriendScanner()
        var buffer: [UInt8] = []
        var dropped = 0
        var isFinal = false
        var page: [Friend] = []
        var pageSize = max(1, firstPage)
        while true {
            let step = buffer.withUnsafeBufferPointer { bytes in
                scanner.step(UnsafeBufferPointer(rebasing: bytes[(scanner.consumed - dropped)...]), isFinal: isFinal)
            }
            switch step {
            case .friend(let friend):
                page.append(friend)
                if page.count >= pageSize {
                    deliver(page)
                    page = []
                    page.reserveCapacity(pageSize)
                    pageSize = min(pageSize * 2, max(largestPage, firstPage))
                }
            case .end:
                if !page.isEmpty { deliver(page) }
                return true
            case .needMore:
                buffer.removeSubrange(0..<(scanner.consumed - dropped))
                dropped = scanner.consumed
                if let chunk = read(), !chunk.isEmpty {
                    buffer.append(contentsOf: chunk)
                } else {
                    isFinal = true
                }
            case .unsupported:
                if !page.isEmpty { deliver(page) }
                return false
            }
        }
    }
}
