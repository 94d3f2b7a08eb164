import FoundationEssentials
import Glibc
@_spi(Inlining) import PickerStore

extension FriendsJSON {
    /// The most bytes one unit of a document may take (a friend, a value passed over, a key):
    /// 64 MB, as a line of text. A document is read a chunk at a time and only the unit being
    /// read is held, so this bounds the memory a document of any size takes to read.
    package static let largestUnit = 64 << 20

    /// Reads the JSON file at `path` a chunk at a time (see ``readPages(_:head:firstPage:largestPage:_:)``).
    /// - Throws: ``SourceError`` naming `path`, as ``decode(_:source:)`` does, or when it cannot
    ///   be read, is not a regular file or a pipe, or is larger than ``ReadLimit/source``.
    package static func readPages(
        path: String, firstPage: Int = PageSize.first, largestPage: Int = PageSize.largest,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        let file = try InputFile.open(path, trust: .named, limit: .source)
        try readPages(file, firstPage: firstPage, largestPage: largestPage, deliver)
    }

    /// Reads the JSON of `input` (a file or a pipe), which starts with `head` when its start was
    /// read already, a chunk at a time, and delivers its friends in pages, in document order, as
    /// they are read: the first page holds `firstPage` friends, so the first screen can be drawn
    /// at once, and each later page twice as many as the one before, up to `largestPage`, each
    /// with the count the file's size suggests. The document is never held whole: at most the
    /// unit being read (``largestUnit``) and a chunk.
    /// - Throws: ``SourceError`` naming the input, as ``decode(_:source:)`` does, after the
    ///   pages of the friends before the problem were delivered.
    /// - Complexity: O(n) in the size of the document.
    static func readPages(
        _ input: InputFile, head: [UInt8] = [], firstPage: Int = PageSize.first, largestPage: Int = PageSize.largest,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var delivered = 0
        // One chunk buffer for the whole file: a fresh one per read costs a page fault per page.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer { chunk.deallocate() }
        var pending = head
        var isFirstChunk = true
        let size = input.size ?? 0
        let problem = try scanPages(
            read: { (buffer) throws(SourceError) in
                if pending.isEmpty {
                    let count = try input.read(into: chunk)
                    guard count > 0 else { return false }
                    buffer.append(contentsOf: chunk[0..<count])
                } else {
                    buffer += pending
                    pending = []
                }
                if isFirstChunk, buffer.starts(with: byteOrderMark) { buffer.removeFirst(byteOrderMark.count) }
                isFirstChunk = false
                return true
            }, firstPage: firstPage, largestPage: largestPage,
            { page, consumed in
                var page = page
                delivered += page.count
                page.estimatedCount = FriendPage.estimatedCount(friends: delivered, read: consumed, of: size)
                deliver(page)
            })
        if let problem { throw SourceError(source: input.name, problem: problem) }
    }

