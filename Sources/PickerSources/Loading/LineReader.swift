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
    /// A file, read a megabyte at a time and never held whole.
    case file(String)
    /// Bytes already in memory (what standard input held).
    case bytes(Data)
}

extension LineReader {
    /// Runs the reader over `input` to its end, delivering pages of friends as they fill; a
    /// file is read `chunkSize` bytes at a time.
    /// - Throws: the reader's ``SourceError``, or one naming `source` when the file cannot be
    ///   read or a line passes `maximumLineLength` bytes; pages before it stay delivered.
    package mutating func readAll(
        _ input: LineInput, source: String, chunkSize: Int = 1 << 20, maximumLineLength: Int = 64 << 20,
        _ deliver: (FriendPage) -> Void
    ) throws(SourceError) {
        var pages = PageCollector()
        var lines = LineSplitter(maximumLength: maximumLineLength, source: source)
        switch input {
        case .bytes(let data):
            var failure: SourceError?
            data.withUnsafeBytes { raw in
                do throws(SourceError) {
                    try lines.feed(raw.bindMemory(to: UInt8.self)) { line, number, _ throws(SourceError) in
                        try read(line: line, number: number, into: &pages, deliver)
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        case .file(let path):
            try ChunkedFile.read(path, chunkSize: chunkSize) { chunk throws(SourceError) in
                try lines.feed(chunk) { line, number, _ throws(SourceError) in
                    try read(line: line, number: number, into: &pages, deliver)
                }
            }
        }
        try lines.finish { line, number, _ throws(SourceError) in
            try read(line: line, number: number, into: &pages, deliver)
        }
        try finish(into: &pages, deliver)
        pages.finish(deliver)
    }
}

/// Cuts bytes that arrive in chunks into lines. A line ends at LF, and a CR just before the LF
/// is dropped; a UTF-8 byte-order mark at the very start is dropped too.
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
    private let maximumLength: Int
    private let source: String

    package init(maximumLength: Int, source: String) {
        self.maximumLength = maximumLength
        self.source = source
    }

    /// Calls `line` with each line `chunk` completes.
    package mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ line: LineHandler) throws(SourceError) {
        var start = 0
        if atStart {
            atStart = false
            if chunk.starts(with: FriendsJSON.byteOrderMark) { start = FriendsJSON.byteOrderMark.count }
        }
        // The offset of byte `index` of this chunk is `base + index`.
        let base = consumed - start
        consumed += chunk.count - start
        while start < chunk.count {
            guard let newline = UnsafeBufferPointer(rebasing: chunk[start...]).firstIndex(of: 0x0A) else {
                if carry.isEmpty { carryOffset = base + start }
                carry += chunk[start...]
                guard carry.count <= maximumLength else {
                    throw SourceError(
                        source: source, problem: "line \(lineNumber + 1) is longer than \(maximumLength >> 20) MB")
                }
                return
            }
            let end = start + newline
            lineNumber += 1
            if carry.isEmpty {
                try line(Self.withoutCR(UnsafeBufferPointer(rebasing: chunk[start..<end])), lineNumber, base + start)
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
        lineNumber += 1
        try handCarry(line)
    }

    /// Hands on the line carried, complete, and forgets it.
    private mutating func handCarry(_ line: LineHandler) throws(SourceError) {
        let whole = carry
        carry = []
        try whole.withUnsafeBufferPointer { (bytes) throws(SourceError) in
            try line(Self.withoutCR(bytes), lineNumber, carryOffset)
        }
    }

    private static func withoutCR(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
    }
}

/// A file read through one buffer, a chunk at a time.
enum ChunkedFile {
    /// Calls `body` with each chunk of the file at `path`, in order, until its end.
    /// - Throws: ``SourceError`` naming `path` when it cannot be opened or read.
    static func read(
        _ path: String, chunkSize: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void
    ) throws(SourceError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SourceError(source: path, problem: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        try read(descriptor: descriptor, source: path, chunkSize: chunkSize, body)
    }

    /// Calls `body` with each chunk read from the open `descriptor` (a pipe, say, which messages
    /// call `source`), in order, until its end.
    static func read(
        descriptor: Int32, source: String, chunkSize: Int = 1 << 20,
        _ body: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void
    ) throws(SourceError) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, chunkSize)
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceError(source: source, problem: "cannot be read (\(String(cString: strerror(errno))))")
            }
            try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
