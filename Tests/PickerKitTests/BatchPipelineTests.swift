import Synchronization
import XCTest

@testable import PickerKit

final class BatchPipelineTests: XCTestCase {
    /// A loader that delivers its pages, then fails when told to.
    private struct ScriptedLoader: FriendLoader {
        let pages: [[Friend]]
        let failure: SourceError?

        func load(_ deliver: (FriendPage) -> Void) throws(SourceError) {
            for (index, page) in pages.enumerated() {
                deliver(FriendPage(friends: page, totalCount: index == 0 ? 99 : nil))
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