    /// Runs the reader over the text `read` appends to the buffer it is given (returning false
    /// at the end), delivering pages, each with the bytes of the text read up to its end, and
    /// the elements of the list skipped since the page before (a page without friends carries
    /// those skipped last).
    ///
    /// When the bytes end inside a unit, more are read before it is read again: at least as
    /// many as the unit holds so far, so that a long unit is read a number of times that grows
    /// with the logarithm of its length, not with its length. A unit longer than
    /// `largestUnit` is not read.
    /// - Returns: nil when the whole document was read; else what is wrong with it, where (the
    ///   line and column of a syntax error), after the pages of the friends before it.
    /// - Throws: what `read` throws.
    static func scanPages(
        read: (inout [UInt8]) throws(SourceError) -> Bool, firstPage: Int, largestPage: Int,
        largestUnit: Int = FriendsJSON.largestUnit, _ deliver: (FriendPage, _ consumed: Int) -> Void
    ) throws(SourceError) -> String? {
        var scanner = JSONFriendScanner()
        var buffer: [UInt8] = []
        var lines = LineCount()
        var isFinal = false
        // A document holds Graph friends, kept as their strings' bytes, or the export's.
        var texts = GrowingPages<FriendTexts>(first: firstPage, largest: largestPage)
        var pages = GrowingPages<[Friend]>(first: firstPage, largest: largestPage)
        var skipped = 0
        var firstSkipped: SkippedEntry?
        func hand(_ content: FriendPage.Content) {
            var page = FriendPage(content, skipped: skipped)
            page.firstSkipped = firstSkipped
            skipped = 0
            firstSkipped = nil
            deliver(page, scanner.consumed)
        }
        /// Delivers the friends left and, unless the document failed, the entries skipped last.
        func deliverRest(failed: Bool = false) {
            if let page = texts.rest() { hand(.texts(page)) }
            if let page = pages.rest() { hand(.friends(page)) }
            if skipped > 0, !failed { hand(.friends([])) }
        }
        while true {
            let step = buffer.withUnsafeBufferPointer { bytes in
                scanner.step(
                    UnsafeBufferPointer(rebasing: bytes[(scanner.consumed - lines.dropped)...]), isFinal: isFinal,
                    into: &texts.page)
            }
            switch step {
            case .appended:
                // A bare array may mix names and friend objects: the friends before are handed first.
                if pages.page.count > 0, let page = pages.rest() { hand(.friends(page)) }
                if let page = texts.pageIfFull() { hand(.texts(page)) }
            case .friend(let friend):
                if texts.page.count > 0, let page = texts.rest() { hand(.texts(page)) }
                if let page = pages.add(friend) { hand(.friends(page)) }
            case .skipped(let entry):
                skipped += 1
                firstSkipped = firstSkipped ?? entry
            case .end:
                deliverRest()
                return nil
            case .needMore:
                lines.drop(scanner.consumed - lines.dropped, of: &buffer)
                let unit = buffer.count
                if unit > largestUnit {
                    deliverRest()
                    return
                        "a value longer than \(largestUnit >> 20) MB at \(lines.place(scanner.consumed, in: buffer)) (the most picker reads at once)"
                }
                // Read at least as much again as the unit holds so far, and not much past the
                // largest: a unit that passes it is told at the next step.
                while buffer.count <= min(2 * unit, largestUnit + 1) {
                    if try !read(&buffer) {
                        isFinal = true
                        break
                    }
                }
            case .invalid(let problem):
                deliverRest(failed: true)
                return message(problem) { lines.place($0, in: buffer) }
            }
        }
    }

    /// The lines of the bytes dropped from the front of a buffer, so that an offset in the
    /// document can be told as a line and column once the bytes before it are gone.
    private struct LineCount {
        /// How many bytes of the document were dropped.
        private(set) var dropped = 0
        /// How many line ends they hold.
        private var lineEnds = 0
        /// The offset just past the last line end among them (0 when none).
        private var lineStart = 0

        /// Drops the first `count` bytes of `buffer`, counting their line ends.
        mutating func drop(_ count: Int, of buffer: inout [UInt8]) {
            guard count > 0 else { return }
            buffer.withUnsafeBufferPointer { bytes in
                let gone = UnsafeBufferPointer(rebasing: bytes[0..<count])
                lineEnds += ByteLanes.count(0x0A, in: gone)
                if let last = gone.lastIndex(of: 0x0A) { lineStart = dropped + last + 1 }
            }
            buffer.removeSubrange(0..<count)
            dropped += count
        }

        /// `line L, column C` of the document's byte `offset`, which is not before the bytes of
        /// `buffer` (those after the ones dropped).
        func place(_ offset: Int, in buffer: [UInt8]) -> String {
            let before = buffer[0..<min(buffer.count, offset - dropped)]
            let line = lineEnds + before.count { $0 == 0x0A } + 1
            let start = before.lastIndex(of: 0x0A).map { dropped + $0 + 1 } ?? lineStart
            return "line \(line), column \(offset - start + 1)"
        }
    }
}
