import Foundation
import Glibc
import PickerSources
import PickerStore

/// Runs a loader on a thread of its own and hands what it delivers to the event loop: the
/// deliveries wait in a bounded queue, and a byte on a pipe wakes the loop's `poll`.
final class LoaderFeed: Sendable {
    /// What the loader did.
    enum Delivery: Sendable {
        /// A page, made ready for a list, and the total the source announced with it.
        case page(FriendBatch, totalCount: Int?)
        /// The source read again whole, behind a cached copy: its list, how many of its friends
        /// were left out for an id seen before, and the total it announced.
        case replaced(FriendList, leftOut: Int, totalCount: Int?)
        case finished
        case failed(SourceError)
    }

    /// The end to poll: readable when deliveries are waiting.
    let readEnd: Int32
    private let writeEnd: Int32
    /// The deliveries not yet taken: the loader waits while one does, so that a fast source
    /// does not pile pages up in memory faster than the list takes them in (with the page
    /// being read and one being made a batch on each core, four are on their way at most on
    /// two cores).
    private let deliveries = BoundedQueue<Delivery>(capacity: 1)

    private init(readEnd: Int32, writeEnd: Int32) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    /// Starts `loader` on a new thread, its pages made ready for a list sorted by `sortOrder`
    /// on others (see ``BatchPipeline``); then, when `loader` delivers a cached copy, reads
    /// `refresh` whole on the same thread and delivers its list in one piece.
    static func start(_ loader: FriendLoader, sortOrder: NameOrder, refresh: FriendLoader? = nil) -> LoaderFeed? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let feed = LoaderFeed(readEnd: ends[0], writeEnd: ends[1])
        let started = PosixThread.start {
            do throws(SourceError) {
                try BatchPipeline.run(loader, sortOrder: sortOrder) { batch, totalCount in
                    feed.post(.page(batch, totalCount: totalCount))
                }
                guard let refresh else {
                    feed.post(.finished)
                    return
                }
                let (list, leftOut, total) = try refresh.list(sortOrder: sortOrder)
                feed.post(.replaced(list, leftOut: leftOut, totalCount: total))
            } catch {
                feed.post(.failed(error))
            }
        }
        return started ? feed : nil
    }

    /// Queues `delivery`, waiting for room, and wakes the loop. A page that finds the page
    /// before it still waiting is joined to it (``FriendBatch/join(_:)``): while the list is
    /// behind, it takes in fewer, larger batches, each merged into its order once.
    private func post(_ delivery: Delivery) {
        deliveries.put(delivery) { waiting, next in
            guard case .page(var batch, let firstTotal) = waiting, case .page(let second, let total) = next else {
                return false
            }
            // The delivery lets go of its batch, so that the batch is joined in place.
            waiting = .finished
            let joined = batch.join(second)
            waiting = .page(batch, totalCount: joined ? total ?? firstTotal : firstTotal)
            return joined
        }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The deliveries waiting, oldest first; empty when there are none.
    func take() -> [Delivery] {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &drained, drained.count) > 0 {}
        return deliveries.takeWaiting()
    }

    /// Waits until the loader has delivered something, and returns it.
    func waitForDeliveries() -> [Delivery] {
        while true {
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, -1)
            let deliveries = take()
            if !deliveries.isEmpty { return deliveries }
        }
    }
}
