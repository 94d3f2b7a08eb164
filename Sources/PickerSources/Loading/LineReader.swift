import FoundationEssentials
import Glibc
import PickerStore

/// A reader of a source that comes in lines (vCard, CSV): it is handed each line in turn and
/// adds the friends it finds to the pages.
package protocol LineReader {
    /// Takes line `number` (from 1), without its line end.
    mutating func read(
        line: UnsafeBufferPointer<UInt8>, number: Int, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError)

    /// Takes the end of the source, after its last line.
    mutating func finish(into pages: inout PageCollector, _ deliver: (FriendPage) -> Void) throws(SourceError)
}

/// Where the bytes of a line source come from.
package enum LineInput {
    /// A file named on the command line, read a megabyte at a time and never held whole.
    case file(String)
    /// An open file or pipe (standard input), whose start, `head`, was read already: the rest
    /// is read a megabyte at a time and never held whole.
    case stream(InputFile, head: [UInt8])
    /// Bytes already in memory.
    case bytes(Data)
}

extension LineReader {
    /// Runs the reader over `input` to its end, delivering pages of friends as they fill; a
    /// file or stream is read `chunkSize` bytes at a time, its lines ending at LF, CRLF, or CR
    /// alone when the first line end is one.
    /// - Throws: the reader's ``SourceError``, or one naming `source` when the file cannot be
    ///   read or a line passes `maximumLineLength` bytes; pages before it stay delivered. With
    ///   `failsWhenNothingIsRead`, a source whose every entry was skipped fails too, naming the
    ///   first (``PageCollector/nothingRead(source:)``).
    package mutating func readAll(
        _ input: LineInput, source: String, chunkSize: Int = 1 << 20, maximumLineLength: Int = 64 << 20,
        failsWhenNothingIsRead: Bool = true, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var pages = PageCollector()
        var lines = LineSplitter(maximumLength: maximumLineLength, source: source)
        switch input {
        case .bytes(let data):
            pages.sourceSize = data.count
            try feed(data, to: &lines, into: &pages, deliver)
        case .file(let path):
            let file = try InputFile.open(path, trust: .named, limit: .source)
            pages.sourceSize = file.size
            try feed(file, chunkSize: chunkSize, to: &lines, into: &pages, deliver)
        case .stream(let file, let head):
            // The size of a file is the whole of it, its head too.
            pages.sourceSize = file.size
            try feed(Data(head), to: &lines, into: &pages, deliver)
            try feed(file, chunkSize: chunkSize, to: &lines, into: &pages, deliver)
        }
        try lines.finish { line, number, offset throws(SourceError) in
            try read(line: line, number: number, offset: offset, into: &pages, deliver)
        }
        try finish(into: &pages, deliver)
        if failsWhenNothingIsRead, let failure = pages.nothingRead(source: source) { throw failure }
        pages.finish(deliver)
    }
}

extension LineReader {
    /// Reads line `number`, which starts at byte `offset` of the source: the pages know how
    /// much of it was read once the line is (see ``PageCollector/bytesRead``).
    private mutating func read(
        line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int, into pages: inout PageCollector,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        pages.bytesRead = offset + line.count + 1
        try read(line: line, number: number, into: &pages, deliver)
    }

