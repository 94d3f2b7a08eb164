import FoundationEssentials
import Glibc

/// Items handed from one thread to another, in order; the producer waits while `capacity`
/// items wait, so that a fast producer does not pile them up in memory. The one back-pressure
/// of the package: between the reader and the batcher of a load, and between the batcher and
/// the picker's event loop.
public final class BoundedQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = PosixThread.Condition()
    private let capacity: Int
    private var items: [Item] = []
    private var finished = false

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds `item`, waiting for room.
    public func put(_ item: Item) {
        condition.lock()
        while items.count >= capacity { condition.wait() }
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    /// Adds `item`; while the queue is full, joins `item` to the item put last with `join`
    /// instead of waiting, when `join` takes it in (false: they are not to be joined, the item
    /// put last is left as it was, and `item` waits for room). So a producer ahead of its
    /// consumer hands it fewer, larger items. The join runs with the queue locked, on the
    /// item where it waits, so that the consumer never finds it missing: it waits for the join.
    public func put(_ item: Item, joiningWithLast join: (inout Item, Item) -> Bool) {
        condition.lock()
        if items.count >= capacity, join(&items[items.count - 1], item) {
            condition.broadcast()
            condition.unlock()
            return
        }
        while items.count >= capacity { condition.wait() }
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    /// No item will follow.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for it; nil once every item is taken and no more will come.
    public func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
        guard !items.isEmpty else { return nil }
        condition.broadcast()
        return items.removeFirst()
    }

    /// Every item waiting, oldest first, taken without waiting for one: empty when none is.
    public func takeWaiting() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        let waiting = items
        items.removeAll()
        condition.broadcast()
        return waiting
    }
}
