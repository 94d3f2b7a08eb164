import Dispatch
import FoundationEssentials
import Glibc

/// Reads a source and makes its pages into ``FriendBatch``es at the same time: the loader reads
/// on the calling thread, a thread of its own makes the batches, so that parsing one page and
/// folding the one before overlap instead of taking turns.
public enum BatchPipeline {
    /// How many pages read may wait for their batch; the reader waits beyond that.
    static let pagesAhead = 1

    /// Runs `loader` to its end and delivers each page as a batch for a list sorted by
    /// `sortOrder`, with the total the source announced, in order, from the batching thread.
    /// Returns once every batch is delivered.
    /// - Throws: the loader's ``SourceError``, after the batches of the pages before it.
    public static func run(
        _ loader: FriendLoader, sortOrder: NameOrder, deliver: @escaping @Sendable (FriendBatch, Int?) -> Void
    ) throws(SourceError) {
        let pages = BoundedQueue<FriendPage>(capacity: pagesAhead)
        let done = DispatchSemaphore(value: 0)
        let started = PosixThread.start(stackSize: 8 << 20) {
            while let page = pages.take() {
                deliver(FriendBatch(page.friends, sortOrder: sortOrder, skipped: page.skipped), page.totalCount)
            }
            done.signal()
        }
        guard started else {
            // No thread to spare: each page is made into its batch as it arrives.
            try loader.load {
                deliver(FriendBatch($0.friends, sortOrder: sortOrder, skipped: $0.skipped), $0.totalCount)
            }
            return
        }
        defer {
            pages.finish()
            done.wait()
        }
        try loader.load { pages.put($0) }
    }
}
