/// The sort keys that cannot be derived from their friends' accent keys, by friend number.
///
/// A friend's ``SortEntry`` is its section byte and name parts folded, then its id. For nearly
/// every friend the parts are the words of its name, and folding the whole name gives the
/// words that folding them one by one gives, so the key is derived from the accent key when it
/// is needed (``SortEntry/appendKey(derivedFrom:sortOrder:to:)``) and nothing is stored. The
/// others keep their key here: parts a service gave that are not the name's words (`王小明`
/// given as `王` and `小明`), or not in their order, and any name whose words folded one by one
/// are not the words of the name folded whole. Each friend's key is made from its name and
/// parts when its keys are, and compared with the derived one: only a key that differs is kept.
struct StoredSortKeys: Sendable {
    /// The friend number of each key, ascending.
    private(set) var numbers: [UInt32] = []
    /// The keys, in the order of `numbers`.
    private(set) var keys = ByteStore()
    /// A bit per friend number, set for the friends whose key is stored: what is checked
    /// before the numbers are searched.
    private var marked: [UInt64] = []

    /// The number of keys stored.
    var count: Int { numbers.count }

    /// Keeps `key` as the sort key of friend `number`, which is above every number kept.
    mutating func add(_ key: some Collection<UInt8>, number: Int) {
        numbers.append(UInt32(truncatingIfNeeded: number))
        keys.appendBytes(key)
        keys.closeString()
        mark(number)
    }

    private mutating func mark(_ number: Int) {
        let word = number >> 6
        if word >= marked.count { marked += repeatElement(0, count: word + 1 - marked.count) }
        marked[word] |= 1 << UInt64(number & 63)
    }

    /// Whether friend `number`'s key is stored.
    @inline(__always)
    func contains(_ number: Int) -> Bool {
        let word = number >> 6
        return word < marked.count && marked[word] & 1 << UInt64(number & 63) != 0
    }

    /// Appends the keys of `other`, their friend numbers counted from `base`, which is above
    /// every number kept.
    mutating func append(contentsOf other: StoredSortKeys, numberedFrom base: Int) {
        for number in other.numbers { mark(base + Int(number)) }
        numbers += other.numbers.lazy.map { $0 + UInt32(truncatingIfNeeded: base) }
        keys.append(contentsOf: other.keys)
    }

    /// The range in `keys.bytes` of friend `number`'s key, when it is stored.
    /// - Complexity: O(1) when it is not, O(log n) for n keys stored when it is.
    func range(of number: Int) -> Range<Int>? {
        guard contains(number) else { return nil }
        let target = UInt32(truncatingIfNeeded: number)
        let found = BinarySearch.firstIndex(in: numbers.indices) { numbers[$0] >= target }
        return found < numbers.count && numbers[found] == target ? keys.range(found) : nil
    }
}

extension StoredSortKeys {
    #if DEBUG
        /// Checks, in debug builds, that the numbers ascend below `friendCount`, one per key.
        func _checkInvariants(friendCount: Int) {
            keys._checkInvariants()
            precondition(keys.count == numbers.count, "a key per number")
            for index in numbers.indices.dropFirst() { precondition(numbers[index - 1] < numbers[index], "ascending") }
            precondition(numbers.last.map { Int($0) < friendCount } ?? true, "numbers of friends")
            let markedCount = marked.reduce(0) { $0 + $1.nonzeroBitCount }
            precondition(markedCount == count && numbers.allSatisfy { contains(Int($0)) }, "the stored marked")
        }
    #else
        @inline(__always) func _checkInvariants(friendCount: Int) {}
    #endif
}
