import Synchronization

/// Memory a search of a large list writes into before its result is made, kept from one
/// search to the next: the score of each friend, then what each core read off the list order
/// (a position and its score for each candidate), 6 bytes a friend at most.
///
/// A block taken from the system afresh costs a page fault for every 4 KiB written, which at a
/// million friends took as long as the search itself. Two blocks are kept (a search uses two,
/// one inside the other), each the largest asked for; a search that finds them in use on other
/// threads takes blocks of its own.
enum SearchScratch {
    /// A block of memory, handed from thread to thread through the lock only.
    private struct Block: @unchecked Sendable {
        let bytes: UnsafeMutableRawBufferPointer
    }

    /// The blocks kept, not in use.
    private static let kept = Mutex<[Block]>([])

    /// The most blocks kept.
    private static let keptLimit = 2

    /// Calls `body` with at least `count` bytes, kept from the searches before when there are
    /// such, and keeps them after.
    static func with<Result>(bytes count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        // The smallest kept block that is large enough, else the largest, to be grown.
        let taken = kept.withLock { blocks -> Block? in
            guard !blocks.isEmpty else { return nil }
            let fitting = blocks.indices.filter { blocks[$0].bytes.count >= count }
            let index =
                fitting.min { blocks[$0].bytes.count < blocks[$1].bytes.count }
                ?? blocks.indices.max { blocks[$0].bytes.count < blocks[$1].bytes.count }!
            return blocks.remove(at: index)
        }
        var block = taken ?? Block(bytes: .allocate(byteCount: max(count, 1), alignment: 16))
        if block.bytes.count < count {
            block.bytes.deallocate()
            block = Block(bytes: .allocate(byteCount: count, alignment: 16))
        }
        let result = body(UnsafeMutableRawBufferPointer(rebasing: block.bytes[0..<count]))
        let dropped = kept.withLock { blocks -> Block? in
            blocks.append(block)
            guard blocks.count > keptLimit else { return nil }
            // The smallest goes.
            let index = blocks.indices.min { blocks[$0].bytes.count < blocks[$1].bytes.count }!
            return blocks.remove(at: index)
        }
        dropped?.bytes.deallocate()
        return result
    }
}
