import Foundation
import PickerTestSupport
import Synchronization
import XCTest

@testable import PickerSources
@testable import PickerStore

final class BoundedQueueTests: XCTestCase {
    /// A producer waits while the queue is full; taking what waits makes room, in order.
    func testTheProducerWaitsForRoomAndTheItemsComeInOrder() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let produced = Mutex(0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for item in 0..<5 {
                queue.put(item)
                produced.withLock { $0 += 1 }
            }
            queue.finish()
            finished.signal()
        }.start()
        var taken: [Int] = []
        let deadline = Date().addingTimeInterval(10)
        while taken.count < 5, Date() < deadline {
            XCTAssertLessThanOrEqual(produced.withLock { $0 } - taken.count, 2, "at most two items wait")
            taken += queue.takeWaiting()
            usleep(1000)
        }
        XCTAssertEqual(taken, [0, 1, 2, 3, 4])
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(queue.takeWaiting(), [])
        XCTAssertNil(queue.take(), "finished and empty")
    }

    func testTakingWhatWaitsNeverBlocks() {
        let queue = BoundedQueue<String>(capacity: 3)
        XCTAssertEqual(queue.takeWaiting(), [])
        queue.put("a")
        queue.put("b")
        XCTAssertEqual(queue.takeWaiting(), ["a", "b"])
        queue.put("c")
        XCTAssertEqual(queue.take(), "c")
    }

    /// While the queue is full, an item is joined to the one put last instead of waiting; an
    /// item the join refuses waits for room.
    func testAnItemIsJoinedToTheLastWhileTheQueueIsFull() {
        let queue = BoundedQueue<[Int]>(capacity: 1)
        let join: @Sendable (inout [Int], [Int]) -> Bool = { waiting, next in
            guard waiting.count + next.count <= 3 else { return false }
            waiting += next
            return true
        }
        queue.put([1], joiningWithLast: join)
        queue.put([2], joiningWithLast: join)
        queue.put([3], joiningWithLast: join)
        XCTAssertEqual(queue.takeWaiting(), [[1, 2, 3]], "joined without waiting")
        queue.put([4], joiningWithLast: join)
        queue.put([5, 6], joiningWithLast: join)
        let refusedIsPut = DispatchSemaphore(value: 0)
        Thread {
            queue.put([7, 8], joiningWithLast: join)
            refusedIsPut.signal()
        }.start()
        XCTAssertEqual(refusedIsPut.wait(timeout: .now() + 0.2), .timedOut, "four items are not joined: it waits")
        XCTAssertEqual(queue.take(), [4, 5, 6])
        XCTAssertEqual(refusedIsPut.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(queue.takeWaiting(), [[7, 8]])
    }

    /// With capacity 0 an item is handed over: its producer waits until it is taken.
    func testAQueueOfNoCapacityHandsEachItemOver() {
        let queue = BoundedQueue<Int>(capacity: 0)
        let returned = DispatchSemaphore(value: 0)
        Thread {
            queue.put(1)
            returned.signal()
            queue.put(
                2,
                joiningWithLast: { _, _ in
                    XCTFail("nothing waits to be joined to")
                    return true
                })
            returned.signal()
        }.start()
        XCTAssertEqual(returned.wait(timeout: .now() + 0.2), .timedOut, "not taken: the producer waits")
        XCTAssertEqual(queue.take(), 1)
        XCTAssertEqual(returned.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(returned.wait(timeout: .now() + 0.2), .timedOut, "the second too")
        XCTAssertEqual(queue.take(), 2)
        XCTAssertEqual(returned.wait(timeout: .now() + 10), .success)
    }
}
