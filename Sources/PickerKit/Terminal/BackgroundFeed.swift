import Glibc
import PickerSources
import PickerStore
import Synchronization

/// A job on a thread of its own whose deliveries reach the event loop: they wait in a bounded
/// queue, and a byte on a pipe wakes the loop's `poll`. The loader of a source and the login's
/// polling of its token endpoint both run on one.
///
/// The job and the loop each hold the feed; its pipe is closed when both have let go. Once the
/// loop has stopped (``stop()``), what the job delivers is dropped without waiting, so that a
/// job still running ends on its own instead of waiting for a reader that is gone.
final class BackgroundFeed<Delivery: Sendable>: @unchecked Sendable {
    /// The end to poll: readable when deliveries are waiting.
    let readEnd: Int32
    private let writeEnd: Int32
    private let deliveries: BoundedQueue<Delivery>
    /// How a delivery is joined to the one waiting before it, while the queue is full.
    private let join: (@Sendable (inout Delivery, Delivery) -> Bool)?
    /// Whether the loop has stopped taking deliveries.
    private let stopped = Atomic(false)

    private init(readEnd: Int32, writeEnd: Int32, capacity: Int, join: (@Sendable (inout Delivery, Delivery) -> Bool)?)
    {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
        deliveries = BoundedQueue(capacity: capacity)
        self.join = join
        for end in [readEnd, writeEnd] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Starts `job` on a new thread, handing it the function that delivers: at most `capacity`
    /// deliveries wait (the job waits for room), and with `join`, a delivery that finds the
    /// queue full may be joined to the one put last instead of waiting (true: joined). Nil when
    /// no pipe or thread could be made.
    static func start(
        capacity: Int, join: (@Sendable (inout Delivery, Delivery) -> Bool)? = nil,
        _ job: @escaping @Sendable (_ deliver: @escaping @Sendable (Delivery) -> Void) -> Void
    ) -> BackgroundFeed? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let feed = BackgroundFeed(readEnd: ends[0], writeEnd: ends[1], capacity: capacity, join: join)
        let started = PosixThread.start { job { feed.post($0) } }
        return started ? feed : nil
    }

    /// Queues `delivery`, waiting for room (or joining it to the one waiting), and wakes the
    /// loop; drops it once the loop has stopped.
    private func post(_ delivery: Delivery) {
        guard !stopped.load(ordering: .acquiring) else { return }
        if let join {
            deliveries.put(delivery, joiningWithLast: join)
        } else {
            deliveries.put(delivery)
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

    /// Stops taking deliveries: the job's later ones are dropped, and one waiting for room is
    /// let go.
    func stop() {
        stopped.store(true, ordering: .releasing)
        _ = deliveries.takeWaiting()
    }
}
