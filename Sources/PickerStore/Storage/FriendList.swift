import FoundationEssentials
import Glibc

/// The friends of a session, sorted and sectioned, with their search keys.
///
/// Friends are sorted by first name (first, middle, last) or by last name (last, first, middle),
/// ignoring case and accents, people of the same name in the order they arrived in, so the
/// order is total. Sections are `A`–`Z` on the first letter of that sort key, then the index
/// letters of other scripts (Greek, Cyrillic, Hebrew, Arabic, the scripts of India, Thai, kana
/// rows, Hangul initials), then `#` for keys that start with none of them; a name in `#` whose card
/// gives its reading (``ContactCard/reading``) is sorted by the reading instead. A list made
/// with an input order (`--no-sort`) keeps the order friends arrived in instead, or its
/// reverse, and has no sections.
/// Ids are unique: a repeated id keeps the friend seen first.
///
/// Friends are kept packed in the order they arrived, each with its keys folded once; the list
/// order is a permutation of those friend numbers, which ``append(_:)`` merges new friends into.
///
/// ## How one friend is laid out
///
/// A friend is a number (the order it arrived in, from 0) in every store but the list order,
/// which maps positions to numbers. Say `Ada Lovelace`, id `42`, given as first name `Ada` and
/// last name `Lovelace`, arrived eighth (number 7) and sorts first (position 0):
///
///     number 7 ─┬─ PackedFriends      record at starts[7]: [id: the number 42] [name length
///               │                     12] "Ada Lovelace" [first: in the name at 0, 3 bytes]
///               │                     [middle: absent] [last: in the name at 4, 8 bytes]
///               ├─ NameKeys.accent    ByteStore string 7: "ada lovelace" (case and accents
///               │                     folded: what a term without accents is looked for in)
///               ├─ NameKeys.caseOnly  nothing: her name folded for case only is her accent
///               │                     key, as every ASCII name's is (SparseKeys: a bit per
///               │                     friend says who has one)
///               ├─ NameKeys.storedSortKeys nothing: her sort key (SortEntry: section "a", the
///               │                     parts "ada" 01 "" 01 "lovelace") is derived from her
///               │                     accent key when it is needed; a key is kept only where
///               │                     it cannot be (王小明 given as 王 and 小明), in SparseKeys
///               ├─ NameKeys.masks[7]  a bit for each of a, c, d, e, l, o, v and one for space
///               ├─ NameKeys.initials  [7]: bits for a and l (the letters that start a word)
///               │                     and "starts with a", which rank a one-letter term
///               ├─ NameKeys.pairs[7]  a bit for each pair of neighbouring bytes, "ad", "da",
///               │                     "a ", " l", "lo"…, hashed into 32 (BytePairs)
///               ├─ NameKeys.partStarts nothing: her parts start where her words do (王小明,
///               │                     given as 王 and 小明, would keep the start of 小明)
///               ├─ IDIndex            a slot near hash("42") scaled to the table: 7 + 1 and
///               │                     the low 16 bits of hash("42"); none while every id is
///               │                     a number above the one before (text: line numbers),
///               │                     found then by binary search of the friend numbers
///               └─ ContactDetails     entry 7, only when she has emails or a friendship date
///                                     (address books, the Facebook export): the emails, as
///                                     given and folded for the search (each ended by a
///                                     newline), and the date; none for a Graph or text friend
///     position 0 ─ ListOrder.Run      numbers[0] = 7, prefixes[0] = sort key 7's name in
///                                     5-bit codes, "ada" 01 01 "lovelace" whole (most
///                                     comparisons stop there, and the sections are found
///                                     from them)
///     a search ─── Positions          the positions it shows, ascending, or everyone as a count;
///                                     ranked, a SearchResult holds them best first as well
///     a section ── Section            `A`: positions 0..<n, found by binary search of the
///                                     section bytes in list order
///
/// The id and name are read back from the record, the emails and the date from the details: a
/// friend is turned back into a ``Friend`` only when it is shown or printed.
public struct FriendList: Sendable {
    /// The friends, in the order they arrived.
    package private(set) var packed = PackedFriends()
    /// The emails and friendship dates of the friends that have some, by friend number.
    private(set) var details = ContactDetails()
    /// Their search and sort keys, in the order they arrived.
    private(set) var keys = NameKeys()
    /// The friend numbers by id, once the ids are not ascending numbers.
    private(set) var ids = IDIndex()
    /// While every id is a number above the one before (see ``AscendingIDs``), the last;
    /// nil before the first friend. Until then the id index stays empty.
    private(set) var lastAscendingID: UInt64?
    /// Whether the ids are indexed, not ascending.
    private(set) var indexesIDs = false
    /// Friend numbers (the order friends arrived) in list order, with their sort prefixes.
    private(set) var run = ListOrder.Run()
    /// Friend numbers (the order friends arrived) in list order.
    package var order: [UInt32] { run.numbers }
    /// The non-empty sections, in list order.
    package private(set) var sections: [Section] = []
    /// Which part of the name the list is sorted and sectioned by.
    public let sortOrder: NameOrder
    /// The order the friends are kept in when they are not sorted (`--no-sort`); nil when they
    /// are.
    package let inputOrder: InputOrder?
    /// The fields of each name that are searched (`--nth`, `--with-nth`); nil for the whole
    /// name.
    package let fields: NameFields?
    /// How many entries of the source were skipped (see ``FriendPage/skipped``).
    package private(set) var skipped = 0
    /// The first of them, with why.
    package private(set) var firstSkipped: SkippedEntry?
    /// The encoding text that was not UTF-8 was taken for (see ``FriendPage/assumedEncoding``).
    package private(set) var assumedEncoding: String?
    /// What the source passed over, in the order it was read (see ``FriendPage/problems``).
    package private(set) var problems: [SourceError] = []
    /// The ids of contacts made one with a friend of the list, and that friend's (see
    /// ``FriendPage/mergedIDs``).
    package private(set) var mergedIDs: [String: String] = [:]

