import Dispatch
import FoundationEssentials
import Glibc
import PickerStore

/// Reads a source and makes its pages into ``FriendBatch``es at the same time: the loader reads
/// on the calling thread while a thread per core makes batches, each of a page of its own, so
/// that parsing, folding and the list taking batches in overlap instead of taking turns. The
/// batches are delivered in the order their pages were read.
///
/// A batcher makes its page's batch alone rather than with the other cores: no batcher waits
/// at the end of a page for the slowest of its parts, and a page's parts need no merging.
package enum BatchPipeline {
    /// How many pages read may wait for a batcher: none, the reader hands each page to a
    /// batcher and waits for one to be free, so that the pages on their way are the one being
    /// read and one per batcher.
    static let pagesAhead = 0

    /// Runs `loader` to its end and delivers each page as a batch for a list sorted by
    /// `sortOrder` and searched in `fields`, with the total the source announced, in order, from
    /// a batching thread, one delivery at a time. Returns once every batch is delivered.
    /// - Throws: the loader's ``SourceError``, after the batches of the pages before it.
    package static func run(
        _ loader: FriendLoader, sortOrder: NameOrder, fields: NameFields? = nil,
        deliver: @escaping @Sendable (FriendBatch, Int?) -> Void
    ) throws(SourceError) {
        let pages = BoundedQueue<(number: Int, page: FriendPage)>(capacity: pagesAhead)
        let turns = Turns()
        let done = DispatchSemaphore(value: 0)
        var batchers = 0
        while batchers < Parallel.width {
            let started = PosixThread.start(stackSize: 8 << 20) {
                // The page is let go once it is a batch, before the list takes the batch in.
                while let (number, page) = pages.take() {
                    let (batch, total) = batch(of: consume page, sortOrder: sortOrder, fields: fields, cores: 1)
                    turns.wait(for: number)
                    deliver(batch, total)
                    turns.pass()
                }
                done.signal()
            }
            guard started else { break }
            batchers += 1
        }
        guard batchers > 0 else {
            // No thread to spare: each page is made into its batch as it arrives.
            try loader.load {
                let (batch, total) = batch(of: $0, sortOrder: sortOrder, fields: fields, cores: nil)
                deliver(batch, total)
            }
            return
        }
        defer {
            pages.finish()
            for _ in 0..<batchers { done.wait() }
        }
        var read = 0
        try loader.load {
            pages.put((read, $0))
            read += 1
        }
    }

    /// Runs `loader` to its end and takes each page into `list` as a batch searched in `fields`,
    /// as ``run(_:sortOrder:fields:deliver:)`` makes them: the list takes in a batch on the
    /// batcher's thread while the loader reads on. The same list as batches made and taken in
    /// one after another, a page at a time, on this thread.
    /// - Returns: how many friends were left out for an id seen before, and the total the
    ///   source announced last, if it did.
    /// - Throws: the loader's ``SourceError``, the list holding the batches before it.
    package static func fill(_ list: inout FriendList, from loader: FriendLoader, fields: NameFields? = nil)
        throws(SourceError) -> (leftOut: Int, announcedTotal: Int?)
    {
        let building = ListBeingBuilt(list)
        // The list is held by the box alone while it is built, so that taking batches in never
        // copies it.
        list = FriendList(sortOrder: list.sortOrder)
        defer { list = building.list }
        try run(loader, sortOrder: building.list.sortOrder, fields: fields) { batch, total in
            building.leftOut += building.list.append(batch)
            building.announcedTotal = total ?? building.announcedTotal
        }
        return (building.leftOut, building.announcedTotal)
    }

    /// The list a ``fill(_:from:fields:)`` builds, which the batchers take turns to append to:
    /// one delivery at a time, each after the one before (``Turns``).
    private final class ListBeingBuilt: @unchecked Sendable {
        var list: FriendList
        var leftOut = 0
        var announcedTotal: Int?

        init(_ list: FriendList) {
            self.list = list
        }
    }

    /// The batch of `page` for a list sorted by `sortOrder` and searched in `fields`, made on
    /// `cores` cores (nil: every core), and the total the page announced.
    private static func batch(of page: consuming FriendPage, sortOrder: NameOrder, fields: NameFields?, cores: Int?)
        -> (FriendBatch, Int?)
    {
        let total = page.announcedTotal
        return (FriendBatch(page, sortOrder: sortOrder, fields: fields, cores: cores), total)
    }

    /// Whose turn it is to deliver: pages are numbered from 0 as they are read, and the batcher
    /// of page n delivers after the batcher of page n − 1 has.
    private final class Turns: @unchecked Sendable {
        private let condition = PosixThread.Condition()
        private var next = 0

        /// Waits until the batch of page `number` is the next to be delivered.
        func wait(for number: Int) {
            condition.lock()
            while next != number { condition.wait() }
            condition.unlock()
        }

        /// The batch whose turn it was is delivered: the next page's turn.
        func pass() {
            condition.lock()
            next += 1
            condition.broadcast()
            condition.unlock()
        }
    }
}