    /// Cuts `data` into lines with `lines` and reads them.
    private mutating func feed(
        _ data: Data, to lines: inout LineSplitter, into pages: inout PageCollector, _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var failure: SourceError?
        data.withUnsafeBytes { raw in
            do throws(SourceError) {
                try lines.feed(raw.bindMemory(to: UInt8.self)) { line, number, offset throws(SourceError) in
                    try read(line: line, number: number, offset: offset, into: &pages, deliver)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Cuts what is left of `file` into lines with `lines`, `chunkSize` bytes at a time, and
    /// reads them.
    private mutating func feed(
        _ file: InputFile, chunkSize: Int, to lines: inout LineSplitter, into pages: inout PageCollector,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try file.read(into: buffer)
            if count == 0 { return }
            let chunk = UnsafeBufferPointer(
                start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
            try lines.feed(chunk) { line, number, offset throws(SourceError) in
                try read(line: line, number: number, offset: offset, into: &pages, deliver)
            }
        }
    }
}

/// Cuts bytes that arrive in chunks into lines. A line ends at LF, and a CR just before the LF
/// is dropped; in a text whose first line end is a CR alone (as classic Mac OS wrote them), a
/// line ends at each CR and at each LF (``LineEnds``). Records ended by NUL (`--read0`) are cut
/// at each NUL instead, CRs kept. A UTF-8 byte-order mark at the very start is dropped too.
package struct LineSplitter {
    /// What a line is handed on with: its bytes, its number (from 1) and the offset of its
    /// first byte in the bytes fed (a byte-order mark dropped at the start not counted).
    package typealias LineHandler =
        (UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) throws(SourceError) -> Void

    private var carry: [UInt8] = []
    /// The offset of the line being carried from one chunk to the next.
    private var carryOffset = 0
    /// How many bytes were fed before the chunk being cut, the byte-order mark not counted.
    private var consumed = 0
    private var lineNumber = 0
    private var atStart = true
    /// The byte lines end with: LF, or NUL for records, or CR once the first line end is a CR
    /// alone (an LF then ends a line too); nil until the first line end tells.
    private var lineEnd: UInt8?
    private let maximumLength: Int
    private let source: String
    /// Whether a CR before the line end is kept: records ended by NUL are kept as they are.
    private let keepsCR: Bool
    /// What messages call a line: a record, when it is ended by NUL.
    private let word: String

    /// A splitter of lines of at most `maximumLength` bytes, which messages say come from
    /// `source`, ended by `separator`: LF (the first line end telling whether they end at CR
    /// instead), or NUL for `--read0`.
    package init(maximumLength: Int, source: String, separator: UInt8 = 0x0A) {
        self.maximumLength = maximumLength
        self.source = source
        keepsCR = separator != 0x0A
        word = NameLine.word(endedBy: separator)
        if separator != 0x0A { lineEnd = separator }
    }

    /// Calls `line` with each line `chunk` completes.
    package mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ line: LineHandler) throws(SourceError) {
        // An empty chunk says nothing, not even that the bytes start without a byte-order mark.
        guard !chunk.isEmpty else { return }
        var start = 0
        if atStart {
            atStart = false
            if chunk.starts(with: FriendsJSON.byteOrderMark) { start = FriendsJSON.byteOrderMark.count }
        }
        // The offset of byte `index` of this chunk is `base + index`.
        let base = consumed - start
        consumed += chunk.count - start
        if lineEnd == nil, !decideLineEnd(UnsafeBufferPointer(rebasing: chunk[start...])) {
            try hold(chunk, from: start, base: base)
            return
        }
        let separator = lineEnd ?? 0x0A
        if separator == 0x0D, carry.last == 0x0D {
            // The first line end was the CR that ended the last chunk.
            lineNumber += 1
            try handCarry(line)
        }
        while start < chunk.count {
            let rest = UnsafeBufferPointer(rebasing: chunk[start...])
            // Once lines end at CR, an LF ends one too.
            let found =
                separator == 0x0D ? rest.firstIndex { $0 == 0x0D || $0 == 0x0A } : Self.find(separator, in: rest)
            guard let newline = found else {
                try hold(chunk, from: start, base: base)
                return
            }
            let end = start + newline
            lineNumber += 1
            if carry.isEmpty {
                let bytes = UnsafeBufferPointer(rebasing: chunk[start..<end])
                try line(keepsCR ? bytes : Self.withoutCR(bytes), lineNumber, base + start)
            } else {
                carry += chunk[start..<end]
                try handCarry(line)
            }
            start = end + 1
        }
    }

    /// Calls `line` with the last line, when the bytes did not end with a line end.
    package mutating func finish(_ line: LineHandler) throws(SourceError) {
        guard !carry.isEmpty else { return }
        if lineEnd == nil, carry.last == 0x0D {
            // A text whose only line end is a CR at its very end.
            carry.removeLast()
        }
        lineNumber += 1
        try handCarry(line)
    }

    /// Decides what lines end with from the first line end in the carry and `bytes`, which
    /// follow it; false when they do not tell yet (no line end, or a CR at their very end).
    private mutating func decideLineEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let ends: LineEnds?
        if carry.last == 0x0D {
            ends = bytes.first == 0x0A ? .lineFeed : .carriageReturn
        } else {
            ends = LineEnds.first(in: bytes)
        }
        guard let ends else { return false }
        lineEnd = ends == .lineFeed ? 0x0A : 0x0D
        return true
    }

    /// Carries the bytes of `chunk` from `start` on to the next chunk: the start of a line.
    private mutating func hold(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, base: Int) throws(SourceError) {
        guard start < chunk.count else { return }
        if carry.isEmpty { carryOffset = base + start }
        carry += chunk[start...]
        guard carry.count <= maximumLength else {
            throw SourceError(
                source: source, problem: "\(word) \(lineNumber + 1) is longer than \(maximumLength >> 20) MB")
        }
    }

    /// Hands on the line carried, complete, and forgets it.
    private mutating func handCarry(_ line: LineHandler) throws(SourceError) {
        let whole = carry
        carry = []
        try whole.withUnsafeBufferPointer { (bytes) throws(SourceError) in
            try line(keepsCR ? bytes : Self.withoutCR(bytes), lineNumber, carryOffset)
        }
    }

    /// The index of the first `byte` of `bytes`, found by the C library's `memchr`, which looks
    /// at many bytes at a time.
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func withoutCR(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
    }
}
