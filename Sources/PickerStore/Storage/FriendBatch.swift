import FoundationEssentials
import Glibc

/// Friends made ready to join a list: packed, their keys folded, their ids hashed, and sorted
/// among themselves. That is most of the work of adding friends, and none of it depends on the
/// list, so a loader does it on its own thread while the list takes in the batch before.
package struct FriendBatch: Hashable, Sendable {
    /// The number of friends in the batch.
    package var count: Int { packed.count }
    /// The order the batch is sorted in, which must be its list's.
    let sortOrder: NameOrder
    /// The fields of each name its keys were made of (`--nth`, `--with-nth`), which must be
    /// its list's; nil for the whole name.
    let fields: NameFields?
    private(set) var packed = PackedFriends()
    private(set) var keys = NameKeys()
    /// The hash of each friend's id, in the form ``FriendList`` indexes it.
    private(set) var idHashes: [UInt32] = []
    /// The friends' indices in the order of their ids' hashes (ties in arrival order): the
    /// order in which looking them up visits the id index front to back. Nil while the ids
    /// ascend, when a list may not need to look them up (see ``hashOrder(_:)``).
    private(set) var byIDHash: [UInt32]?
    /// Each friend's sort key (``SortEntry``), which the batch is sorted by and merged into a
    /// list's order by; a list does not keep them.
    private(set) var entries = ByteStore()
    /// The batch's friend numbers (0 up, in arrival order) in list order.
    private(set) var run = ListOrder.Run()
    /// The emails and friendship dates of the friends that have some.
    private(set) var details = ContactDetails()
    /// The batch's ids, when they are numbers, each above the one before.
    private(set) var ascendingIDs: AscendingIDs?
    /// How many entries of the source were skipped (see ``FriendPage/skipped``) where this batch
    /// was read.
    package private(set) var skipped: Int
    /// The first of them, with why.
    package internal(set) var firstSkipped: SkippedEntry?
    /// The encoding text that was not UTF-8 was taken for (see ``FriendPage/assumedEncoding``).
    package internal(set) var assumedEncoding: String?
    /// About how many friends the source holds in all (see ``FriendPage/estimatedCount``).
    private(set) var estimatedCount: Int?
    /// What the source passed over where this batch was read (see ``FriendPage/problems``).
    package var problems: [SourceError] = []
    /// Friends of batches before with more details than they had (see ``FriendPage/amended``).
    package var amended: [Friend] = []
    /// Ids of contacts made one with friends before, and those friends' (see ``FriendPage/mergedIDs``).
    package var mergedIDs: [String: String] = [:]

    /// Prepares `friends` for a list sorted by `sortOrder`, on `cores` cores (every core by
    /// default), searched in the `fields` of their names (all of each name when nil); `skipped`
    /// entries of the source were left out for having no name.
    package init(
        _ friends: [Friend], sortOrder: NameOrder = .first, fields: NameFields? = nil, skipped: Int = 0,
        estimatedCount: Int? = nil, cores: Int? = nil
    ) {
        self = friends.withUnsafeBufferPointer { friends in
            Self(
                of: friends, sortOrder: sortOrder, fields: fields, skipped: skipped, estimatedCount: estimatedCount,
                cores: cores)
        }
    }

    /// Prepares `friends`, kept as their strings' bytes, as ``init(_:sortOrder:skipped:estimatedCount:cores:)``
    /// prepares friends.
    init(
        _ friends: FriendTexts, sortOrder: NameOrder, fields: NameFields?, skipped: Int, estimatedCount: Int?,
        cores: Int?
    ) {
        self.init(
            of: friends, sortOrder: sortOrder, fields: fields, skipped: skipped, estimatedCount: estimatedCount,
            cores: cores)
    }

    private init(
        of friends: some BatchFriends, sortOrder: NameOrder, fields: NameFields?, skipped: Int, estimatedCount: Int?,
        cores: Int?
    ) {
        self.sortOrder = sortOrder
        let searchedFields = fields.flatMap { $0.searchesWholeName ? nil : $0 }
        self.fields = searchedFields
        self.skipped = skipped
        self.estimatedCount = estimatedCount
        // A part per core, each sorted as it is made; the parts' runs are merged after.
        let parts = Parallel.ranges(friends.count, parts: cores, minimum: 4096)
        let shared = UncheckedSendable(friends)
        let built = Parallel.map(parts.count) { part in
            TextFolding.withPooled { folding in
                Self.built(shared.value, parts[part], sortOrder: sortOrder, fields: searchedFields, folding: &folding)
            }
        }
        for (index, (newPacked, newKeys, newEntries, hashes, newDetails, ascending, newRun)) in built.enumerated() {
            details.append(contentsOf: newDetails, numberedFrom: 0)
            if index == 0 {
                (packed, keys, entries, idHashes, ascendingIDs, run) = (
                    newPacked, newKeys, newEntries, hashes, ascending, newRun
                )
            } else {
                ascendingIDs = ascending.flatMap { ascendingIDs?.followed(by: $0) }
                let base = UInt32(packed.count)
                packed.append(contentsOf: newPacked)
                keys.append(contentsOf: newKeys)
                entries.append(contentsOf: newEntries)
                idHashes += hashes
                var partRun = newRun
                partRun.keep { $0 + base }
                let entries = entries
                ListOrder.merge(into: &run, partRun) { ListOrder.precedes($0, $1, in: entries) }
            }
        }
        byIDHash = ascendingIDs == nil ? Self.hashOrder(idHashes) : nil
    }

    /// What a batch holds for `friends[numbers]`, sorted among themselves, folded with `folding`.
    private static func built(
        _ friends: some BatchFriends, _ numbers: Range<Int>, sortOrder: NameOrder, fields: NameFields?,
        folding: inout TextFolding
    ) -> (PackedFriends, NameKeys, ByteStore, [UInt32], ContactDetails, AscendingIDs?, ListOrder.Run) {
        var packed = PackedFriends()
        var keys = NameKeys()
        var entries = ByteStore()
        var hashes: [UInt32] = []
        hashes.reserveCapacity(numbers.count)
        var details = ContactDetails()
        var ascending = AscendingIDs.Tracker()
        // Told once: an optional tested in the loop was copied and let go of for each friend.
        let searchesWholeName = fields == nil
        let searchedFields = fields ?? NameFields()
        for number in numbers {
            friends.withText(number) { friend in
                ascending.add(packed.append(friend))
                hashes.append(Self.idHash(friend.id))
                guard !searchesWholeName else {
                    keys.add(friend, sortOrder: sortOrder, folding: &folding, entries: &entries)
                    return
                }
                // The keys are made of the fields searched, the name kept whole.
                searchedFields.searchedText(friend.name).withUnsafeBufferPointer { searched in
                    var fielded = friend
                    fielded.name = searched
                    keys.add(fielded, sortOrder: sortOrder, folding: &folding, entries: &entries)
                }
            }
            let detailMask = friends.addDetails(of: number, to: &details, folding: &folding)
            if detailMask != 0 { keys.widenLastMask(by: detailMask) }
        }
        let run = ListOrder.sorted(0..<entries.count, of: entries)
        return (packed, keys, entries, hashes, details, ascending.ids, run)
    }

    /// Friend indices in the order of their ids' `hashes`, ties in arrival order.
    static func hashOrder(_ hashes: [UInt32]) -> [UInt32] {
        RadixSort.order(of: hashes)
    }

    /// The friends, in the order they arrived, unpacked as they are read (the batch keeps them
    /// packed only, so that a page on its way to the list holds no strings).
    package var friends: LazyMapCollection<Range<Int>, Friend> {
        (0..<count).lazy.map { [packed, details] in details.filling(packed.friend($0), number: $0) }
    }

    /// Calls `body` with the UTF-8 bytes of the id of the batch's friend `number`.
    package func withID<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        packed.withID(number, body)
    }

    /// Prepares the friends of `page` for a list sorted by `sortOrder`, searched in `fields`,
    /// on `cores` cores (every core by default); the page is let go of.
    package init(_ page: consuming FriendPage, sortOrder: NameOrder, fields: NameFields? = nil, cores: Int? = nil) {
        let expected = page.estimatedCount ?? page.announcedTotal
        let problems = page.problems
        let amended = page.amended
        let mergedIDs = page.mergedIDs
        switch page.content {
        case .friends(let friends):
            self.init(
                friends, sortOrder: sortOrder, fields: fields, skipped: page.skipped, estimatedCount: expected,
                cores: cores)
        case .texts(let texts):
            self.init(
                texts, sortOrder: sortOrder, fields: fields, skipped: page.skipped, estimatedCount: expected,
                cores: cores)
        }
        self.problems = problems
        self.amended = amended
        self.mergedIDs = mergedIDs
        firstSkipped = page.firstSkipped
        assumedEncoding = page.assumedEncoding
    }

    /// Batches are equal when they hold the same friends for the same order: the rest follows.
    package static func == (left: FriendBatch, right: FriendBatch) -> Bool {
        left.sortOrder == right.sortOrder && left.fields == right.fields && left.skipped == right.skipped
            && left.problems == right.problems
            && left.amended == right.amended && left.mergedIDs == right.mergedIDs
            && left.friends.elementsEqual(right.friends)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(sortOrder)
        for friend in friends { hasher.combine(friend) }
    }

    /// The hash of the id whose UTF-8 is `id` in the form ``FriendList`` indexes it.
    static func idHash(_ id: UnsafeBufferPointer<UInt8>) -> UInt32 { UInt32(truncatingIfNeeded: wideIDHash(id)) }

    /// ``idHash(_:)`` in 64 bits, of which it is the low half.
    static func wideIDHash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard !UTF8Text.isASCII(id) else { return IDIndex.wideHash(id) }
        return hashableID(String(decoding: id, as: UTF8.self)).withUTF8Bytes { IDIndex.wideHash($0) }
    }

    /// `id` in the form its hash is taken of: ids equal as strings (canonically equivalent)
    /// have the same bytes.
    static func hashableID(_ id: String) -> String {
        id.withUTF8Bytes(UTF8Text.isASCII) ? id : id.composed
    }

    /// The batch's run for a list that already holds `base` friend numbers: its friends
    /// numbered from `base`, without those whose id `isRepeated`.
    func run(from base: Int, leavingOut isRepeated: [Bool]) -> ListOrder.Run {
        var run = self.run
        run.keep { isRepeated[Int($0)] ? nil : $0 + UInt32(base) }
        return run
    }
}

