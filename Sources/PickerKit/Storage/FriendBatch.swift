import FoundationEssentials
import Glibc

/// Friends made ready to join a list: packed, their keys folded, their ids hashed, and sorted
/// among themselves. That is most of the work of adding friends, and none of it depends on the
/// list, so a loader does it on its own thread while the list takes in the batch before.
public struct FriendBatch: Hashable, Sendable {
    /// The number of friends in the batch.
    public var count: Int { packed.count }
    /// The order the batch is sorted in, which must be its list's.
    let sortOrder: NameOrder
    private(set) var packed = PackedFriends()
    private(set) var keys = NameKeys()
    /// The hash of each friend's id, in the form ``FriendList`` indexes it.
    private(set) var idHashes: [UInt32] = []
    /// The friends' indices in the order of their ids' hashes (ties in arrival order): the
    /// order in which looking them up visits the id index front to back.
    private(set) var byIDHash: [UInt32] = []
    /// The batch's friend numbers (0 up, in arrival order) in list order.
    private(set) var run = ListOrder.Run()
    /// The emails and friendship dates of the friends that have some.
    private(set) var details = ContactDetails()
    /// The batch's ids, when they are numbers, each above the one before.
    private(set) var ascendingIDs: AscendingIDs?
    /// How many entries of the source were skipped for having no name where this batch was read.
    public let skipped: Int
    /// About how many friends the source holds in all (see ``FriendPage/expectedCount``).
    let expectedCount: Int?

    /// Prepares `friends` for a list sorted by `sortOrder`, on every core; `skipped` entries of
    /// the source were left out for having no name.
    public init(_ friends: [Friend], sortOrder: NameOrder = .first, skipped: Int = 0, expectedCount: Int? = nil) {
        self.sortOrder = sortOrder
        self.skipped = skipped
        self.expectedCount = expectedCount
        let parts = Parallel.ranges(friends.count, minimum: 4096)
        let built = Parallel.map(parts.count) { part in
            var packed = PackedFriends()
            var keys = NameKeys()
            var hashes: [UInt32] = []
            hashes.reserveCapacity(parts[part].count)
            var details = ContactDetails()
            var folding = TextFolding()
            for (number, friend) in zip(parts[part], friends[parts[part]]) {
                packed.append(friend)
                keys.add(friend, sortOrder: sortOrder, folding: &folding)
                details.add(friend, number: number, folding: &folding)
                var id = Self.hashableID(friend.id)
                hashes.append(id.withUTF8 { IDIndex.hash($0) })
            }
            return (packed, keys, hashes, details, AscendingIDs.of(friends[parts[part]].lazy.map(\.id)))
        }
        for (index, (newPacked, newKeys, hashes, newDetails, ascending)) in built.enumerated() {
            details.append(contentsOf: newDetails, numberedFrom: 0)
            if index == 0 {
                (packed, keys, idHashes, ascendingIDs) = (newPacked, newKeys, hashes, ascending)
            } else {
                ascendingIDs = ascending.flatMap { ascendingIDs?.followed(by: $0) }
                packed.append(contentsOf: newPacked)
                keys.append(contentsOf: newKeys)
                idHashes += hashes
            }
        }
        run = ListOrder.sorted(0..<friends.count, of: keys.sort)
        byIDHash = idHashes.enumerated().map { UInt64($1) << 32 | UInt64($0) }.sorted().map {
            UInt32(truncatingIfNeeded: $0)
        }
    }

    /// The friends, in the order they arrived, unpacked as they are read (the batch keeps them
    /// packed only, so that a page on its way to the list holds no strings).
    public var friends: LazyMapCollection<Range<Int>, Friend> {
        (0..<count).lazy.map { [packed, keys, details] in
            FriendRecords.friend($0, packed: packed, keys: keys, details: details)
        }
    }

    /// Calls `body` with the UTF-8 bytes of the id of the batch's friend `number`.
    func withID<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        FriendRecords.withID(number, packed: packed, keys: keys, body)
    }

    /// Prepares the friends of `page` for a list sorted by `sortOrder`; the page is let go of.
    public init(_ page: consuming FriendPage, sortOrder: NameOrder) {
        let expected = page.expectedCount ?? page.totalCount
        self.init(page.friends, sortOrder: sortOrder, skipped: page.skipped, expectedCount: expected)
    }

    /// Batches are equal when they hold the same friends for the same order: the rest follows.
    public static func == (left: FriendBatch, right: FriendBatch) -> Bool {
        left.sortOrder == right.sortOrder && left.skipped == right.skipped && left.friends.elementsEqual(right.friends)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sortOrder)
        for friend in friends { hasher.combine(friend) }
    }

    /// `id` in the form its hash is taken of: ids equal as strings (canonically equivalent)
    /// have the same bytes.
    static func hashableID(_ id: String) -> String {
        id.utf8.allSatisfy { $0 < 0x80 } ? id : id.composed
    }

    /// The batch's run for a list that already holds `base` friend numbers: its friends
    /// numbered from `base`, without those whose id `isRepeated`.
    func run(from base: Int, leavingOut isRepeated: [Bool]) -> ListOrder.Run {
        var run = self.run
        run.keep { isRepeated[Int($0)] ? nil : $0 + UInt32(base) }
        return run
    }
}
