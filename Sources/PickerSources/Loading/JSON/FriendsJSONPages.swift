import FoundationEssentials
import Glibc
import PickerStore

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
    ///
    /// A step of the reader appends the friends of the Graph API that follow one another until
    /// their page is full; with `oneFriendAStep`, it hands each on its own, as it did before,
    /// to the same pages (the tests and the fuzz check hold them to it).
    /// - Returns: nil when the whole document was read; else what is wrong with it, where (the
    ///   line and column of a syntax error), after the pages of the friends before it.
    /// - Throws: what `read` throws.
    package static func scanPages(
        read: (inout [UInt8]) throws(SourceError) -> Bool, firstPage: Int, largestPage: Int,
        largestUnit: Int = FriendsJSON.largestUnit, oneFriendAStep: Bool = false,
        _ deliver: (FriendPage, _ consumed: Int) -> Void
    ) throws(SourceError) -> String? {
        var scanner = JSONFriendScanner()
        var buffer: [UInt8] = []
        var lines = LineCount()
        var isFinal = false
        var pages = ScannedPages(first: firstPage, largest: largestPage)
        while true {
            // Friends of the Graph API are appended until their page is full; one at a time
            // after names, so that the names' page is handed before them.
            let limit =
                oneFriendAStep || pages.friends.page.count > 0 ? pages.texts.page.count + 1 : pages.texts.size
            let step = buffer.withUnsafeBufferPointer { bytes in
                scanner.step(
                    UnsafeBufferPointer(rebasing: bytes[(scanner.consumed - lines.dropped)...]), isFinal: isFinal,
                    into: &pages.texts.page, upTo: limit)
            }
            switch step {
            case .appended:
                // A bare array may mix names and friend objects: the friends before are handed first.
                if pages.friends.page.count > 0, let page = pages.friends.rest() {
                    pages.hand(.friends(page), scanner.consumed, deliver)
                }
                if let page = pages.texts.pageIfFull() { pages.hand(.texts(page), scanner.consumed, deliver) }
            case .friend(let friend):
                if pages.texts.page.count > 0, let page = pages.texts.rest() {
                    pages.hand(.texts(page), scanner.consumed, deliver)
                }
                if let page = pages.friends.add(friend) { pages.hand(.friends(page), scanner.consumed, deliver) }
            case .skipped(let entry):
                pages.skipped += 1
                pages.firstSkipped = pages.firstSkipped ?? entry
            case .end:
                pages.deliverRest(scanner.consumed, deliver)
                return nil
            case .needMore:
                lines.drop(upTo: scanner, of: &buffer)
                let unit = buffer.count
                if unit > largestUnit {
                    pages.deliverRest(scanner.consumed, deliver)
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
                pages.deliverRest(scanner.consumed, failed: true, deliver)
                return message(problem) { lines.place($0, in: buffer) }
            }
        }
    }

    /// The friends a document's reader has read and not yet handed out, in pages, with the
    /// elements of the list skipped since the last page.
    private struct ScannedPages {
        /// Friends of the Graph API, kept as their strings' bytes.
        var texts: GrowingPages<FriendTexts>
        /// Friends of the Facebook export, and names of a bare array.
        var friends: GrowingPages<[Friend]>
        var skipped = 0
        var firstSkipped: SkippedEntry?

        init(first: Int, largest: Int) {
            texts = GrowingPages(first: first, largest: largest)
            friends = GrowingPages(first: first, largest: largest)
        }

        /// Delivers `content`, read up to byte `consumed`, with the entries skipped since the
        /// page before.
        mutating func hand(_ content: FriendPage.Content, _ consumed: Int, _ deliver: (FriendPage, Int) -> Void) {
            var page = FriendPage(content, skipped: skipped)
            page.firstSkipped = firstSkipped
            skipped = 0
            firstSkipped = nil
            deliver(page, consumed)
        }

        /// Delivers the friends left and, unless the document `failed`, the entries skipped last.
        mutating func deliverRest(_ consumed: Int, failed: Bool = false, _ deliver: (FriendPage, Int) -> Void) {
            if let page = texts.rest() { hand(.texts(page), consumed, deliver) }
            if let page = friends.rest() { hand(.friends(page), consumed, deliver) }
            if skipped > 0, !failed { hand(.friends([]), consumed, deliver) }
        }
    }

    /// The bytes dropped from the front of a buffer and their line ends (which the reader
    /// counted as it read them), so that an offset in the document can be told as a line and
    /// column once the bytes before it are gone.
    private struct LineCount {
        /// How many bytes of the document were dropped.
        private(set) var dropped = 0
        /// Their line ends.
        private var lines = JSONFriendScanner.Lines()

        /// Drops the bytes of `buffer` that `scanner` has read for good.
        mutating func drop(upTo scanner: JSONFriendScanner, of buffer: inout [UInt8]) {
            guard scanner.consumed > dropped else { return }
            buffer.removeSubrange(0..<(scanner.consumed - dropped))
            dropped = scanner.consumed
            lines = scanner.lines
        }

        /// `line L, column C` of the document's byte `offset`, which is not before the bytes of
        /// `buffer` (those after the ones dropped).
        func place(_ offset: Int, in buffer: [UInt8]) -> String {
            lines.place(offset, in: buffer[...], from: dropped)
        }
    }
}
