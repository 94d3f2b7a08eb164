/// Every friend a ``FilterCandidates`` was given, in the order they came: its id, and where it
/// went (left out, kept apart as a name, or handed on to the list), so that once the source is
/// read the friends whose id a friend before them gave are found as a list of everyone finds
/// them.
struct SeenFriends {
    /// Where a friend went.
    enum Place: UInt8 {
        /// Left out: the query does not include it.
        case left
        /// Kept apart, as a line of the names (``KeptNames``).
        case line
        /// Handed on, on a page, to the list.
        case listed
    }

    /// The friends' ids: while each is a number above the one before (as a service's often
    /// are), none repeats, and none is looked for.
    private(set) var ids = SeenIDs()
    /// Where each friend went, in the order they came.
    private(set) var places: [Place] = []

    /// How many friends there were.
    var count: Int { places.count }

    /// Notes the next friend, of `id`, gone to `place`.
    mutating func note(_ id: UnsafeBufferPointer<UInt8>, _ place: Place) {
        ids.append(id)
        places.append(place)
    }

    /// Makes room for `total` friends in all.
    mutating func reserve(_ total: Int) {
        ids.reserve(total)
        GrowthPlan.reserve(&places, total)
    }

    /// The numbers (from 1) of the friends handed on to the list, in the order they came: the
    /// number of the list's friend `n` (in the order it took them in) is the `n`th.
    func listedNumbers() -> [UInt32] {
        var numbers: [UInt32] = []
        for index in places.indices where places[index] == .listed { numbers.append(UInt32(index + 1)) }
        return numbers
    }

    /// Calls `body` with each friend whose id a friend before it gave, and the first that gave
    /// it (their indices, in the order friends came): the friends in the order of the first 32
    /// bits of their ids' hashes (``SeenIDs/hash(_:)``, by a radix sort, which keeps the order
    /// they came in), each run of equal bits (rarely of more than one friend) by whole hash, the
    /// ids of equal hashes compared. Ids that ascend are not looked at.
    func forEachRepeat(_ body: (_ first: Int, _ repeated: Int) -> Void) {
        guard !ids.ascend else { return }
        let ids = ids
        let keyed = RadixSort.keyed(count: ids.count) { UInt32(truncatingIfNeeded: ids.hash($0) >> 32) }
        func sameID(_ a: UInt32, _ b: UInt32) -> Bool {
            ids.withID(Int(a)) { a in ids.withID(Int(b)) { IDIndex.sameID(a, $0) } }
        }
        var run: [(hash: UInt64, number: UInt32)] = []
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end] >> 32 == keyed[start] >> 32 { end += 1 }
            defer { start = end }
            guard end - start > 1 else { continue }
            run.removeAll(keepingCapacity: true)
            for item in keyed[start..<end] {
                let number = UInt32(truncatingIfNeeded: item)
                run.append((ids.hash(Int(number)), number))
            }
            run.sort { $0.hash == $1.hash ? $0.number < $1.number : $0.hash < $1.hash }
            var first = 0
            while first < run.count {
                var equal = first + 1
                while equal < run.count, run[equal].hash == run[first].hash { equal += 1 }
                // Equal hashes, in the order the friends came: each is compared with those
                // before it.
                for later in (first + 1)..<equal {
                    let number = run[later].number
                    if let giver = (first..<later).first(where: { sameID(run[$0].number, number) }) {
                        body(Int(run[giver].number), Int(number))
                    }
                }
                first = equal
            }
        }
    }
}
