import Foundation

/// Plain text with one name per line, read as friends: the line number is the id, a trailing
/// CR is dropped, blank lines are skipped, and a line that is not UTF-8 is an error.
public enum NameLines {
    /// Delivers the friends of `data` in pages of `pageSize`, in order.
    /// - Throws: ``SourceError`` naming `source` and the first line that is not UTF-8, after
    ///   the pages before it were delivered.
    public static func readPages(
        _ data: Data, source: String, pageSize: Int = 65_536, _ deliver: ([Friend]) -> Void
    ) throws(SourceError) {
        var failure: SourceError?
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var page: [Friend] = []
            page.reserveCapacity(min(pageSize, 1 << 16))
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
                guard let name = String(validating: line, as: UTF8.self) else {
                    failure = SourceError(source: source, problem: "line \(lineNumber) is not valid UTF-8")
                    break
                }
                if Self.isBlank(line, name) { continue }
                page.append(Friend(id: String(lineNumber), name: name))
                if page.count >= pageSize {
                    deliver(page)
                    page.removeAll(keepingCapacity: true)
                }
            }
            if !page.isEmpty { deliver(page) }
        }
        if let failure { throw failure }
    }

    /// The friends of the text file at `path`, in pages of `pageSize`.
    public static func readPages(path: String, pageSize: Int = 65_536, _ deliver: ([Friend]) -> Void) throws(SourceError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(source: path, problem: "cannot be read")
        }
        try readPages(data, source: path, pageSize: pageSize, deliver)
    }

    /// Whether a line holds only whitespace, as `Character.isWhitespace` says.
    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        for byte in line {
            switch byte {
            case 0x20, 0x09...0x0D: continue
            case 0x80...: return name.allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        return true
    }
}
