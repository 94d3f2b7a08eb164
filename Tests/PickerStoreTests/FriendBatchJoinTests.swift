import PickerTestSupport
import XCTest

@testable import PickerStore

/// Batches joined while a list is behind: a joined batch is the batch of both pages at once,
/// and a list takes it in as it takes the two.
final class FriendBatchJoinTests: XCTestCase {
    private let names = ["Ann Lee", "ann lee", "Zoë Adair", "王小明", "Bob", "Émile Zola", "Ann  Lee", "Łukasz"]

    private func friends(_ range: Range<Int>, _ random: inout SplitMix64) -> [Friend] {
        range.map { index in
            // Some ids repeat, within a page and across pages.
            let id = random.next() % 5 == 0 ? "r\(random.next() % 20)" : "\(index)"
            let name = names[Int(random.next() % UInt64(names.count))]
            return random.next() % 3 == 0
                ? Friend(id: id, name: name, firstName: "小明", lastName: "王") : Friend(id: id, name: name)
        }
    }

    func testAJoinedBatchIsTheBatchOfBothPagesAndAListTakesItAsBoth() {
        var random = SplitMix64(seed: 41)
        for round in 0..<40 {
            let sortOrder: NameOrder = round % 2 == 0 ? .first : .last
            let first = friends(0..<Int(random.next() % 300), &random)
            let second = friends(first.count..<(first.count + Int(random.next() % 300)), &random)
            let firstBatch = FriendBatch(first, sortOrder: sortOrder, skipped: 1, estimatedCount: 900)
            let secondBatch = FriendBatch(second, sortOrder: sortOrder, skipped: 2, estimatedCount: 1000)
            var joined = firstBatch
            XCTAssertTrue(joined.join(secondBatch), "small batches join")
            let whole = FriendBatch(first + second, sortOrder: sortOrder, skipped: 3, estimatedCount: 1000)
            XCTAssertEqual(joined, whole, "round \(round)")
            XCTAssertEqual(joined.run.numbers, whole.run.numbers, "round \(round): the order")
            XCTAssertEqual(joined.byIDHash, whole.byIDHash, "round \(round): the order of the ids' hashes")
            XCTAssertEqual(joined.estimatedCount, 1000)

            var base = FriendList(friends(5000..<5100, &random), sortOrder: sortOrder)
            var apart = base
            XCTAssertEqual(base.append(joined), apart.append(firstBatch) + apart.append(secondBatch), "dropped")
            base._checkInvariants()
            XCTAssertEqual(base, apart, "round \(round)")
            XCTAssertEqual(base.skipped, apart.skipped)
        }
    }

    func testAJoinedBatchKeepsTheAmendmentsOfBoth() {
        let first = FriendPage(friends: [Friend(id: "1:a", name: "Ann Lee", emails: ["ann@x.org"])])
        var second = FriendPage(friends: [Friend(id: "2:b", name: "Bob")])
        second.amended = [Friend(id: "1:a", name: "Ann Lee", emails: ["ann@x.org", "ann@y.org"])]
        var joined = FriendBatch(first, sortOrder: .first)
        XCTAssertTrue(joined.join(FriendBatch(second, sortOrder: .first)))
        var list = FriendList()
        list.append(joined)
        list._checkInvariants()
        XCTAssertEqual(list.friends.map(\.emails), [["ann@x.org", "ann@y.org"], []], "amended after both are in")
    }

    func testBatchesAreNotJoinedPastTheSizeOrAcrossOrders() {
        let page = (0..<(FriendBatch.joinedSize / 2 + 1)).map { Friend(id: "\($0)", name: "Ann \($0)") }
        var half = FriendBatch(page)
        XCTAssertFalse(half.join(half), "past the size")
        XCTAssertEqual(half.count, page.count, "left as it was")
        var small = FriendBatch([Friend(id: "1", name: "Ann")])
        XCTAssertFalse(small.join(FriendBatch([Friend(id: "2", name: "Bob")], sortOrder: .last)))
        XCTAssertTrue(small.join(FriendBatch([Friend(id: "2", name: "Bob")])))
        XCTAssertEqual(small.count, 2)
    }
}
