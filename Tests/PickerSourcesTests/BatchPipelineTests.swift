import PickerTestSupport
import Synchronization
import XCTest

@testable import PickerSources
@testable import PickerStore

final class BatchPipelineTests: XCTestCase {
    /// A loader that delivers its pages, then fails when told to.
    private struct ScriptedLoader: FriendLoader {
        let pages: [[Friend]]
        let failure: SourceError?

        func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
            for (index, page) in pages.enumerated() {
                deliver(FriendPage(friends: page, announcedTotal: index == 0 ? 99 : nil))
            }
            if let failure { throw failure }
        }
    }

    private func pages(_ count: Int) -> [[Friend]] {
        (0..<count).map { page in (0..<50).map { Friend(id: "\(page)-\($0)", name: "Name \(page) \(50 - $0)") } }
    }

    func testEveryPageArrivesInOrderAsABatchForTheListsOrder() throws {
        let pages = pages(12)
        let delivered = Mutex<[(FriendBatch, Int?)]>([])
        try BatchPipeline.run(ScriptedLoader(pages: pages, failure: nil), sortOrder: .last) { batch, total in
            delivered.withLock { $0.append((batch, total)) }
        }
        let batches = delivered.withLock { $0 }
        XCTAssertEqual(batches.map { Array($0.0.friends) }, pages)
        XCTAssertEqual(batches.map(\.1), [99] + Array(repeating: nil, count: 11))
        var list = FriendList(sortOrder: .last)
        for (batch, _) in batches { list.append(batch) }
        XCTAssertEqual(Array(list.friends), Array(FriendList(pages.flatMap { $0 }, sortOrder: .last).friends))
    }

    /// Batchers work on pages of their own at once: a small page finishes before the large one
    /// read before it, and still waits for it, and deliveries never overlap.
    func testBatchesMadeAtOnceAreDeliveredInTheOrderTheirPagesWereRead() throws {
        let pages = (0..<16).map { page in
            (0..<(page % 2 == 0 ? 6000 : 3)).map { Friend(id: "\(page)-\($0)", name: "Name \(page) \(7000 - $0)") }
        }
        let delivering = Atomic(0)
        let mostAtOnce = Mutex(0)
        let delivered = Mutex<[FriendBatch]>([])
        try BatchPipeline.run(ScriptedLoader(pages: pages, failure: nil), sortOrder: .first) { batch, _ in
            let atOnce = delivering.add(1, ordering: .sequentiallyConsistent).newValue
            mostAtOnce.withLock { $0 = max($0, atOnce) }
            delivered.withLock { $0.append(batch) }
            delivering.subtract(1, ordering: .sequentiallyConsistent)
        }
        let batches = delivered.withLock { $0 }
        XCTAssertEqual(batches.map { $0.friends.first?.id }, pages.map { $0.first?.id }, "in the order read")
        XCTAssertTrue(batches.map { Array($0.friends) } == pages, "each page whole")
        XCTAssertEqual(mostAtOnce.withLock { $0 }, 1, "one delivery at a time")
    }

    /// A batch made on one core, as a batcher makes it, is the batch made on every core.
    func testABatchMadeOnOneCoreIsTheBatchMadeOnEveryCore() {
        var random = SplitMix64(seed: 7)
        let names = ["Ann Lee", "Zoë Adair", "王小明", "Bob", "Émile Zola", "Łukasz Nowak", "ann lee"]
        let friends = (0..<10_000).map { index in
            Friend(
                id: "\(random.next() % 20_000)",
                name: names[Int(random.next() % UInt64(names.count))] + " \(index % 97)")
        }
        let alone = FriendBatch(friends, sortOrder: .last, cores: 1)
        let together = FriendBatch(friends, sortOrder: .last, cores: 2)
        XCTAssertEqual(alone, together)
        XCTAssertEqual(alone.run.numbers, together.run.numbers, "the order")
        XCTAssertEqual(alone.entries.bytes, together.entries.bytes, "the sort keys")
        XCTAssertEqual(alone.entries.ends, together.entries.ends)
        XCTAssertEqual(alone.byIDHash, together.byIDHash, "the order of the ids' hashes")
    }

    func testAFailureComesAfterThePagesBeforeIt() {
        let failure = SourceError(source: "test", problem: "broke")
        let delivered = Mutex(0)
        XCTAssertThrowsError(
            try BatchPipeline.run(ScriptedLoader(pages: pages(3), failure: failure), sortOrder: .first) { _, _ in
                delivered.withLock { $0 += 1 }
            }
        ) { error in XCTAssertEqual(error as? SourceError, failure) }
        XCTAssertEqual(delivered.withLock { $0 }, 3)
    }
}
