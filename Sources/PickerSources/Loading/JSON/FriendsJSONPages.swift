import FoundationEssentials
import Glibc
import PickerStore

extension FriendsJSON {
    /// Reads the JSON file at `path` a chunk at a time and delivers its friends in pages, in
    /// document order, as they are read: the first page holds `firstPage` friends, so the
    /// first screen can be drawn at once, and each later page twice as many as the one before,
    /// up to `largestPage`, each with the count the file's size suggests. The file is never
    /// held in memory whole.
    ///
    /// What the fast reader leaves (exotic or malformed JSON) is read again by Foundation,
    /// which delivers the friends not yet delivered or words the error.
    /// - Throws: ``SourceError`` naming `path`, as ``decode(_:source:)`` does.
    package static func readPages(
        path: String, firstPage: Int = PageSize.first, largestPage: Int = PageSize.largest,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw SourceError(source: path, problem: "no such file") }
        if status.st_mode & S_IFMT == S_IFDIR { throw SourceError(source: path, problem: "is a directory, not a file") }
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw SourceError(source: path, problem: "cannot be read (permission denied?)") }
        defer { close(file) }
        var delivered = 0
        // One chunk buffer for the whole file: a fresh one per read costs a page fault per page.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 1)
        defer { chunk.deallocate() }
        var isFirstChunk = true
        let complete = scanPages(
            read: { buffer in
                var count = 0
                repeat {
                    count = Glibc.read(file, chunk.baseAddress, chunk.count)
                } while count < 0 && errno == EINTR
                guard count > 0 else { return false }
                buffer.append(contentsOf: chunk[0..<count])
                if isFirstChunk, buffer.starts(with: byteOrderMark) { buffer.removeFirst(byteOrderMark.count) }
                isFirstChunk = false
                return true
            }, firstPage: firstPage, largestPage: largestPage,
            { content, consumed in
                delivered += content.count
                let expected = FriendPage.estimatedCount(friends: delivered, read: consumed, of: Int(status.st_size))
                deliver(FriendPage(content, estimatedCount: expected))
            })
        if complete { return }
        // The fast reader left the rest to Foundation: read the open file again from its start.
        guard lseek(file, 0, SEEK_SET) == 0, let data = readToEnd(file, into: chunk) else {
            throw SourceError(source: path, problem: "cannot be read again (was it changed or removed?)")
        }
        let rest = try decodeWithFoundation(withoutByteOrderMark(data), source: path).dropFirst(delivered)
        if !rest.isEmpty { deliver(FriendPage(friends: Array(rest))) }
    }

    /// Everything left to read of the open file `file`, read through `chunk`; nil when a read
    /// fails.
    private static func readToEnd(_ file: Int32, into chunk: UnsafeMutableRawBufferPointer) -> Data? {
        var data = Data()
        while true {
            let count = Glibc.read(file, chunk.baseAddress, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Runs the fast reader over the text `read` appends to the buffer it is given (returning
    /// false at the end), delivering pages, each with the bytes of the text read up to its end.
    /// - Returns: true when the whole document was read; false when the fast reader left it
    ///   to Foundation, after the pages delivered so far.
    static func scanPages(
        read: (inout [UInt8]) -> Bool, firstPage: Int, largestPage: Int,
        _ deliver: (FriendPage.Content, _ consumed: Int) -> Void
    ) -> Bool {
        var scanner = JSONFriendScanner()
        var buffer: [UInt8] = []
        var dropped = 0
        var isFinal = false
        // A document holds Graph friends, kept as their strings' bytes, or the export's.
        var texts = GrowingPages<FriendTexts>(first: firstPage, largest: largestPage)
        var pages = GrowingPages<[Friend]>(first: firstPage, largest: largestPage)
        func deliverRest() {
            if let page = texts.rest() { deliver(.texts(page), scanner.consumed) }
            if let page = pages.rest() { deliver(.friends(page), scanner.consumed) }
        }
        while true {
            let step = buffer.withUnsafeBufferPointer { bytes in
                scanner.step(
                    UnsafeBufferPointer(rebasing: bytes[(scanner.consumed - dropped)...]), isFinal: isFinal,
                    into: &texts.page)
            }
            switch step {
            case .appended:
                if let page = texts.pageIfFull() { deliver(.texts(page), scanner.consumed) }
            case .friend(let friend):
                if let page = pages.add(friend) { deliver(.friends(page), scanner.consumed) }
            case .end:
                deliverRest()
                return true
            case .needMore:
                buffer.removeSubrange(0..<(scanner.consumed - dropped))
                dropped = scanner.consumed
                if !read(&buffer) { isFinal = true }
            case .unsupported:
                deliverRest()
                return false
            }
        }
    }
}
