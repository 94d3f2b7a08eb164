import FoundationEssentials

/// How the lines of a text end, told once by its first line end: LF or CRLF, as most systems
/// write, or CR alone, as classic Mac OS wrote. The readers of address books and of names and
/// the `--filter` line scan decide it the same way, here.
package enum LineEnds: Sendable {
    /// Lines end at LF; a CR just before it is dropped.
    case lineFeed
    /// The first line end is a CR alone: every CR ends a line, and so does an LF.
    case carriageReturn

    /// The line ends of a text that starts with `bytes`, told by its first line end; nil when
    /// they do not tell yet (no line end, or a CR as their last byte).
    /// - Complexity: O(n) in the length of the first line.
    package static func first(in bytes: UnsafeBufferPointer<UInt8>) -> LineEnds? {
        guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        if bytes[index] == 0x0A { return .lineFeed }
        guard index + 1 < bytes.count else { return nil }
        return bytes[index + 1] == 0x0A ? .lineFeed : .carriageReturn
    }

    /// `text` with its lines ended by LF: each CR made an LF when its first line end is a CR
    /// alone, else `text` as it is (a text without a line end, or whose only one is a CR at
    /// its very end, is one line either way).
    /// - Complexity: O(n) in the length of the first line; O(n) in the text's length, copied,
    ///   only when its lines end in CR.
    package static func withLineFeeds(_ text: Data) -> Data {
        let ends = text.withUnsafeBytes { first(in: $0.bindMemory(to: UInt8.self)) }
        guard ends == .carriageReturn else { return text }
        return Data(text.map { $0 == 0x0D ? 0x0A : $0 })
    }
}
