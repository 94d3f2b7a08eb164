import FoundationEssentials
import Glibc

/// Plain text with one name per line, read as friends: the line number is the id, a trailing
/// CR is dropped, blank lines are skipped, and a line that is not UTF-8 is an error.
public enum NameLines {
    /// Delivers the friends of `data` in order, in pages of `firstPage` friends, then each
    /// twice the one before, up to `largestPage`.
    /// - Throws: ``SourceError`` naming `source` and the first line that is not UTF-8, after
    ///   the pages before it were delivered.
    public static func readPages(
        _ data: Data, source: String, firstPage: Int = GrowingPages.firstSize,
        largestPage: Int = GrowingPages.largestSize, _ deliver: ([Friend]) -> Void
    ) throws(SourceError) {
        var failure: SourceError?
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var pages = GrowingPages(first: firstPage, largest: largestPage)
            var lineStart = 0
            var lineNumber = 0
            while lineStart < bytes.count {
                lineNumber += 1
                let rest = UnsafeBufferPointer(rebasing: bytes[lineStart...])
                let newline = rest.firstIndex(of: 0x0A).map { lineStart + $0 } ?? bytes.count
                var lineEnd = newline
                if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                lineStart = newline + 1
                guard let name = UTF8Text.string(line) else {
                    failure = invalidLine(lineNumber, line, at: lineEnd - line.count, source: source)
                    break
                }
                if Self.isBlank(line) { continue }
                if let page = pages.add(Friend(id: String(lineNumber), name: name)) { deliver(page) }
            }
            if let page = pages.rest() { deliver(page) }
        }
        if let failure { throw failure }
    }

    /// The friends of the text file at `path`, in pages as ``readPages(_:source:firstPage:largestPage:_:)``
    /// delivers them.
    public static func readPages(
        path: String, firstPage: Int = GrowingPages.firstSize, largestPage: Int = GrowingPages.largestSize,
        _ deliver: ([Friend]) -> Void
    ) throws(SourceError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(source: path, problem: "cannot be read")
        }
        try readPages(data, source: path, firstPage: firstPage, largestPage: largestPage, deliver)
    }

    /// The error for line `number`, `line`, which starts at byte `offset` of the text and is
    /// not UTF-8: it names the first byte that is not.
    static func invalidLine(_ number: Int, _ line: UnsafeBufferPointer<UInt8>, at offset: Int, source: String)
        -> SourceError
    {
        let byte = offset + (UTF8Text.firstInvalidByte(line) ?? line.count)
        return SourceError(source: source, problem: "line \(number) is not valid UTF-8 (byte offset \(byte))")
    }

    /// Whether `value` is in a block of letters that are neither whitespace nor joined to what
    /// follows: Latin, Greek, Cyrillic, kana and CJK ideographs, Hangul syllables.
    private static func isLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0x24F, 0x386...0x3FF, 0x400...0x481, 0x48A...0x52F, 0x3041...0x3096, 0x30A1...0x30FA,
            0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return value != 0xD7 && value != 0xF7
        default:
            return false
        }
    }

    /// Whether a line holds only whitespace, as `Character.isWhitespace` says of each of its
    /// characters. The first scalar that is not whitespace and starts a character of its own
    /// settles it; the characters are looked at only when a mark follows whitespace.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count {
            guard let (value, length) = UTF8Text.scalar(in: line, at: index), let scalar = Unicode.Scalar(value)
            else {
                return false
            }
            if value < 0x80 {
                guard Whitespace.contains(value) else { return false }
                index += 1
                continue
            }
            if Self.isLetter(value) { return false }
            if !Whitespace.contains(value) {
                if ScalarFolds.standsAlone(scalar) { return false }
                return String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
            }
            index += length
        }
        return true
    }
}
