import FoundationEssentials
import Glibc
import PickerStore

/// Plain text with one name per line, read as friends: the line number is the id, a trailing
/// CR is dropped (a text whose first line end is a CR alone has its lines end at each CR, see
/// ``LineEnds``), blank lines are skipped, and a line that is not UTF-8 is an error.
package enum NameLines {
    /// Delivers the friends of `data` in order, in pages of `firstPage` friends, then each
    /// twice the one before, up to `largestPage`, each with the count the size of `data`
    /// suggests; a byte-order mark at the start is dropped.
    /// - Throws: ``SourceError`` naming `source` and the first line that is not UTF-8, after
    ///   the pages before it were delivered.
    package static func readPages(
        _ data: Data, source: String, firstPage: Int = PageSize.first,
        largestPage: Int = PageSize.largest, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var reader = Reader(source: source, size: data.count, firstPage: firstPage, largestPage: largestPage)
        var lines = LineSplitter(maximumLength: .max, source: source)
        var failure: SourceError?
        data.withUnsafeBytes { raw in
            do throws(SourceError) {
                try lines.feed(raw.bindMemory(to: UInt8.self)) { line, number, offset throws(SourceError) in
                    try reader.take(line, number: number, offset: offset, deliver)
                }
                try lines.finish { line, number, offset throws(SourceError) in
                    try reader.take(line, number: number, offset: offset, deliver)
                }
            } catch {
                failure = error
            }
        }
        reader.finish(deliver)
        if let failure { throw failure }
    }

    /// The friends of the text file at `path`, in pages as ``readPages(_:source:firstPage:largestPage:_:)``
    /// delivers them; the file is read `chunkSize` bytes at a time, never held whole.
    package static func readPages(
        path: String, firstPage: Int = PageSize.first, largestPage: Int = PageSize.largest,
        chunkSize: Int = 1 << 20, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        let file = try InputFile.open(path, trust: .named, limit: .source)
        try readPages(
            head: [], input: file, firstPage: firstPage, largestPage: largestPage, chunkSize: chunkSize, deliver)
    }

    /// The friends of the text that starts with `head` and goes on in `input` (a file,
    /// standard input, a pipe), in pages as ``readPages(_:source:firstPage:largestPage:_:)``
    /// delivers them, each as soon as its lines are read: a slow producer's names show as they
    /// come. The text is read `chunkSize` bytes at a time, never held whole; when `input` is a
    /// file, its size says how many friends to expect.
    static func readPages(
        head: [UInt8], input: InputFile, separator: UInt8 = 0x0A, firstPage: Int = PageSize.first,
        largestPage: Int = PageSize.largest, chunkSize: Int = 1 << 20, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var reader = Reader(
            source: input.name, size: input.size ?? 0, separator: separator, firstPage: firstPage,
            largestPage: largestPage)
        var lines = LineSplitter(maximumLength: 64 << 20, source: input.name, separator: separator)
        // The friends before a bad line are delivered before it is reported.
        defer { reader.finish(deliver) }
        // A file never pauses; a stream pauses when it has nothing more to read yet.
        func pauses() -> Bool {
            guard !input.isRegular else { return false }
            var waiting = pollfd(fd: input.descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&waiting, 1, 0) == 0
        }
        func take(_ chunk: UnsafeBufferPointer<UInt8>) throws(SourceError) {
            try lines.feed(chunk) { line, number, offset throws(SourceError) in
                try reader.take(line, number: number, offset: offset, deliver)
            }
            // What a slow producer wrote is shown before it writes more.
            if pauses() { reader.finish(deliver) }
        }
        try head.withUnsafeBufferPointer(take)
        try input.readChunks(chunkSize: chunkSize, take)
        try lines.finish { line, number, offset throws(SourceError) in
            try reader.take(line, number: number, offset: offset, deliver)
        }
    }

    /// Makes lines into friends, gathered into pages of their bytes (``FriendTexts``).
    private struct Reader {
        let source: String
        /// The bytes of the whole text, for the count of friends each page expects.
        let size: Int
        var pages: GrowingPages<FriendTexts>
        /// What ends a line: LF, or NUL for records (`--read0`).
        let separator: UInt8
        var friends = 0

        init(source: String, size: Int, separator: UInt8 = 0x0A, firstPage: Int, largestPage: Int) {
            self.source = source
            self.size = size
            self.separator = separator
            pages = GrowingPages(first: firstPage, largest: largestPage)
        }

        /// Takes line `number`, which starts at byte `offset`: a friend whose id is the line
        /// number, unless the line is blank.
        mutating func take(
            _ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int, _ deliver: (FriendPage) -> Void
        ) throws(SourceError) {
            guard UTF8Text.isASCII(line) || UTF8Text.isValid(line) else {
                throw NameLine.invalid(number, line, at: offset, source: source, separator: separator)
            }
            if NameLine.isBlank(line) { return }
            friends += 1
            DecimalDigits.with(UInt64(number)) { id in
                pages.page.append(id: id, name: line, firstName: nil, middleName: nil, lastName: nil)
            }
            guard let page = pages.pageIfFull() else { return }
            let expected = FriendPage.estimatedCount(friends: friends, read: offset + line.count + 1, of: size)
            deliver(FriendPage(.texts(page), estimatedCount: expected))
        }

        /// Delivers the page being filled, if it holds anyone: the last page, or what came
        /// before the source paused.
        mutating func finish(_ deliver: (FriendPage) -> Void) {
            if let page = pages.rest() { deliver(FriendPage(.texts(page))) }
        }
    }
}