extension FriendBatch {
    /// The most friends batches are joined up to: enough that a list takes in a few large
    /// batches rather than many small ones while it is behind (each batch taken in moves the
    /// list's order above its friends, so that at a million friends a join costs a tenth of
    /// what taking the batch in alone would), few enough that a batch on its way holds a few
    /// megabytes and is taken in within a frame or two.
    package static let joinedSize = 65_536

    /// Takes in the friends of `next` after its own, as if their pages had come as one: its
    /// friends numbered on from this batch's, the orders merged.
    /// - Returns: false, the batch left as it was, when the two together would be above
    ///   ``joinedSize``, or are for lists sorted differently.
    /// - Complexity: O(m + n) for batches of m and n friends.
    package mutating func join(_ next: FriendBatch) -> Bool {
        guard sortOrder == next.sortOrder, fields == next.fields, count + next.count <= Self.joinedSize else {
            return false
        }
        append(next)
        return true
    }

    private mutating func append(_ next: FriendBatch) {
        let base = count
        packed.append(contentsOf: next.packed)
        keys.append(contentsOf: next.keys)
        entries.append(contentsOf: next.entries)
        details.append(contentsOf: next.details, numberedFrom: base)
        ascendingIDs = next.ascendingIDs.flatMap { ascendingIDs?.followed(by: $0) }
        skipped += next.skipped
        problems += next.problems
        amended += next.amended
        mergedIDs.merge(next.mergedIDs) { first, _ in first }
        firstSkipped = firstSkipped ?? next.firstSkipped
        assumedEncoding = assumedEncoding ?? next.assumedEncoding
        estimatedCount = next.estimatedCount ?? estimatedCount
        let entries = entries
        var nextRun = next.run
        nextRun.keep { $0 + UInt32(base) }
        ListOrder.merge(into: &run, nextRun) { ListOrder.precedes($0, $1, in: entries) }
        if let first = byIDHash, let second = next.byIDHash {
            byIDHash = Self.mergedByHash(first, idHashes, second.map { $0 + UInt32(base) }, next.idHashes, base)
        } else {
            byIDHash = ascendingIDs == nil ? Self.hashOrder(idHashes + next.idHashes) : nil
        }
        idHashes += next.idHashes
    }