    /// An empty list, sorted by `sortOrder` as friends are added.
    public init(sortOrder: NameOrder = .first) {
        self.init(sortOrder: sortOrder, inputOrder: nil)
    }

    /// An empty list, sorted by `sortOrder` as friends are added, or, given an `inputOrder`,
    /// kept in that order without sections; searched in the `fields` of each name.
    package init(sortOrder: NameOrder = .first, inputOrder: InputOrder?, fields: NameFields? = nil) {
        self.sortOrder = sortOrder
        self.inputOrder = inputOrder
        self.fields = fields.flatMap { $0.searchesWholeName ? nil : $0 }
    }

    /// A list of `friends`; see ``append(_:)`` for repeated ids.
    public init(_ friends: [Friend], sortOrder: NameOrder = .first) {
        self.init(friends, sortOrder: sortOrder, inputOrder: nil)
    }

    /// A list of `friends`, sorted by `sortOrder` or kept in `inputOrder`; see ``append(_:)``
    /// for repeated ids.
    package init(
        _ friends: [Friend], sortOrder: NameOrder = .first, inputOrder: InputOrder?, fields: NameFields? = nil
    ) {
        self.init(sortOrder: sortOrder, inputOrder: inputOrder, fields: fields)
        append(friends)
    }

    /// The friends in list order.
    public var friends: Friends { Friends(list: self) }

    /// The number of friends.
    public var count: Int { order.count }

    /// The position of the friend with `id` in list order, if the list holds one.
    /// - Complexity: O(log n).
    public func position(ofID id: String) -> Int? {
        guard let number = number(ofID: id) else { return nil }
        return position(ofNumber: number)
    }

    /// The id the list holds the friend of `id` under: the friend's a contact of that id was
    /// made one with, else `id` itself.
    package func keptID(_ id: String) -> String { mergedIDs[id] ?? id }

    /// Adds `newFriends`, merging them into the list order; friends whose id is already in the
    /// list, or earlier in `newFriends`, are dropped.
    /// - Returns: how many were dropped.
    /// - Complexity: O(m log m + n) for m new friends in a list of n: the new friends are folded
    ///   and sorted (on every core), then merged.
    @discardableResult
    public mutating func append(_ newFriends: [Friend]) -> Int {
        append(FriendBatch(newFriends, sortOrder: sortOrder, fields: fields))
    }

