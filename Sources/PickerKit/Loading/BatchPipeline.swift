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
            // The page is let go once it is a batch, before the list takes the batch in.
            while case (let batch, let total)? = pages.take().map({ batch(of: $0, sortOrder: sortOrder) }) {
                deliver(batch, total)
            }
            done.signal()
        }
        guard started else {
            // No thread to spare: each page is made into its batch as it arrives.
            try loader.load {
                let (batch, total) = batch(of: $0, sortOrder: sortOrder)
                deliver(batch, total)
            }
            return
        }
        defer {
            pages.finish()
            done.wait()
        }
        try loader.load { pages.put($0) }
    }

    /// The batch of `page` for a list sorted by `sortOrder`, and the total the page announced.
    private static func batch(of page: consuming FriendPage, sortOrder: NameOrder) -> (FriendBatch, Int?) {
        let total = page.totalCount
        return (FriendBatch(page, sortOrder: sortOrder), total)
    }
}
