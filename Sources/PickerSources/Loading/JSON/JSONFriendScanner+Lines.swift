@_spi(Inlining) import PickerStore

extension JSONFriendScanner {
    /// The line ends of the document before a place in it: how many, and where the line after
    /// the last of them starts. A message tells a place as a line and column with them once the
    /// bytes before it are gone.
    ///
    /// The reader counts line ends as it passes white space, the only place JSON has them (a
    /// string cannot hold one unescaped), and a value it passes over whole, so that no byte is
    /// looked at again to count them.
    struct Lines: Equatable {
        /// How many line ends (0x0A) come before the place.
        var count = 0
        /// Where the line after the last of them starts (0 when there is none): an offset in
        /// the document, or, in a ``Cursor``, an index in its bytes (below 0 when it lies
        /// before them).
        var start = 0

        /// The line ends of `bytes`, which start at `base`, added.
        mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>, at base: Int) {
            count += ByteLanes.count(0x0A, in: bytes)
            if let last = bytes.lastIndex(of: 0x0A) { start = base + last + 1 }
        }

        /// `line L, column C` of the document's byte `offset`, both from 1, when these are the
        /// lines before byte `base` and `bytes` are the document's bytes from `base` on (those
        /// after `offset` may be missing).
        func place(_ offset: Int, in bytes: ArraySlice<UInt8>, from base: Int) -> String {
            let before = bytes.prefix(max(0, offset - base))
            let line = count + before.count { $0 == 0x0A } + 1
            let lineStart = before.lastIndex(of: 0x0A).map { base + ($0 - bytes.startIndex) + 1 } ?? start
            return "line \(line), column \(offset - lineStart + 1)"
        }
    }
}
