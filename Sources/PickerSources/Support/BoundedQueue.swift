import FoundationEssentials
import Glibc
import PickerStore

/// Items handed from one thread to another, in order; the producer waits while `capacity`
/// items wait, so that a fast producer does not pile them up in memory. The one back-pressure
/// of the package: between the reader and the batchers of a load, and between the batchers and
/// the picker's event loop.
///
/// A queue of capacity 0 hands each item over: the producer waits until the consumer has
/// taken it, so that nothing waits in the queue while the consumer is busy.
package final class BoundedQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = PosixThread.Condition()
    private let capacity: Int
    private var items: [Item] = []
    private var finished = false
    /// How many items were put and taken so far: a hand-over waits for its item's turn.
    private var putCount = 0
    private var takenCount = 0

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Adds `item`, waiting for room (with capacity 0, until it is taken).
    package func put(_ item: Item) {
        condition.lock()
        while items.count >= max(capacity, 1) { condition.wait() }
        items.append(item)
        putCount += 1
        let ticket = putCount
        condition.broadcast()
        while capacity == 0 && takenCount < ticket { condition.wait() }
        condition.unlock()
    }

    /// Adds `item`; while the queue is full, joins `item` to the item put last with `join`
    /// instead of waiting, when `join` takes it in (false: they are not to be joined, the item
    /// put last is left as it was, and `item` waits for room). So a producer ahead of its
    /// consumer hands it fewer, larger items. The join runs with the queue locked, on the
    /// item where it waits, so that the consumer never finds it missing: it waits for the join.
    package func put(_ item: Item, joiningWithLast join: (inout Item, Item) -> Bool) {
        condition.lock()
        if capacity > 0, items.count >= capacity, join(&items[items.count - 1], item) {
            condition.broadcast()
            condition.unlock()
            return
        }
        condition.unlock()
        put(item)
    }

    /// No item will follow.
    package func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for it; nil once every item is taken and no more will come.
    package func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
        guard !items.isEmpty else { return nil }
        takenCount += 1
        condition.broadcast()
        return items.removeFirst()
    }

    /// Every item waiting, oldest first, taken without waiting for one: empty when none is.
    package func takeWaiting() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        let waiting = items
        takenCount += items.count
        items.removeAll()
        condition.broadcast()
        return waiting
    }
}