    /// Adds the friends of `batch`, as ``append(_:)-([Friend])`` adds friends: only their ids
    /// are looked up and their order merged into the list's here, the rest was done when the
    /// batch was made. (A friend left out for its id keeps its number and keys, but no place in
    /// the list order, so nothing finds it.)
    /// - Returns: how many were dropped for an id seen before.
    /// - Complexity: O(m + n) for m new friends in a list of n.
    @discardableResult
    package mutating func append(_ batch: FriendBatch) -> Int {
        guard batch.sortOrder == sortOrder || inputOrder != nil, batch.fields == fields else {
            var sorted = FriendBatch(Array(batch.friends), sortOrder: sortOrder, fields: fields, skipped: batch.skipped)
            sorted.problems = batch.problems
            sorted.amended = batch.amended
            sorted.mergedIDs = batch.mergedIDs
            sorted.firstSkipped = batch.firstSkipped
            sorted.assumedEncoding = batch.assumedEncoding
            return append(sorted)
        }
        let base = packed.count
        let isRepeated = registerIDs(batch)
        details.append(contentsOf: batch.details, numberedFrom: base)
        skipped += batch.skipped
        problems += batch.problems
        firstSkipped = firstSkipped ?? batch.firstSkipped
        assumedEncoding = assumedEncoding ?? batch.assumedEncoding
        if packed.count == 0 {
            packed = batch.packed
            keys = batch.keys
        } else {
            packed.append(contentsOf: batch.packed)
            keys.append(contentsOf: batch.keys)
        }
        if let inputOrder {
            let added = isRepeated.indices.lazy.filter { !isRepeated[$0] }.map { UInt32(base + $0) }
            switch inputOrder {
            case .asRead: run.numbers += added
            case .reversed: run.numbers.insert(contentsOf: added.reversed(), at: 0)
            }
        } else {
            let comparison = entryComparison
            batch.entries.bytes.withUnsafeBufferPointer { entries in
                ListOrder.merge(into: &run, batch.run(from: base, leavingOut: isRepeated)) { new, old in
                    let index = Int(new) - base
                    return comparison.precedes(
                        new, key: UnsafeBufferPointer(rebasing: entries[batch.entries.range(index)]), old)
                }
            }
            sections = findSections()
        }
        if !batch.amended.isEmpty { amend(batch.amended) }
        mergedIDs.merge(batch.mergedIDs) { first, _ in first }
        if let expected = batch.estimatedCount { reserve(expected) }
        return isRepeated.lazy.filter { $0 }.count
    }

    /// Takes in the details of `friends`, each already in the list under its id, in place of
    /// those it holds (see ``FriendPage/amended``): its emails, card and sources; its name,
    /// keys and place stay. A friend whose id the list does not hold is passed over.
    /// - Complexity: O(k log n) for k friends in a list of n.
    private mutating func amend(_ friends: [Friend]) {
        TextFolding.withPooled { folding in
            for friend in friends {
                guard let number = number(ofID: friend.id) else { continue }
                let mask = details.add(friend, number: number, folding: &folding)
                keys.widenMask(of: number, by: mask)
            }
        }
    }

    /// Makes room in every store for about `expected` friends in all, as the source expects,
    /// so that they take the friends to come without growing: a store that grows is copied,
    /// and for a moment held twice. Room beyond what friends fill costs address space, not
    /// memory; at most ``GrowthPlan/largestReach`` times the friends stored is believed.
    private mutating func reserve(_ expected: Int) {
        let total = min(expected, packed.count * GrowthPlan.largestReach)
        guard total > packed.count else { return }
        packed.reserve(total)
        keys.reserve(total)
        run.reserve(total)
        reserveIDs(total)
    }

    /// Makes room in the id index for `total` friends, once it is used.
    private mutating func reserveIDs(_ total: Int) {
        guard indexesIDs else { return }
        let packed = packed
        ids.reserve(total) { number in Self.idHash(number, packed: packed) }
    }

    /// The hash friend `number`'s id is indexed by.
    static func idHash(_ number: Int, packed: PackedFriends) -> UInt32 {
        packed.withID(number) { FriendBatch.idHash($0) }
    }