    /// Two orders of friend indices by id hash (ties by index) merged into one: `first` of
    /// hashes `firstHashes`, `second` of hashes `secondHashes` at indices from `base` up.
    private static func mergedByHash(
        _ first: [UInt32], _ firstHashes: [UInt32], _ second: [UInt32], _ secondHashes: [UInt32], _ base: Int
    ) -> [UInt32] {
        var merged: [UInt32] = []
        merged.reserveCapacity(first.count + second.count)
        var (left, right) = (0, 0)
        while left < first.count, right < second.count {
            // Equal hashes keep the first batch's friends first: they arrived first.
            if firstHashes[Int(first[left])] <= secondHashes[Int(second[right]) - base] {
                merged.append(first[left])
                left += 1
            } else {
                merged.append(second[right])
                right += 1
            }
        }
        merged += first[left...]
        merged += second[right...]
        return merged
    }
}

/// The friends a batch is made of, each lent as its strings: a page of ``Friend``s, or of
/// their bytes only (``FriendTexts``).
protocol BatchFriends {
    var count: Int { get }
    /// Calls `body` with the strings of friend `index`.
    func withText<Result>(_ index: Int, _ body: (FriendText) -> Result) -> Result
    /// Keeps the details of friend `index` (emails, friendship date, card), if it has any;
    /// returns the mask of what a search may find in them (see ``ContactDetails/add(_:number:folding:)``).
    func addDetails(of index: Int, to details: inout ContactDetails, folding: inout TextFolding) -> UInt32
}

extension UnsafeBufferPointer<Friend>: BatchFriends {
    func withText<Result>(_ index: Int, _ body: (FriendText) -> Result) -> Result {
        self[index].withText(body)
    }

    func addDetails(of index: Int, to details: inout ContactDetails, folding: inout TextFolding) -> UInt32 {
        details.add(self[index], number: index, folding: &folding)
    }
}

extension FriendTexts: BatchFriends {
    /// A page kept as bytes has no details: the readers that keep one give none.
    func addDetails(of index: Int, to details: inout ContactDetails, folding: inout TextFolding) -> UInt32 { 0 }
}