    /// Adds the ids of `batch`'s friends to the index, numbering them from the friends stored.
    /// - Returns: for each friend of the batch, whether its id was seen before.
    private mutating func registerIDs(_ batch: FriendBatch) -> [Bool] {
        let base = packed.count
        guard batch.count > 0 else { return [] }
        let startsIndexing = !indexesIDs
        if startsIndexing {
            if let ascending = batch.ascendingIDs, lastAscendingID.map({ $0 < ascending.first }) ?? true {
                // Above every id before: none is repeated, and none needs indexing.
                lastAscendingID = ascending.last
                return [Bool](repeating: false, count: batch.count)
            }
            indexesIDs = true
        }
        reserveIDs(base + batch.count)
        if startsIndexing {
            // The first id that is not ascending: every friend stored so far is indexed.
            for number in 0..<base { ids.insert(number, hash: Self.idHash(number, packed: packed)) }
        }
        var isRepeated = [Bool](repeating: false, count: batch.count)
        for index in (batch.byIDHash ?? FriendBatch.hashOrder(batch.idHashes)).lazy.map({ Int($0) }) {
            let hash = batch.idHashes[index]
            // The ids themselves are read only when a stored id has the same hash.
            let found = ids.find(hash: hash) { number in
                batch.withID(index) { id in
                    number < base
                        ? withID(number) { IDIndex.sameID($0, id) }
                        : batch.withID(number - base) { IDIndex.sameID($0, id) }
                }
            }
            if found == nil {
                ids.insert(base + index, hash: hash)
            } else {
                isRepeated[index] = true
            }
        }
        return isRepeated
    }

    private func number(ofID id: String) -> Int? {
        guard indexesIDs else {
            var id = id
            return id.withUTF8 { id in
                guard let value = AscendingIDs.value(id) else { return nil }
                let found = BinarySearch.firstIndex(in: 0..<packed.count) { ascendingID($0) >= value }
                return found < packed.count && ascendingID(found) == value ? found : nil
            }
        }
        var hashable = FriendBatch.hashableID(id)
        return hashable.withUTF8 { bytes in
            ids.find(hash: IDIndex.hash(bytes)) { number in withID(number) { IDIndex.sameID($0, bytes) } }
        }
    }

    /// The number friend `number`'s id spells, while the ids are ascending numbers.
    func ascendingID(_ number: Int) -> UInt64 {
        withID(number) { AscendingIDs.value($0) } ?? 0
    }

    /// The position in list order of friend `number`.
    func position(ofNumber number: Int) -> Int? {
        let target = UInt32(truncatingIfNeeded: number)
        if let inputOrder {
            // The numbers ascend in the order read, and descend reversed.
            let found = BinarySearch.firstIndex(in: order.indices) { position in
                inputOrder == .asRead ? order[position] >= target : order[position] <= target
            }
            return found < order.count && order[found] == target ? found : nil
        }
        let comparison = entryComparison
        let targetPrefix = comparison.key(target).withUnsafeBufferPointer { ListOrder.Prefix($0, $0.indices) }
        let found = BinarySearch.firstIndex(in: order.indices) { position in
            let number = order[position]
            return
                !(ListOrder.precedes(run.prefixes[position], number, targetPrefix, target)
                ?? comparison.precedes(number, target))
        }
        return found < order.count && order[found] == target ? found : nil
    }

    /// What compares the list's friends by their sort keys, derived as they are needed.
    var entryComparison: EntryComparison {
        EntryComparison(keys: keys, sortOrder: sortOrder)
    }

    /// Calls `body` with the UTF-8 bytes of friend `number`'s id.
    package func withID<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        packed.withID(number, body)
    }

    /// Friend `number`, unpacked.
    func friend(number: Int) -> Friend {
        details.filling(packed.friend(number), number: number)
    }

    /// The sections of the list order: runs of friends whose sort key starts with the same
    /// section byte (and script's code), found by binary search of the prefixes, which start
    /// with them.
    /// - Complexity: O(sections × log n).
    private func findSections() -> [Section] {
        let prefixes = run.prefixes
        var sections: [Section] = []
        var start = 0
        while start < prefixes.count {
            let section = prefixes[start].section
            let end = BinarySearch.firstIndex(in: (start + 1)..<prefixes.count) { prefixes[$0].section > section }
            sections.append(Section(letter: Section.letter(forSection: section), range: start..<end))
            start = end
        }
        return sections
    }
}

extension FriendList {
    /// The friends of a list in list order, read from its packed store as they are asked for.
    public struct Friends: RandomAccessCollection, Sendable {
        fileprivate let list: FriendList

        public typealias Indices = Range<Int>
        public var startIndex: Int { 0 }
        public var endIndex: Int { list.order.count }

        /// The friend at list position `position`.
        /// - Complexity: O(length of the friend's strings).
        public subscript(position: Int) -> Friend { list.friend(number: Int(list.order[position])) }
    }
}
